import CancelIcon from '@mui/icons-material/Cancel';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Alert, Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { ErasureRequestView } from '@svp/domain';
import { useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  Create,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  required,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { formatUtc } from '../common/utcDates';

export const ERASURE_STATES: Readonly<Record<ErasureRequestView['state'], { label: string; color: 'warning' | 'success' | 'default' }>> = {
  requested: { label: 'Waiting for a second administrator', color: 'warning' },
  confirmed: { label: 'Erased', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

/** What each count of an erasure is, in words. */
export const ERASURE_COUNT_LABELS: Readonly<Record<string, string>> = {
  applications: 'Applications (answers that identify nobody kept)',
  proofs: 'Proofs of enrollment (files deleted)',
  references: "References (referees' names and statements removed; states and ratings kept)",
  shiftAssignments: 'Shift places (kept; notes about the person removed)',
  performanceRecords: "Check-in records (times and ratings kept; team leaders' notes removed)",
  availability: 'Availability',
  calendarLinks: 'Calendar links',
  dataExports: 'Archives of their data',
  emails: 'Emails in the ledger (kept without address or name)',
  messages: 'Messages naming them',
  auditEntries: 'Audit log entries about them',
  builds: 'Schedule builds naming them',
};

export const ERASURE_HELP =
  "Erasing a person removes or replaces by a placeholder their profile, their applications' answers, their files and what was " +
  'written about them, in every edition; their account can no longer sign in and they are told by email. Counts, hours and ' +
  'totals stay as they were. A second administrator must confirm it; it cannot be undone.';

const StateField = () => {
  const record = useRecordContext<ErasureRequestView>();
  if (!record) return null;
  const state = ERASURE_STATES[record.state];
  return <Chip size="small" label={state.label} color={state.color} />;
};

const FILTERS = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={Object.entries(ERASURE_STATES).map(([id, { label }]) => ({ id, name: label }))}
  />,
];

export function ErasureList() {
  return (
    <List filters={FILTERS} sort={{ field: 'id', order: 'DESC' }} title="Erasures">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="id" label="#" />
        <TextField source="person.name" label="Person" sortable={false} />
        <TextField source="person.svid" label="SV ID" sortable={false} />
        <FunctionField label="State" source="state" render={() => <StateField />} />
        <TextField source="requestedBy.name" label="Asked by" sortable={false} />
        <DateField source="requestedAt" label="Asked" showTime />
        <TextField source="decidedBy.name" label="Decided by" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** Confirm (another administrator than the one who asked) or cancel a waiting erasure. */
export function ErasureDecision() {
  const record = useRecordContext<ErasureRequestView>();
  const api = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'confirm' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.state !== 'requested') return null;

  const decide = async (decision: 'confirm' | 'cancel') => {
    setAsking(null);
    setBusy(true);
    try {
      await api.create(`erasures/${record.id}/${decision}`, { data: {} });
      notify(decision === 'confirm' ? `${record.person.name} has been erased and told by email.` : 'The erasure was cancelled.', {
        type: 'success',
      });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {!record.canConfirm && (
        <Alert severity="info">
          You asked for this erasure: another administrator must confirm it. Two people decide an erasure, which cannot be undone.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {record.canConfirm && (
          <Button variant="contained" color="error" startIcon={<DeleteForeverIcon />} disabled={busy} onClick={() => setAsking('confirm')}>
            Confirm the erasure
          </Button>
        )}
        <Button variant="outlined" startIcon={<CancelIcon />} disabled={busy} onClick={() => setAsking('cancel')}>
          Cancel the request
        </Button>
      </Box>
      <Confirm
        isOpen={asking === 'confirm'}
        title={`Erase ${record.person.name} (${record.person.svid})?`}
        content={`${ERASURE_HELP} Asked by ${record.requestedBy.name}: “${record.reason}”`}
        confirm="Erase"
        confirmColor="warning"
        onConfirm={() => void decide('confirm')}
        onClose={() => setAsking(null)}
      />
      <Confirm
        isOpen={asking === 'cancel'}
        title="Cancel this erasure request?"
        content="Nothing of the person has changed; the request is kept as cancelled."
        confirm="Cancel the request"
        onConfirm={() => void decide('cancel')}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}

function ErasureDetails() {
  const record = useRecordContext<ErasureRequestView>();
  if (!record) return null;
  const counts = Object.entries(record.counts);
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography component="h2" variant="h6">
          {record.person.name} · {record.person.svid} <StateField />
        </Typography>
        <Typography variant="body2">{record.person.email}</Typography>
        <Typography variant="body2">
          Asked by {record.requestedBy.name} on {formatUtc(record.requestedAt)}: “{record.reason}”
        </Typography>
        {record.decidedBy && (
          <Typography variant="body2">
            {record.state === 'confirmed' ? 'Confirmed' : 'Cancelled'} by {record.decidedBy.name} on {formatUtc(record.decidedAt)}
          </Typography>
        )}
        <Typography variant="subtitle1" component="h3">
          {record.state === 'confirmed' ? 'What the erasure changed' : 'What the erasure would change'}
        </Typography>
        <Table size="small" aria-label="What the erasure changes">
          <TableBody>
            {counts.map(([key, count]) => (
              <TableRow key={key}>
                <TableCell>{ERASURE_COUNT_LABELS[key] ?? key}</TableCell>
                <TableCell align="right">{count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ErasureDecision />
      </CardContent>
    </Card>
  );
}

export function ErasureShow() {
  return (
    <Show title="Erasure" actions={false}>
      <ErasureDetails />
    </Show>
  );
}

/** The first administrator asks; nothing changes until a second one confirms. */
export const ERASURE_ASKED = 'Erasure asked for: nothing changes until a second administrator confirms it.';

export function ErasureCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (data: ErasureRequestView) => {
    notify(ERASURE_ASKED, { type: 'success' });
    redirect('show', 'erasures', data.id);
  };
  return (
    <Create title="Erase a person" mutationOptions={{ onSuccess }}>
      <SimpleForm>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {ERASURE_HELP}
        </Alert>
        <ReferenceInput source="userId" reference="users">
          <AutocompleteInput
            label="Person"
            optionText={(u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName} (${u.email})`}
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
          />
        </ReferenceInput>
        <TextInput
          source="reason"
          label="Why"
          multiline
          fullWidth
          validate={[required(), maxLength(1000)]}
          helperText='Kept with the erasure, e.g. "asked by email on 3 May"; their name and address are taken out of it.'
        />
      </SimpleForm>
    </Create>
  );
}
