import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { endpoints } from '../../api/endpoints';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';

/** The confirm modal before declining a place; Decline sends it and shows the server's answer. */
export function DeclineDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile, setApplication } = useSession();
  const { showError, showMessage, clearAll } = useAlerts();
  const [declining, setDeclining] = useState(false);

  const decline = async () => {
    if (!profile) return;
    setDeclining(true);
    clearAll();
    try {
      const result = await endpoints.decline(profile.svid);
      setApplication(result.application);
      showMessage(result.message);
    } catch (error) {
      showError(error);
    } finally {
      setDeclining(false);
      onClose();
      window.scrollTo(0, 0);
    }
  };

  return (
    <Dialog open={open} onClose={declining ? undefined : onClose} aria-labelledby="decline-title" aria-describedby="decline-text">
      <DialogTitle id="decline-title">Decline Acceptance</DialogTitle>
      <DialogContent>
        <DialogContentText id="decline-text">Are you sure you want to decline your position as a Student Volunteer?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={() => void decline()} disabled={declining}>
          Decline
        </Button>
        <Button onClick={onClose} disabled={declining} autoFocus>
          I'm not sure
        </Button>
      </DialogActions>
    </Dialog>
  );
}
