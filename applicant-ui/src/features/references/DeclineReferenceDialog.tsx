import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { REFERENCE_DECLINE_REASON_MAX_LENGTH, REFERENCE_MESSAGES } from '@svp/domain';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { errorText } from '../../state/AlertsContext';

export const DECLINE_ACTION = 'Decline to give a reference';
export const DECLINE_CONFIRM = 'Decline reference';

/**
 * Asks the referee to confirm a decline, with an optional reason the organisers read (the applicant
 * only sees that the reference was declined). A refusal of the link itself (401/410) goes to the
 * page, which shows it in full; anything else stays in the dialog.
 */
export function DeclineReferenceDialog({
  open,
  token,
  applicantName,
  contactEmail,
  onClose,
  onDeclined,
  onRefused,
}: {
  open: boolean;
  token: string;
  applicantName: string;
  contactEmail: string;
  onClose: () => void;
  onDeclined: () => void;
  onRefused: (error: ApiError) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const tooLong = reason.length > REFERENCE_DECLINE_REASON_MAX_LENGTH;

  const decline = async () => {
    setFailure(null);
    if (tooLong) {
      setProblem(REFERENCE_MESSAGES.declineReasonTooLong);
      document.getElementById('decline-reason')?.focus();
      return;
    }
    setSending(true);
    try {
      await endpoints.declineReference(token, reason);
      onDeclined();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 410)) onRefused(error);
      else if (error instanceof ApiError && error.errors.reason) setProblem(error.errors.reason);
      else setFailure(errorText(error, contactEmail));
    } finally {
      setSending(false);
    }
  };

  const helper = problem ?? `Optional. ${reason.length} of ${REFERENCE_DECLINE_REASON_MAX_LENGTH} characters.`;
  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="decline-title"
      aria-describedby="decline-text"
    >
      <DialogTitle id="decline-title">{DECLINE_ACTION}</DialogTitle>
      <DialogContent>
        <DialogContentText id="decline-text" sx={{ mb: 2 }}>
          If you cannot give a reference for {applicantName}, tell us here and we will not ask you again. The applicant sees that you
          declined, never your reason.
        </DialogContentText>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <TextField
          id="decline-reason"
          label="Reason for the organisers"
          multiline
          minRows={3}
          fullWidth
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          error={!!problem || tooLong}
          helperText={helper}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void decline()} disabled={sending}>
          {DECLINE_CONFIRM}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
