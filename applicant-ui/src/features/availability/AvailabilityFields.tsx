import AddIcon from '@mui/icons-material/Add';
import { Box, Button, FormHelperText, Paper, Stack, Typography } from '@mui/material';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useRef } from 'react';
import { RadioInput, TextInput } from '../../components/form-fields';
import { useSettings } from '../../state/SettingsContext';
import {
  AVAILABILITY_LABELS as LABELS,
  type AvailabilityValues,
  HOURS_CHOICES,
  type UnavailableRow,
  availabilityDays,
  newUnavailableRow,
} from './availabilityForm';

/** The path of a field under `name` (the form's own values when `name` is empty). */
const availabilityPath = (name: string, field: string): string => (name ? `${name}.${field}` : field);

const numberFieldSx = { maxWidth: { sm: 360 } };

/**
 * The availability answers (days or hours the volunteer cannot work, a daily maximum, a rest
 * between shifts) inside a Formik form whose values hold them at `name`: the confirmation form's
 * step 2 and the availability page use the same fields.
 */
export function AvailabilityFields({ name = '' }: { name?: string }) {
  const { settings } = useSettings();
  const { values, errors } = useFormikContext<unknown>();
  const path = (field: string) => availabilityPath(name, field);
  const answers = (name ? getIn(values, name) : values) as AvailabilityValues;
  const days = availabilityDays(settings.conference);
  const listError = getIn(errors, path('unavailable'));
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <Stack spacing={3}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 500, mb: 0.5, p: 0 }}>
          {LABELS.unavailable}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Times are the conference&apos;s local time (Pacific). Leave this empty if you can work on any conference day.
        </Typography>
        {typeof listError === 'string' && (
          <FormHelperText error sx={{ mb: 1 }}>
            {listError}
          </FormHelperText>
        )}
        <FieldArray name={path('unavailable')}>
          {({ push, remove }) => (
            <Stack spacing={1.5}>
              {answers.unavailable.map((row, index) => (
                <UnavailableTimeFields
                  // Rows have no id of their own; their place in the list is what the server's errors name too.
                  key={index}
                  path={path(`unavailable.${index}`)}
                  number={index + 1}
                  row={row}
                  days={days}
                  rowError={getIn(errors, path(`unavailable.${index}`))}
                  onRemove={() => {
                    remove(index);
                    requestAnimationFrame(() => addButton.current?.focus());
                  }}
                />
              ))}
              <Box>
                <Button ref={addButton} variant="outlined" startIcon={<AddIcon />} onClick={() => push(newUnavailableRow())}>
                  Add a day or hours
                </Button>
              </Box>
            </Stack>
          )}
        </FieldArray>
      </Box>
      <TextInput
        name={path('maxHoursPerDay')}
        label={LABELS.maxHoursPerDay}
        inputMode="numeric"
        helperText="Optional. Leave it empty for no limit."
        sx={numberFieldSx}
      />
      <TextInput
        name={path('minRestMinutes')}
        label={LABELS.minRestMinutes}
        inputMode="numeric"
        helperText={
          'Optional, e.g. 60: the least time you need between the end of one shift and the start of the next. ' +
          'Leave it empty if you need none.'
        }
        sx={numberFieldSx}
      />
    </Stack>
  );
}

function UnavailableTimeFields({
  path,
  number,
  row,
  days,
  rowError,
  onRemove,
}: {
  path: string;
  number: number;
  row: UnavailableRow;
  days: { value: string; label: string }[];
  rowError: unknown;
  onRemove: () => void;
}) {
  const legend = `Time you cannot work ${number}`;
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 1.5, sm: 2 }, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 500 }}>
        {legend}
      </Typography>
      <Stack spacing={1.5}>
        <TextInput
          name={`${path}.day`}
          label={LABELS.day}
          select
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: { sm: 360 } }}
        >
          <option value="">Choose a day</option>
          {days.map((day) => (
            <option key={day.value} value={day.value}>
              {day.label}
            </option>
          ))}
        </TextInput>
        <RadioInput name={`${path}.hours`} label={LABELS.hours} choices={HOURS_CHOICES} />
        {row.hours === 'someHours' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: { sm: 480 } }}>
            <TextInput
              name={`${path}.from`}
              label={LABELS.from}
              type="time"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
            />
            <TextInput
              name={`${path}.to`}
              label={LABELS.to}
              type="time"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
            />
          </Stack>
        )}
        {typeof rowError === 'string' && <FormHelperText error>{rowError}</FormHelperText>}
        <Box>
          <Button color="error" onClick={onRemove} aria-label={`Remove time ${number}`}>
            Remove
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
