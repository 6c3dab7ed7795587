import { AutocompleteInput, BooleanInput, Create, Edit, ReferenceInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { personLabel, shiftLabel } from './labels';

function AssignmentFields() {
  return (
    <>
      <ReferenceInput source="shiftId" reference="shifts" sort={{ field: 'startsAt', order: 'ASC' }} perPage={50}>
        <AutocompleteInput
          label="Shift"
          optionText={shiftLabel}
          filterToQuery={(q) => ({ q })}
          validate={required()}
          helperText="Type a role to search."
          fullWidth
        />
      </ReferenceInput>
      <ReferenceInput source="volunteerId" reference="users" sort={{ field: 'lastName', order: 'ASC' }} perPage={50}>
        <AutocompleteInput
          label="Volunteer"
          optionText={personLabel}
          filterToQuery={(q) => ({ q })}
          validate={required()}
          helperText="Only volunteers with a confirmed place can be assigned."
          fullWidth
        />
      </ReferenceInput>
      <BooleanInput source="pinned" label="Pinned" helperText="The schedule builder never moves a pinned assignment." />
      <TextInput source="accommodations" multiline validate={maxLength(2000)} fullWidth />
      <TextInput source="startBackToBack" label="Back to back at start (comes from)" validate={maxLength(500)} fullWidth />
      <TextInput source="endBackToBack" label="Back to back at end (goes to)" validate={maxLength(500)} fullWidth />
    </>
  );
}

/** Overlaps, full shifts, duplicates and unconfirmed volunteers are refused (409) with the server's message. */
export function ShiftAssignmentCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ pinned: false }}>
        <AssignmentFields />
      </SimpleForm>
    </Create>
  );
}

export function ShiftAssignmentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <AssignmentFields />
      </SimpleForm>
    </Edit>
  );
}
