import {
  type ApplicationYears,
  ErrorCode,
  type FieldError,
  type ProofOfEnrollment,
  applicationClosed,
  gates,
  unableToCompleteRequest,
} from '@svp/domain';
import type { FormikProps } from 'formik';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, FETCH_FAILED, tokenStore } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LEAVE_CODES, isApiError } from './apiErrors';
import { dropDraft, keepDraft, openingValues } from './applicationDraft';
import {
  LAST_STEP,
  type ProblemItem,
  type WizardValues,
  draftAnswers,
  fieldOfServerError,
  formatSaveTime,
  sameValues,
  saveBody,
  serverProblemItems,
  wizardValues,
  withHeldBack,
  withRecordedYears,
} from './applicationForm';
import { SaveQueue } from './saveQueue';
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRY_MS,
  FIELD_LEFT_SAVE_DELAY_MS,
  type SaveEffect,
  type SaveEvent,
  type SaveKind,
  hasLeft,
  initialSaveState,
  isConflict,
  mayStartDraft,
  transition,
} from './saveMachine';
import { useLeaveForDashboard } from './useWizardApplication';

/** The server's 'So close!' lists, for the answers it was given. */
export interface ServerProblems {
  missing: ProblemItem[];
  overLimit: ProblemItem[];
  answers: string;
}

/** Which answers a 'So close!' list was made for (the proof counts: it is kept apart from the form). */
export const answersKey = (values: WizardValues, proof: ProofOfEnrollment | null) => JSON.stringify([values, proof?.name ?? null]);

export { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MS, FIELD_LEFT_SAVE_DELAY_MS };

/** What the status line under the questions says about the saving of drafts. */
export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  /** Saved, except these answers: they fail their format checks. */
  | { state: 'held'; problems: FieldError[] }
  | { state: 'failed'; message: string };

type Outcome = 'saved' | 'held' | 'stale' | 'left' | 'failed' | 'skipped';

interface StaleSave {
  current: ApplicationRecord;
  kind: SaveKind;
}

/**
 * Saving the application from its form, for the wizard and the per-step pages alike. Drafts are saved
 * as the applicant types (answers failing their checks are held back and shown); moves and the
 * submission save with their step. Saves run one at a time, each based on the version the last one
 * answered, so a newer version saved elsewhere opens the two-window dialog instead of being
 * overwritten. The session follows the server's answer; a closed application sends the user to the
 * dashboard; answers not saved yet are also kept in the tab's storage until they are.
 *
 * What to save when is decided by the state machine of `saveMachine.ts`; this hook feeds it the
 * form's changes, the timer and the server's answers, and carries out the effects it returns.
 */
