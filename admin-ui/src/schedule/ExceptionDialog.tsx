import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { EXCEPTION_REASON_MAX } from '@svp/domain';
import { useEffect, useId, useState } from 'react';
import { reasonProblem } from './exceptions';

export interface ExceptionRequest {
  /** Who would be assigned, and to what: "Fay Volunteer to Install at Art Gallery, Fri Aug 7th 09:00–13:00". */
  what: string;
  /** The rule's words, as the server refused them. */
  why: string;
}

/**
 * Asks an administrator for the reason of an exception to the schedule rules, then makes it with
 * `onConfirm(reason)`; a refusal of that call (the schedule changed meanwhile) is shown in the dialog.
 */
export function ExceptionDialog({
  request,
  onConfirm,
  onClose,
}: {
  request: ExceptionRequest | null;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    setReason('');
    setTouched(false);
    setFailed(null);
  }, [request]);
  const problem = reasonProblem(reason);
  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setFailed(null);
    try {
      await onConfirm(reason.trim());
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The exception could not be made.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={request !== null} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Assign despite the rule?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>Assigning {request?.what}.</DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {request?.why}
        </Alert>
        <DialogContentText sx={{ mb: 2 }}>
          An exception is kept with the assignment, shown to organisers and the team leader, written to the audit log and kept by every
          later build. A shift&apos;s places and two shifts at once are never set aside.
        </DialogContentText>
        <TextField
          label="Reason for the exception"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={
            (touched && problem) || `For example: agreed by email to come a day early. At most ${EXCEPTION_REASON_MAX} characters.`
          }
          multiline
          minRows={2}
          required
          fullWidth
          autoFocus
        />
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={saving}>
          {saving ? 'Assigning...' : 'Assign as an exception'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
