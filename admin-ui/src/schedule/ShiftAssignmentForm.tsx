import { useState } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  ReferenceInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useDataProvider,
  useNotify,
  useRedirect,
} from 'react-admin';
import { ExceptionDialog } from './ExceptionDialog';
import { exceptableRefusal } from './exceptions';
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

type Refused = { why: string; send: (reason: string) => Promise<unknown> };

/**
 * A save refused for a schedule rule an administrator may set aside opens the exception dialog, which
 * sends the same save again with the reason; every other refusal is shown as react-admin shows it.
 */
function useExceptionOnRefusal() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [refused, setRefused] = useState<Refused | null>(null);
  const onError = (send: (reason: string) => Promise<unknown>) => (error: unknown) => {
    const refusal = exceptableRefusal(error);
    if (refusal) setRefused({ why: refusal.message, send });
    else notify(error instanceof Error ? error.message : 'The assignment was refused.', { type: 'error' });
  };
  const dialog = (
    <ExceptionDialog
      request={refused && { what: 'this volunteer to this shift', why: refused.why }}
      onConfirm={async (reason) => {
        await refused!.send(reason);
        setRefused(null);
        notify('Assigned as an exception to the schedule rules.', { type: 'success' });
        redirect('list', 'shift-assignments');
      }}
      onClose={() => setRefused(null)}
    />
  );
  return { onError, dialog };
}

/**
 * Overlaps, full shifts, duplicates and unconfirmed volunteers are refused (409) with the server's
 * message; a broken rule that may be set aside asks for the reason of an exception.
 */
export function ShiftAssignmentCreate() {
  const api = useDataProvider();
  const { onError, dialog } = useExceptionOnRefusal();
  return (
    <>
      <Create
        redirect="list"
        mutationOptions={{
          onError: (error, variables) =>
            onError((reason) =>
              api.create('shift-assignments', { data: { ...(variables as { data: object }).data, exceptionReason: reason } }),
            )(error),
        }}
      >
        <SimpleForm defaultValues={{ pinned: false }}>
          <AssignmentFields />
        </SimpleForm>
      </Create>
      {dialog}
    </>
  );
}

export function ShiftAssignmentEdit() {
  const api = useDataProvider();
  const { onError, dialog } = useExceptionOnRefusal();
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        mutationOptions={{
          onError: (error, variables) => {
            const { id, data, previousData } = variables as { id: number; data: object; previousData: object };
            onError((reason) => api.update('shift-assignments', { id, data: { ...data, exceptionReason: reason }, previousData }))(error);
          },
        }}
      >
        <SimpleForm>
          <AssignmentFields />
        </SimpleForm>
      </Edit>
      {dialog}
    </>
  );
}
