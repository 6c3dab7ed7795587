import { Box, FormControl, FormGroup, FormLabel, Typography } from '@mui/material';
import { APPLICATION_LABELS, experienceLocks } from '@svp/domain';
import { useFormikContext } from 'formik';
import { CheckboxInput, useRequired } from '../../../components/form-fields';
import { MultiSelectField } from './searchable';
import { type WizardValues, answersOf } from '../applicationForm';

/**
 * Tab 3: conference experience. 'First conference' and the four other boxes exclude each other
 * (domain experienceLocks); each volunteered box asks for its years, those before this edition's.
 * The years of the portal's records (`recordedYears`, ticked by the form) stay ticked: they are the
 * record; the applicant adds the years from before the portal.
 */
export function ExperienceStep({
  volunteerYears,
  recordedYears = [],
}: {
  volunteerYears: readonly number[];
  recordedYears?: readonly number[];
}) {
  const { values } = useFormikContext<WizardValues>();
  const yearChoices = volunteerYears.map((year) => ({ value: year, label: String(year) }));
  const recorded = recordedYears.length > 0;
  const { firstConferenceDisabled, othersDisabled } = experienceLocks(answersOf(values));
  // 'SIGGRAPH Experience' is required as a whole: at least one box.
  const oneBoxRequired = useRequired('siggraphExperience');
  return (
    <FormControl component="fieldset" required={oneBoxRequired} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        Tick every box that applies to you.
      </FormLabel>
      <FormGroup>
        <CheckboxInput name="haveAttended" label={APPLICATION_LABELS.haveAttended} disabled={othersDisabled} />
        <CheckboxInput name="haveAttendedAsia" label={APPLICATION_LABELS.haveAttendedAsia} disabled={othersDisabled} />
        <CheckboxInput name="haveVolunteered" label={APPLICATION_LABELS.haveVolunteered} disabled={othersDisabled || recorded} />
        {values.haveVolunteered && (
          <Box sx={{ pl: { xs: 0, sm: 4 }, my: 1 }}>
            <MultiSelectField
              name="yearsVolunteered"
              label={APPLICATION_LABELS.yearsVolunteered}
              choices={yearChoices}
              disabled={othersDisabled}
              fixedValues={recordedYears}
              helperText={
                recorded
                  ? `From the portal's records: ${recordedYears.join(', ')}. Add any other year you volunteered in North America.`
                  : 'Choose every year you volunteered in North America.'
              }
            />
          </Box>
        )}
        <CheckboxInput name="haveVolunteeredAsia" label={APPLICATION_LABELS.haveVolunteeredAsia} disabled={othersDisabled} />
        {values.haveVolunteeredAsia && (
          <Box sx={{ pl: { xs: 0, sm: 4 }, my: 1 }}>
            <MultiSelectField
              name="yearsVolunteeredAsia"
              label={APPLICATION_LABELS.yearsVolunteeredAsia}
              choices={yearChoices}
              disabled={othersDisabled}
              helperText="Choose every year you volunteered at SIGGRAPH Asia."
            />
          </Box>
        )}
        <CheckboxInput name="haveNotAttended" label={APPLICATION_LABELS.haveNotAttended} disabled={firstConferenceDisabled} />
      </FormGroup>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {firstConferenceDisabled
          ? 'Untick the boxes above to say this is your first conference.'
          : othersDisabled
            ? 'Untick “first conference” to tell us about conferences you attended or volunteered at.'
            : 'If you have never attended a SIGGRAPH conference, tick the last box.'}
      </Typography>
    </FormControl>
  );
}
