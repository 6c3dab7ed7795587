import { type ProofOfEnrollment, applicationClosed, gates } from '@svp/domain';
import type { FormikProps } from 'formik';
import { type RefObject, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LEAVE_CODES, isApiError } from './apiErrors';
import { LAST_STEP, type ProblemItem, type WizardValues, formatSaveTime, saveBody, serverProblemItems, wizardValues } from './applicationForm';
import { useLeaveForDashboard } from './useWizardApplication';

/** The server's 'So close!' lists, for the answers it was given. */
export interface ServerProblems {
  missing: ProblemItem[];
  overLimit: ProblemItem[];
  answers: string;
}

/** Which answers a 'So close!' list was made for (the proof counts: it is kept apart from the form). */
export const answersKey = (values: WizardValues, proof: ProofOfEnrollment | null) => JSON.stringify([values, proof?.name ?? null]);

interface StaleSave {
  current: ApplicationRecord;
  step: number;
  completed: boolean;
}

/**
 * Saving the application from its form, for the wizard and the per-step pages alike: each save is
 * based on the version the form holds (a newer one saved elsewhere opens the stale-version dialog),
 * the session follows the server's answer, and a closed application sends the user to the dashboard.
 */
export function useApplicationSave({
  record,
  profile,
  formik,
  onKeptMine,
}: {
  record: ApplicationRecord;
  profile: ProfileUser;
  formik: RefObject<FormikProps<WizardValues> | null>;
  /** After 'Keep my answers' saved them: carry on to `step` (or leave, once completed). */
  onKeptMine: (saved: ApplicationRecord, step: number) => void;
}) {
  const session = useSession();
  const { showError, showMessage } = useAlerts();
  const { settings, serverNow } = useSettings();
  const leave = useLeaveForDashboard();
  const [basedOn, setBasedOn] = useState(record.updated_at);
  const [proof, setProof] = useState<ProofOfEnrollment | null>(record.data.proofOfEnrollment ?? null);
  const [lastSave, setLastSave] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);

  const now = () => gates(settings.timeline, new Date(serverNow()));
  // Closed by the clock, or by the deadline job (it stays closed when the deadline is later moved).
  const isClosed = () => applicationClosed(record, now());

  /** Saves and keeps the session in step with the answer; null when it did not go through (already handled). */
  const persist = async (values: WizardValues, step: number, completed: boolean, base: string): Promise<ApplicationRecord | null> => {
    try {
      const saved = await endpoints.saveApplication(saveBody({ svid: profile.svid, values, step, completed, basedOn: base }));
      session.setApplication(saved);
      setBasedOn(saved.updated_at);
      setProof(saved.data.proofOfEnrollment ?? null);
      setLastSave(new Date());
      const form = formik.current;
      if (form) {
        // The server may switch the TL flag off (its deadline passed meanwhile); the form follows. Text
        // typed while the save was under way is kept (and stays unsaved, hence not reset).
        const flags = { teamLeader: saved.team_leader, financialAid: saved.financial_aid };
        if (JSON.stringify(form.values) === JSON.stringify(values)) form.resetForm({ values: { ...values, ...flags } });
        else void form.setValues({ ...form.values, ...flags }, false);
      }
      if (saved.notices?.length) showMessage(saved.notices.join(' '));
      return saved;
    } catch (error) {
      if (isApiError(error, 409, 'STALE') && error.data.current) {
        setStale({ current: error.data.current as ApplicationRecord, step, completed });
      } else if (error instanceof ApiError && error.status === 409 && LEAVE_CODES.includes(error.code)) {
        leave(error);
      } else if (completed && isApiError(error, 400, 'INCOMPLETE')) {
        setServerProblems({
          missing: serverProblemItems(error.data.missing),
          overLimit: serverProblemItems(error.data.over_limit),
          answers: answersKey(values, proof),
        });
        showError(error);
      } else {
        console.error('The application could not be saved', error);
        showError(error);
      }
      return null;
    }
  };

  /** The answers on the page pass their format checks, then are saved with `step`; false when the user stays. */
  const saveWithStep = async (step: number): Promise<boolean> => {
    const form = formik.current!;
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      void form.setTouched(Object.fromEntries(Object.keys(errors).map((field) => [field, true])), false);
      return false;
    }
    setSaving(true);
    const saved = await persist(form.values, step, false, basedOn);
    setSaving(false);
    return !!saved;
  };

  /** Saves the answers as completed; true once the server took the submission. */
  const submit = async (values: WizardValues): Promise<boolean> => {
    setServerProblems(null);
    const saved = await persist(values, LAST_STEP, true, basedOn);
    return !!saved?.completed;
  };

  const loadLatest = () => {
    if (!stale) return;
    const { current } = stale;
    setStale(null);
    if (current.completed) return leave();
    session.setApplication(current);
    setBasedOn(current.updated_at);
    setProof(current.data.proofOfEnrollment ?? null);
    formik.current?.resetForm({ values: wizardValues(current) });
  };

  const keepMine = async () => {
    if (!stale) return;
    const { current, step, completed } = stale;
    setStale(null);
    setSaving(true);
    const saved = await persist(formik.current!.values, step, completed, current.updated_at);
    setSaving(false);
    if (saved) onKeptMine(saved, step);
  };

  return {
    proof,
    setProof,
    lastSave,
    saving,
    serverProblems,
    isClosed,
    afterTeamLeaderDeadline: now().afterTeamLeaderDeadline,
    leave,
    saveWithStep,
    submit,
    /** Props of the StaleVersionDialog. */
    staleDialog: {
      open: !!stale,
      savedAt: stale ? formatSaveTime(new Date(stale.current.updated_at)) : '',
      onLoadLatest: loadLatest,
      onKeepMine: () => void keepMine(),
    },
  };
}
