import { Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  maxValue,
  number,
  required,
} from 'react-admin';
import { useEditionSettings } from '../common/useEditionSettings';
import { REQUIREMENT_CHOICES } from './labels';
import { ShiftCandidates } from './ShiftCandidates';
import { fromControl, shiftTimesErrors, toControl } from './shiftTimesValidation';

// The browser's date-time control always shows its own placeholder, so the label must sit above it.
const SHRUNK_LABEL = { inputLabel: { shrink: true } };

function ShiftFields() {
  const city = useEditionSettings()?.conference.city;
  return (
    <>
      <ReferenceInput source="venueId" reference="venues" sort={{ field: 'name', order: 'ASC' }} perPage={200}>
        <SelectInput label="Venue" optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
      <Typography variant="body2" color="text.secondary">
        Times are Pacific local time{city ? ` (${city})` : ''}, whatever this computer's time zone.
      </Typography>
      <TextInput
        source="startTime"
        label="Start (Pacific time)"
        type="datetime-local"
        format={toControl}
        parse={fromControl}
        slotProps={SHRUNK_LABEL}
        fullWidth
      />
      <TextInput
        source="endTime"
        label="End (Pacific time)"
        type="datetime-local"
        format={toControl}
        parse={fromControl}
        slotProps={SHRUNK_LABEL}
        fullWidth
      />
      <TextInput source="role" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="reportTo" label="Report to" validate={maxLength(200)} fullWidth />
      <TextInput source="description" multiline minRows={2} validate={maxLength(5000)} fullWidth />
      <TextInput source="special" label="Special note" multiline validate={maxLength(2000)} fullWidth />
      <NumberInput source="svSlots" label="SV slots" validate={[required(), number(), minValue(0), maxValue(500)]} step={1} />
      <BooleanInput source="swappable" helperText="Volunteers may offer this shift for a swap." />
      <SelectInput
        source="requires"
        label="Requires"
        choices={REQUIREMENT_CHOICES}
        validate={required()}
        helperText="Who may take it: an experienced volunteer has volunteered before; team leaders count as experienced."
      />
    </>
  );
}

const validate = (values: Record<string, unknown>) => shiftTimesErrors(values as { startTime?: string; endTime?: string });

export function ShiftCreate() {
  return (
    <Create redirect="list">
      <SimpleForm validate={validate} defaultValues={{ swappable: true, svSlots: 1, requires: 'none' }}>
        <ShiftFields />
      </SimpleForm>
    </Create>
  );
}

/** Below the form, who can fill its free places. Lowering the slots below the volunteers assigned, or moving times onto a volunteer's other
 * shift, is refused with the server's message. */
export function ShiftEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm validate={validate}>
        <ShiftFields />
      </SimpleForm>
      <ShiftCandidates />
    </Edit>
  );
}
