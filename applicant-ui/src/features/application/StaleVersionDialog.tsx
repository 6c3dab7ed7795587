import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * Another window saved the application after this one loaded it. Nothing is dropped silently: the
 * user either loads the newer version (losing this window's unsaved changes, as the dialog says) or
 * saves this window's answers over it.
 */
export function StaleVersionDialog({
  open,
  savedAt,
  onLoadLatest,
  onKeepMine,
}: {
  open: boolean;
  /** 'HH:mm:ss' of the newer version. */
  savedAt: string;
  onLoadLatest: () => void;
  onKeepMine: () => void;
}) {
  return (
    <Dialog open={open} aria-labelledby="stale-title" aria-describedby="stale-text">
      <DialogTitle id="stale-title">Your application changed in another window</DialogTitle>
      <DialogContent>
        <DialogContentText id="stale-text">
          Your application was saved from another window or device at {savedAt}, after you opened it here. Load that version to continue
          from it (the changes you made here since your last save will be replaced), or keep the answers on this page and save them over it.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* Overwriting the newer version must be a deliberate choice: Enter or a quick click loads it instead. */}
        <Button onClick={onKeepMine}>Keep my answers</Button>
        <Button variant="contained" autoFocus onClick={onLoadLatest}>
          Load the latest version
        </Button>
      </DialogActions>
    </Dialog>
  );
}
