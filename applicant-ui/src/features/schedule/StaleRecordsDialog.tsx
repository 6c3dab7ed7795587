import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * Another team leader saved records of this shift after this page loaded them. Nothing is
 * overwritten silently: the team leader either reloads the records (dropping the edits on this
 * page, as the dialog says) or saves their own over the newer ones.
 */
export function StaleRecordsDialog({ open, onReload, onSaveMine }: { open: boolean; onReload: () => void; onSaveMine: () => void }) {
  return (
    <Dialog open={open} aria-labelledby="stale-records-title" aria-describedby="stale-records-text">
      <DialogTitle id="stale-records-title">These records changed since you opened the shift</DialogTitle>
      <DialogContent>
        <DialogContentText id="stale-records-text">
          Another team leader saved check-ins, ratings or notes for this shift after you opened it. Reload the records to see what they
          saved (the changes you made on this page will be lost), or save yours over theirs.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onReload}>Reload the records</Button>
        <Button variant="contained" onClick={onSaveMine}>
          Save mine over theirs
        </Button>
      </DialogActions>
    </Dialog>
  );
}