export function useApplicationSave({
  record,
  profile,
  years,
  recordedYears,
  formik,
  onKeptMine,
}: {
  record: ApplicationRecord;
  profile: ProfileUser;
  years: ApplicationYears;
  /** The years of the portal's records to tick on the SIGGRAPH Experience tab (recordedVolunteerYears); none while unknown. */
  recordedYears: readonly number[];
  formik: RefObject<FormikProps<WizardValues> | null>;
  /** After 'Keep my answers' saved a move or a submission: carry on to `step` (or leave, once completed). */
  onKeptMine: (saved: ApplicationRecord, step: number) => void;
}) {
  const session = useSession();
  const { showError, showMessage } = useAlerts();
  const { settings, serverNow } = useSettings();
  const leaveForDashboard = useLeaveForDashboard();
  const [opening] = useState(() => openingValues(profile.id, record));
  // The version the next save is based on: the draft's when one was restored, so that a newer one is noticed.
  const basedOn = useRef(opening.basedOn);
  // The answers as the server holds them: what 'unsaved' is measured against.
  const [saved, setSaved] = useState(() => wizardValues(record));
  const savedRef = useRef(saved);
  const [proof, setProof] = useState<ProofOfEnrollment | null>(record.data.proofOfEnrollment ?? null);
  const [lastSave, setLastSave] = useState<Date | null>(null);
  // A move or a submission under way: the 'Saving Progress...' overlay.
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  // The save's state (saveMachine.ts); the resources its effects use: the timer, the queue, the draft waiting in it.
  const machine = useRef(initialSaveState);
  const [queue] = useState(() => new SaveQueue());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queuedDraft = useRef<Promise<Outcome> | null>(null);

  const now = () => gates(settings.timeline, new Date(serverNow()));
  // Closed by the clock, or by the deadline job (it stays closed when the deadline is later moved).
  const isClosed = () => applicationClosed(record, now());

  const markSaved = (values: WizardValues) => {
    savedRef.current = values;
    setSaved(values);
  };
  const recorded = useRef(recordedYears);
  recorded.current = recordedYears;

  // The portal's records are ticked as if stored: they are the record, not an unsaved change, so they
  // neither start a save nor hold back a navigation; the next save sends them with the other answers.
  useEffect(() => {
    const form = formik.current;
    if (!recordedYears.length || !form) return;
    markSaved(withRecordedYears(savedRef.current, recordedYears));
    const values = withRecordedYears(form.values, recordedYears);
    if (values !== form.values) void form.setValues(values, false);
  }, [formik, recordedYears]);
  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  /** Moves the machine on and carries out its effects, except `sendSave`: the caller, which awaits the answer, sends. */
  const dispatch = (event: SaveEvent): SaveEffect[] => {
    const { state, effects } = transition(machine.current, event);
    machine.current = state;
    for (const effect of effects) {
      if (effect.type === 'clearTimer') clearTimer();
      else if (effect.type === 'startTimer') {
        clearTimer();
        timer.current = setTimeout(() => {
          timer.current = null;
          dispatch({ type: 'debounceElapsed' });
        }, effect.delay);
      } else if (effect.type === 'queueDraft') {
        const job = queue.run(() => {
          queuedDraft.current = null;
          return latest.current.draftNow();
        });
        queuedDraft.current = job;
      }
    }
    return effects;
  };
  const sends = (effects: SaveEffect[]) => effects.some((effect) => effect.type === 'sendSave');
  const leave = (reason?: ApiError) => {
    dispatch({ type: 'left' });
    leaveForDashboard(reason);
  };
  /** The tab's copy follows the form: kept while something is unsaved, dropped once all is saved. */
  const keepOrDropDraft = (values: WizardValues) => {
    if (sameValues(values, savedRef.current)) dropDraft(profile.id);
    else keepDraft(profile.id, record.id, basedOn.current, values);
  };
  const failureText = (error: unknown) =>
    error instanceof Error
      ? error.message === FETCH_FAILED
        ? unableToCompleteRequest(settings.contactEmail)
        : error.message
      : 'Something went wrong.';

  /** Sends the form's answers as `kind` asks, based on `base`; every answer is handled here, the caller reads the outcome. */
  const send = async (kind: SaveKind, base = basedOn.current): Promise<{ outcome: Outcome; saved?: ApplicationRecord }> => {
    const form = formik.current;
    if (!form) return { outcome: 'skipped' };
    const values = form.values;
    const draft = kind.kind === 'draft' ? draftAnswers(values, savedRef.current, years) : null;
    const heldBack = draft?.heldBack ?? [];
    const completed = kind.kind === 'submit';
    const step = kind.kind === 'move' ? kind.step : completed ? LAST_STEP : undefined;
    try {
      const answer = await endpoints.saveApplication(saveBody({ svid: profile.svid, values, step, completed, basedOn: base, heldBack }));
      session.setApplication(answer);
      basedOn.current = answer.updated_at;
      setProof(answer.data.proofOfEnrollment ?? null);
      setLastSave(new Date());
      // The server may switch the TL flag off (its deadline passed meanwhile); the form follows.
      const flags = { teamLeader: answer.team_leader, financialAid: answer.financial_aid };
      markSaved({ ...withHeldBack(values, savedRef.current, heldBack), ...flags });
      const after = formik.current;
      if (after) {
        // Text typed while the save was under way is kept (and stays unsaved); a draft keeps the messages shown.
        if (kind.kind !== 'draft' && sameValues(after.values, values)) after.resetForm({ values: { ...values, ...flags } });
        else if (after.values.teamLeader !== flags.teamLeader || after.values.financialAid !== flags.financialAid) {
          void after.setValues({ ...after.values, ...flags }, false);
        }
        keepOrDropDraft({ ...after.values, ...flags });
      }
      if (answer.notices?.length) showMessage(answer.notices.join(' '));
      const held = draft?.problems.length ? draft.problems : null;
      setStatus(held ? { state: 'held', problems: held } : { state: 'idle' });
      dispatch({ type: 'saveSucceeded', unsaved: !!after && !sameValues(after.values, savedRef.current) });
      return { outcome: held ? 'held' : 'saved', saved: answer };
    } catch (error) {
      if (isApiError(error, 409, ErrorCode.Stale) && error.data.current) {
        dispatch({ type: 'conflictFound', theirs: error.data.current });
        setStale({ current: error.data.current as ApplicationRecord, kind });
        setStatus({ state: 'idle' });
        return { outcome: 'stale' };
      }
      if (error instanceof ApiError && error.status === 409 && LEAVE_CODES.includes(error.code)) {
        leave(error);
        return { outcome: 'left' };
      }
      if (completed && isApiError(error, 400, ErrorCode.Incomplete)) {
        setServerProblems({
          missing: serverProblemItems(error.data.missing),
          overLimit: serverProblemItems(error.data.over_limit),
          answers: answersKey(values, proof),
        });
        showError(error);
        dispatch({ type: 'saveFailed', retry: false });
        return { outcome: 'failed' };
      }
      console.error('The application could not be saved', error);
      const fieldErrors = error instanceof ApiError && Object.keys(error.errors).length ? error.errors : null;
      if (kind.kind !== 'draft') {
        if (fieldErrors) showFieldErrors(form, fieldErrors);
        showError(error);
        dispatch({ type: 'saveFailed', retry: false });
        return { outcome: 'failed' };
      }
      setStatus({ state: 'failed', message: failureText(error) });
      if (fieldErrors) showFieldErrors(form, fieldErrors);
      // A dropped connection or a server hiccup passes (the draft is tried again); the same refusal would not.
      if (!(error instanceof ApiError) || error.status === 0) dispatch({ type: 'wentOffline' });
      else dispatch({ type: 'saveFailed', retry: error.status >= 500 });
      return { outcome: 'failed' };
    }
  };

  /** A draft save of what the form holds now, unless nothing new can be saved (then only the status is brought up to date). */
  const draftNow = async (): Promise<Outcome> => {
    const form = formik.current;
    if (!form || !mayStartDraft(machine.current) || isClosed()) return (dispatch({ type: 'draftTurn', changed: false }), 'skipped');
    const { heldBack, problems } = draftAnswers(form.values, savedRef.current, years);
    if (problems.length) await showHeldBack(form, problems);
    const changed = !sameValues(withHeldBack(form.values, savedRef.current, heldBack), savedRef.current);
    if (!sends(dispatch({ type: 'draftTurn', changed }))) {
      if (!mayStartDraft(machine.current)) return 'skipped';
      setStatus(problems.length ? { state: 'held', problems } : { state: 'idle' });
      return problems.length ? 'held' : 'saved';
    }
    setStatus({ state: 'saving' });
    return (await send({ kind: 'draft' })).outcome;
  };

  /** The implementation of this render, for timers and listeners set up in an earlier one. */
  const latest = useRef({ draftNow, send, isClosed });
  latest.current = { draftNow, send, isClosed };

  /** Queues a draft save (one waiting draft serves every request made before it starts). */
  const saveDraft = (): Promise<Outcome> => {
    dispatch({ type: 'draftRequested' });
    return queuedDraft.current ?? Promise.resolve<Outcome>('skipped');
  };

  useEffect(() => {
    // Back online: a draft the dropped connection failed is sent now rather than at its retry.
    const online = () => void dispatch({ type: 'backOnline' });
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimer();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dispatch reads only refs
  }, []);

  /** The answers of the form's tabs that fail their checks get their message shown, as on leaving the field. */
  async function showHeldBack(form: FormikProps<WizardValues>, problems: FieldError[]) {
    const errors = await form.validateForm();
    const shown = problems.filter((problem) => problem.field in errors);
    if (shown.length)
      void form.setTouched({ ...form.touched, ...Object.fromEntries(shown.map((problem) => [problem.field, true])) }, false);
  }
  function showFieldErrors(form: FormikProps<WizardValues>, errors: Record<string, string>) {
    const byField = Object.fromEntries(Object.entries(errors).map(([key, message]) => [fieldOfServerError(key), message]));
    form.setErrors({ ...form.errors, ...byField });
    void form.setTouched({ ...form.touched, ...Object.fromEntries(Object.keys(byField).map((field) => [field, true])) }, false);
  }

  /** A move or a submission: after the saves queued before it, with the overlay shown. */
  const saveExplicitly = async (kind: SaveKind, base?: string) => {
    dispatch({ type: 'submitRequested', kind });
    setSaving(true);
    const result = await queue.run(() => {
      dispatch({ type: 'explicitTurn', kind });
      return latest.current.send(kind, base ?? basedOn.current);
    });
    setSaving(false);
    return result;
  };

  /** The answers on the page pass their format checks, then are saved with `step`; false when the user stays (what is valid is saved all
   * the same). */
  const saveWithStep = async (step: number): Promise<boolean> => {
    const form = formik.current!;
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      void form.setTouched({ ...form.touched, ...Object.fromEntries(Object.keys(errors).map((field) => [field, true])) }, false);
      void saveDraft();
      return false;
    }
    return (await saveExplicitly({ kind: 'move', step })).outcome === 'saved';
  };

  /** Saves the answers as completed; true once the server took the submission. */
  const submit = async (): Promise<boolean> => {
    setServerProblems(null);
    return (await saveExplicitly({ kind: 'submit' })).outcome === 'saved';
  };

  const loadLatest = () => {
    if (!stale) return;
    const { current } = stale;
    dispatch({ type: 'keepTheirs' });
    setStale(null);
    if (current.completed) return leave();
    session.setApplication(current);
    basedOn.current = current.updated_at;
    setProof(current.data.proofOfEnrollment ?? null);
    const latestValues = withRecordedYears(wizardValues(current), recorded.current);
    markSaved(latestValues);
    formik.current?.resetForm({ values: latestValues });
    dropDraft(profile.id);
    setStatus({ state: 'idle' });
  };

  const keepMine = async () => {
    if (!stale) return;
    const { current, kind } = stale;
    dispatch({ type: 'keepMine', basedOn: current.updated_at });
    setStale(null);
    if (kind.kind === 'draft') {
      await queue.run(() => latest.current.send(kind, current.updated_at));
      return;
    }
    const { outcome, saved: answer } = await saveExplicitly(kind, current.updated_at);
    if (outcome === 'saved' && answer) onKeptMine(answer, kind.kind === 'move' ? kind.step : LAST_STEP);
  };

  // Stable entry points for the autosave's effects and listeners: what they call reads only refs and
  // values fixed for the form's life (the user, the application), so the first render's closures serve.
  const autosave = useMemo(
    () => ({
      /** The form changed: keep the tab's copy and save once typing pauses (or forget both when all is saved again). */
      valuesChanged: (values: WizardValues) => {
        if (hasLeft(machine.current)) return;
        keepOrDropDraft(values);
        const unsaved = !sameValues(values, savedRef.current);
        dispatch({ type: 'edited', unsaved });
        if (!unsaved) {
          // The same status when nothing changes: a new object would draw the whole form again (on every
          // opening, where the form's first values are the saved ones).
          setStatus((status) => (status.state === 'saving' || status.state === 'idle' ? status : { state: 'idle' }));
        }
      },
      /** A field was left: a pending save goes sooner. */
      fieldLeft: () => void dispatch({ type: 'fieldLeft' }),
      saveDraft,
      /** Saves whatever is unsaved now, after the saves under way; the outcome says whether all went through. */
      flush: async (): Promise<Outcome> => {
        dispatch({ type: 'leaveRequested' });
        await queue.settled();
        if (hasLeft(machine.current)) return 'left';
        if (isConflict(machine.current)) return 'stale';
        const form = formik.current;
        if (!form || sameValues(form.values, savedRef.current)) return 'saved';
        return saveDraft();
      },
      /** Leaving now would lose answers that could still be saved: signed in, application open, something unsaved. */
      needsWarning: () => {
        const form = formik.current;
        if (!form || hasLeft(machine.current) || latest.current.isClosed() || !tokenStore.get()) return false;
        return !sameValues(form.values, savedRef.current);
      },
      /** 'Leave without saving': the tab's copy goes too. */
      discardDraft: () => dropDraft(profile.id),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- built once, see above
    [],
  );

  return {
    /** The form's first values: the stored answers, or the unsaved ones this tab kept. */
    initialValues: opening.values,
    /** Unsaved answers kept by this tab were put back in the form. */
    restored: opening.restored,
    savedValues: saved,
    proof,
    setProof,
    lastSave,
    saving,
    status,
    serverProblems,
    isClosed,
    afterTeamLeaderDeadline: now().afterTeamLeaderDeadline,
    leave,
    saveWithStep,
    submit,
    autosave,
    /** Props of the StaleVersionDialog. */
    staleDialog: {
      open: !!stale,
      savedAt: stale ? formatSaveTime(new Date(stale.current.updated_at)) : '',
      onLoadLatest: loadLatest,
      onKeepMine: () => void keepMine(),
    },
  };
}

export type ApplicationSave = ReturnType<typeof useApplicationSave>;
