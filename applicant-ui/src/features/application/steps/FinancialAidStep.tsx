import { Grid, InputAdornment, TextField, Typography } from '@mui/material';
import { APPLICATION_LABELS, FINANCIAL_SITUATIONS, SHORT_TEXT_WORD_LIMIT, TRANSPORTS } from '@svp/domain';
import { useField, useFormikContext } from 'formik';
import { CheckboxInput, SelectInput, TextInput, useRequired } from '../../../components/form-fields';
import { MultiSelectField } from './searchable';
import type { WizardValues } from '../applicationForm';
import { WordCountedText } from '../WordCountedText';

/** Three letters, shown and stored in capitals. */
function AirportCodeInput() {
  const [field, meta, helpers] = useField<string>('airportCode');
  const showError = meta.touched && !!meta.error;
  const required = useRequired('airportCode');
  return (
    <TextField
      id="airportCode"
      name="airportCode"
      label={APPLICATION_LABELS.airportCode}
      value={field.value ?? ''}
      onChange={(event) => void helpers.setValue(event.target.value.toUpperCase().slice(0, 3))}
      onBlur={field.onBlur}
      required={required}
      error={showError}
      helperText={showError ? meta.error : 'The 3-letter code of the airport you would fly from, e.g. YYZ'}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters', spellCheck: false } }}
    />
  );
}

/** Tab 6: the financial aid opt-in and, when chosen, its questions. */
export function FinancialAidStep() {
  const { values } = useFormikContext<WizardValues>();
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Financial aid helps with travel costs. It is decided by a blind jury, and funds are released only after the conference. Applying for
        it does not affect your application as a Student Volunteer.
      </Typography>
      <CheckboxInput name="financialAid" label="I would like to apply for financial aid" />
      {values.financialAid && (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={12}>
            <WordCountedText
              name="financialAidSummary"
              label={APPLICATION_LABELS.financialAidSummary}
              limit={SHORT_TEXT_WORD_LIMIT}
              rows={4}
              helperText="In a few sentences, why you need financial aid to attend."
            />
          </Grid>
          <Grid size={12}>
            <MultiSelectField
              name="financialSituation"
              label="Which of these describe your situation? (optional)"
              choices={FINANCIAL_SITUATIONS}
            />
          </Grid>
          <Grid size={12}>
            <TextInput
              name="financialAidExpenses"
              label={APPLICATION_LABELS.financialAidExpenses}
              multiline
              minRows={4}
              helperText="List each expected cost in US dollars, e.g. flight 450, ground transport 60, accommodation 700, meals 200."
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput
              name="estimatedTravelCost"
              label={APPLICATION_LABELS.estimatedTravelCost}
              type="number"
              helperText="In US dollars"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput name="primaryTransport" label={APPLICATION_LABELS.primaryTransport} choices={TRANSPORTS} />
          </Grid>
          {values.primaryTransport === 'plane' && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <AirportCodeInput />
            </Grid>
          )}
          {values.primaryTransport === 'other' && (
            <Grid size={12}>
              <TextInput name="otherTransport" label="How will you travel?" />
            </Grid>
          )}
          <Grid size={12}>
            <CheckboxInput
              name="fundedTravel"
              label="Part or all of my travel is already funded by another source (for example my school or employer)"
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}
