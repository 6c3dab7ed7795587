import { Alert, Backdrop, Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ProofOfEnrollment, canApplyAsTeamLeader } from '@svp/domain';
import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { LAST_STEP, type WizardValues, answersOf, formatSaveTime, isComplete, problemItems } from './applicationForm';
import { LoadingText } from './LoadingText';
import { SoCloseList } from './SoCloseList';
import { type ServerProblems, answersKey } from './useApplicationSave';
import type { WizardLoad } from './useWizardApplication';

// The pieces the wizard and the per-step pages both show around the questions.

export const SAVING_PROGRESS = 'Saving Progress...';
export const GETTING_APPLICATION = 'Getting your application...';
export const APPLICATION_TITLE = 'Student Volunteer Application';

/** 'Getting your application...', or a way to try again when it could not be opened; null once ready. */
export function ApplicationLoadState({ load }: { load: Exclude<WizardLoad, { state: 'ready' | 'leaving' }> }) {
  if (load.state === 'loading') return <LoadingText text={GETTING_APPLICATION} />;
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {APPLICATION_TITLE}
      </Typography>
      <Typography sx={{ mb: 2 }}>Your application could not be opened right now.</Typography>
      <Button variant="contained" onClick={load.retry}>
        Try again
      </Button>
    </Box>
  );
}

export function ClosedNotice() {
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      Applications have closed. Your application can no longer be changed.
    </Alert>
  );
}

/** The 'Saving Progress...' overlay. */
export function SavingBackdrop({ open }: { open: boolean }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
      <CircularProgress color="inherit" aria-hidden />
      <Typography role="status">{SAVING_PROGRESS}</Typography>
    </Backdrop>
  );
}

/** 'Last Save: {time}' once something was saved from this page. */
export function LastSaveText({ lastSave }: { lastSave: Date | null }) {
  if (!lastSave) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'right' }} aria-live="polite">
      Last Save: {formatSaveTime(lastSave)}
    </Typography>
  );
}

/** Disabled until nothing required is missing and no text is over its limit. */
export function SubmitApplicationButton({ proof, saving }: { proof: ProofOfEnrollment | null; saving: boolean }) {
  const { values, isSubmitting } = useFormikContext<WizardValues>();
  return (
    <Button type="submit" variant="contained" disabled={!isComplete(values, proof) || isSubmitting || saving}>
      {isSubmitting ? 'Saving...' : 'Submit Application'}
    </Button>
  );
}

/** The 'So close!' list from the domain rules, or the server's when it refused these very answers. */
export function SubmissionProblems({
  proof,
  serverProblems,
  labels,
  onGoTo,
}: {
  proof: ProofOfEnrollment | null;
  serverProblems: ServerProblems | null;
  /** The links' words, by tab (the wizard's tab names unless given). */
  labels?: readonly string[];
  onGoTo: (step: number) => void;
}) {
  const { values } = useFormikContext<WizardValues>();
  const fromServer =
    serverProblems && (serverProblems.missing.length || serverProblems.overLimit.length) && serverProblems.answers === answersKey(values, proof);
  const shown = fromServer ? serverProblems : problemItems(values, proof);
  return <SoCloseList missing={shown.missing} overLimit={shown.overLimit} currentStep={LAST_STEP} labels={labels} onGoTo={onGoTo} />;
}

/** The TL opt-in is switched off for first-timers and after the TL deadline (domain canApplyAsTeamLeader). */
export function TeamLeaderGate({ afterTeamLeaderDeadline }: { afterTeamLeaderDeadline: boolean }) {
  const { values, setFieldValue } = useFormikContext<WizardValues>();
  const allowed = canApplyAsTeamLeader(answersOf(values), afterTeamLeaderDeadline);
  useEffect(() => {
    if (values.teamLeader && !allowed) void setFieldValue('teamLeader', false, false);
  }, [values.teamLeader, allowed, setFieldValue]);
  return null;
}

/** Answers typed since the last save are not lost to a closed tab without a warning. */
export function UnsavedChangesGuard() {
  const { dirty } = useFormikContext<WizardValues>();
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
