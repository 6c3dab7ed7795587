import { Alert, Backdrop, Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ProofOfEnrollment, canApplyAsTeamLeader } from '@svp/domain';
import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { LAST_STEP, type WizardValues, answersOf, formatSaveTime, isComplete, problemItems } from './applicationForm';
import { LoadingText } from './LoadingText';
import { SoCloseList } from './SoCloseList';
import { type SaveStatus, type ServerProblems, answersKey } from './useApplicationSave';
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

/**
 * How the saving goes: 'Saving...' while a draft is saved, what could not be saved and why, and
 * 'Last Save: {time}' of the last save that went through (drafts included). One polite live region,
 * there from the start, so each change is read out.
 */
export function SaveStatusLine({ status, lastSave }: { status: SaveStatus; lastSave: Date | null }) {
  return (
    <Box role="status" sx={{ mt: 2, textAlign: 'right' }}>
      {status.state === 'saving' && <Typography variant="body2">Saving...</Typography>}
      {status.state === 'held' && (
        <Typography variant="body2" color="error">
          Not saved: {status.problems.map((problem) => problem.message).join('; ')}
        </Typography>
      )}
      {status.state === 'failed' && (
        <Typography variant="body2" color="error">
          Not saved: {status.message}
        </Typography>
      )}
      {lastSave && (
        <Typography variant="body2" color="text.secondary">
          Last Save: {formatSaveTime(lastSave)}
        </Typography>
      )}
    </Box>
  );
}

/** Said once when the form opens with answers this tab kept because they had not been saved. */
export function RestoredNotice() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Alert severity="info" role="status" onClose={() => setOpen(false)} sx={{ mb: 2 }}>
      Answers you typed earlier in this browser tab had not been saved. They are back in the form and will be saved.
    </Alert>
  );
}

/**
 * A returning applicant's new application started from last year's (docs/decisions.md, 'Editions'):
 * what was filled in, for them to check. It stays until they close it.
 */
export function CarriedOverNotice({ from }: { from: { key: string; name: string } | null | undefined }) {
  const [open, setOpen] = useState(true);
  if (!from || !open) return null;
  return (
    <Alert severity="info" role="note" onClose={() => setOpen(false)} sx={{ mb: 2 }}>
      Your school, expected graduation, references and SIGGRAPH experience are filled in from your {from.name} application. Check that each
      is still right before you submit: your references are asked again this year.
    </Alert>
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
    serverProblems &&
    (serverProblems.missing.length || serverProblems.overLimit.length) &&
    serverProblems.answers === answersKey(values, proof);
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
