import GavelIcon from '@mui/icons-material/Gavel';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import type { AssignJuryResult, JuryPreview } from './types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Seconds since `running` became true, for the progress line. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

export interface AssignJuryDialogProps {
  open: boolean;
  onClose: () => void;
  preview: JuryPreview;
  /** Assignments that exist now (undefined while unknown). */
  currentAssignments: number | undefined;
  onAssigned: (result: AssignJuryResult) => void;
}

/**
 * The confirmation before an assignment: what it replaces, the scores it keeps, and an explicit,
 * red 'reset' that deletes every score. While it runs the dialog shows progress and cannot be
 * closed (the server does it in one transaction).
 */
export function AssignJuryDialog({ open, onClose, preview, currentAssignments, onAssigned }: AssignJuryDialogProps) {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const resetHelpId = useId();
  const [reset, setReset] = useState(false);
  const [running, setRunning] = useState(false);
  const elapsed = useElapsedSeconds(running);

  // Every opening starts from the safe choice.
  useEffect(() => {
    if (open) setReset(false);
  }, [open]);

  const assign = async () => {
    setRunning(true);
    try {
      const { data } = await api.assignJury({ TLsPerApp: preview.TLsPerApp, reset });
      // The page shows the result (data.message) where it stays; only failures go to a notification.
      onAssigned(data);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The assignment failed.', { type: 'error', autoHideDuration: 10_000 });
    } finally {
      setRunning(false);
      onClose();
    }
  };

  const replaced =
    currentAssignments === undefined
      ? 'The current assignments are replaced by new ones.'
      : currentAssignments === 0
        ? 'There are no assignments yet.'
        : `The ${plural(currentAssignments, 'current assignment')} ${currentAssignments === 1 ? 'is' : 'are'} replaced by new ones: ` +
          `team leaders will see different applications.`;
  const kept =
    preview.scores === 0
      ? 'No scores have been given yet.'
      : `The ${plural(preview.scores, 'score')} already given ${preview.scores === 1 ? 'is' : 'are'} kept, with the assignments ` +
        `they belong to.`;

  return (
    <Dialog open={open} onClose={running ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={isSmall}>
      <DialogTitle id={titleId}>Confirm jury assignment</DialogTitle>
      <DialogContent>
        {running ? (
          <Box role="status" aria-live="polite" sx={{ py: 1 }}>
            <Typography gutterBottom>
              Assigning {plural(preview.applications, 'application')} to {plural(preview.teamLeaders, 'team leader')}…
            </Typography>
            <LinearProgress aria-label="Assignment progress" sx={{ height: 8, borderRadius: 1 }} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {elapsed} s elapsed. Keep this page open until it finishes; it cannot be stopped once started.
            </Typography>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>
              Each of the {plural(preview.applications, 'application')} goes to {preview.TLsPerApp} different team leaders out of{' '}
              {preview.teamLeaders}. {preview.message} With many applications this can take a while.
            </DialogContentText>
            <Alert severity="warning" variant="outlined">
              <AlertTitle>What will be replaced</AlertTitle>
              {replaced} {!reset && kept}
            </Alert>
            <Box sx={{ border: 1, borderColor: 'error.main', borderRadius: 1, px: 2, py: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    color="error"
                    checked={reset}
                    onChange={(e) => setReset(e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': resetHelpId } }}
                  />
                }
                label={<Typography sx={{ fontWeight: 600, color: 'error.main' }}>Reset: delete all scores</Typography>}
              />
              <FormHelperText id={resetHelpId} sx={{ mt: 0 }}>
                Removes every assignment and every score team leaders have given, so the jury starts again from nothing.
              </FormHelperText>
            </Box>
            {reset && (
              <Alert severity="error" icon={<WarningAmberIcon />}>
                {preview.scores === 0
                  ? 'All assignments will be deleted (no scores have been given yet).'
                  : `All ${plural(preview.scores, 'score')} will be permanently deleted. This cannot be undone.`}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      {!running && (
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" color={reset ? 'error' : 'primary'} startIcon={isSmall ? undefined : <GavelIcon />} onClick={assign}>
            {reset ? 'Delete scores and assign' : 'Assign'}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
