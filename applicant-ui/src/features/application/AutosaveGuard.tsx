import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useFormikContext } from 'formik';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router-dom';
import { type WizardValues, sameValues } from './applicationForm';
import type { ApplicationSave, SaveStatus } from './useApplicationSave';

/**
 * Inside the application form: saves the answers as they are typed (after a pause, sooner on leaving a
 * field or the browser tab), and keeps them from being lost on the way out. A link or Back inside the
 * portal first saves what is unsaved and goes on once that worked; otherwise it asks. A reload or a
 * closed tab gets the browser's own question.
 */
export function AutosaveGuard({ save, staysOnForm }: { save: ApplicationSave; staysOnForm: (pathname: string) => boolean }) {
  const { values } = useFormikContext<WizardValues>();
  const { autosave } = save;
  const unsaved = !sameValues(values, save.savedValues) && !save.isClosed();

  useEffect(() => autosave.valuesChanged(values), [autosave, values]);

  useEffect(() => {
    const hidden = () => {
      // A phone may end a tab in the background without asking.
      if (document.visibilityState === 'hidden' && autosave.needsWarning()) void autosave.saveDraft();
    };
    document.addEventListener('focusout', autosave.fieldLeft);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('focusout', autosave.fieldLeft);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [autosave]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && !staysOnForm(nextLocation.pathname) && autosave.needsWarning(),
    [autosave, staysOnForm],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void autosave.flush().then((outcome) => {
      if (!current) return;
      // Left for the dashboard (deadline): that navigation replaces this one.
      if (outcome === 'left') return;
      // Another window saved meanwhile: the two-window dialog asks first.
      if (outcome === 'stale') return blockerRef.current.reset?.();
      if (!autosave.needsWarning()) return blockerRef.current.proceed?.();
      setAsking(true);
    });
    return () => {
      current = false;
    };
  }, [autosave, blocker.state]);

  return (
    <UnsavedChangesDialog
      open={asking && blocker.state === 'blocked'}
      status={save.status}
      onStay={() => {
        setAsking(false);
        blocker.reset?.();
      }}
      onLeave={() => {
        setAsking(false);
        autosave.discardDraft();
        blocker.proceed?.();
      }}
    />
  );
}

/** Why some answers could not be saved before leaving, with the choice to stay or to leave them. */
export function UnsavedChangesDialog({
  open,
  status,
  onStay,
  onLeave,
}: {
  open: boolean;
  status: SaveStatus;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="unsaved-title" aria-describedby="unsaved-text">
      <DialogTitle id="unsaved-title">You have unsaved changes</DialogTitle>
      <DialogContent id="unsaved-text">
        {status.state === 'held' ? (
          <>
            <DialogContentText>These answers cannot be saved until they are corrected:</DialogContentText>
            <ul>
              {status.problems.map((problem) => (
                <li key={problem.field}>
                  <DialogContentText component="span">{problem.message}</DialogContentText>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <DialogContentText>
            Your latest changes could not be saved{status.state === 'failed' ? `: ${status.message}` : '.'}
          </DialogContentText>
        )}
        <DialogContentText sx={{ mt: 1 }}>Stay on this page to keep them, or leave without saving them.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onLeave}>Leave without saving</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Stay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
