import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton';
import type { AdminDataProvider } from '../dataProvider';
import type { RefereeCorrection, ReferenceRow } from './types';

/** States from which a new request may be sent; an answer (received or declined) is never asked for again. */
const RESENDABLE = new Set(['requested', 'not-reachable', 'withdrawn']);

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

const refereeName = (reference: ReferenceRow) => `${reference.firstName} ${reference.lastName}`.trim() || reference.email;

type Field = keyof Required<RefereeCorrection>;
const FIELDS: { source: Field; label: string; type?: string; autoComplete: string }[] = [
  { source: 'firstName', label: 'First name', autoComplete: 'off' },
  { source: 'lastName', label: 'Last name', autoComplete: 'off' },
  { source: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
];

// The same loose check the API makes: something@something.something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkCorrection(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'Enter the referee’s first name';
  if (!values.lastName.trim()) errors.lastName = 'Enter the referee’s last name';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Enter an email address such as name@university.edu';
  return errors;
}

/** The API's field errors (`errors` keyed by field), when it gave some for these fields. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  const errors = error instanceof HttpError ? (error.body?.errors ?? error.body?.data?.errors) : undefined;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      ([key, value]) => FIELDS.some((f) => f.source === key) && typeof value === 'string',
    ),
  ) as Partial<Record<Field, string>>;
}

/** 'Edit referee': corrects the name or email; a new email gets a new link, sent only with 'Send again'. */
function EditRefereeButton({ reference }: { reference: ReferenceRow }) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const initial = { firstName: reference.firstName ?? '', lastName: reference.lastName ?? '', email: reference.email ?? '' };
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const start = () => {
    setValues(initial);
    setErrors({});
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() };
    const problems = checkCorrection(trimmed);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      // The data provider sends only what changed.
      await api.update('references', { id: reference.id, data: trimmed, previousData: reference });
      const emailChanged = trimmed.email.toLowerCase() !== (reference.email ?? '').toLowerCase();
      notify(emailChanged ? 'Referee updated. Choose Send again to send the request to the new email.' : 'Referee updated.', {
        type: 'success',
      });
      setOpen(false);
      refresh();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify(errorMessage(error, 'The referee could not be updated.'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={start} aria-haspopup="dialog">
        Edit referee
      </Button>
      <Dialog open={open} onClose={pending ? undefined : () => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <Box component="form" onSubmit={(event: FormEvent) => void submit(event)} noValidate>
          <DialogTitle id={titleId}>Edit referee</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>
              A changed email gets a new link and the old one stops working. The request goes out only when you choose Send again.
            </DialogContentText>
            {FIELDS.map(({ source, label, type, autoComplete }) => (
              <TextField
                key={source}
                label={label}
                type={type}
                value={values[source]}
                onChange={(event) => setValues({ ...values, [source]: event.target.value })}
                error={Boolean(errors[source])}
                helperText={errors[source]}
                autoComplete={autoComplete}
                required
                fullWidth
              />
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? 'Saving...' : 'Save referee'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

/** What an administrator can do with one reference: correct the referee, ask again, or withdraw the request. */
export function ReferenceActions({ reference }: { reference: ReferenceRow }) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const name = refereeName(reference);

  // The dialog closes either way; the refreshed reference shows what the server did.
  const run = (call: () => Promise<unknown>, success: string, failure: string) => async () => {
    try {
      await call();
      notify(success, { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, failure), { type: 'error' });
    } finally {
      refresh();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <EditRefereeButton reference={reference} />
      {RESENDABLE.has(reference.state) && (
        <ConfirmButton
          label="Send again"
          title="Send the reference request again?"
          text={`${name} gets a new email at ${reference.email} with a new link; the link of the earlier email stops working.`}
          confirmLabel="Send the request"
          pendingLabel="Sending..."
          variant="outlined"
          startIcon={<SendIcon />}
          run={run(
            () => api.resendReference(reference.id),
            `Reference request sent again to ${reference.email}.`,
            'The request could not be sent.',
          )}
        />
      )}
      {reference.state !== 'withdrawn' && (
        <ConfirmButton
          label="Withdraw"
          title="Withdraw the reference request?"
          text={`${name}'s link stops working: they can no longer answer. You can send the request again later.`}
          confirmLabel="Withdraw the request"
          pendingLabel="Withdrawing..."
          color="error"
          variant="outlined"
          startIcon={<UndoIcon />}
          run={run(
            () => api.withdrawReference(reference.id),
            `The reference request to ${name} is withdrawn.`,
            'The request could not be withdrawn.',
          )}
        />
      )}
    </Box>
  );
}
