import { ErrorCode, gates } from '@svp/domain';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LEAVE_CODES, LOAD_APPLICATION_FAILED, isApiError } from './apiErrors';
import { applicationData, wizardValues } from './applicationForm';

/** Sends the user to the dashboard, with the server's reason to read there when there is one. */
export function useLeaveForDashboard() {
  const navigate = useNavigate();
  const { showError } = useAlerts();
  const { refresh } = useSettings();
  const farewell = useRef<string | null>(null);
  useEffect(
    () => () => {
      const message = farewell.current;
      // The route guard clears alerts in the effects of the commit that unmounts this page; a microtask runs after them.
      if (message) queueMicrotask(() => showError(message));
    },
    [showError],
  );
  return useCallback(
    (reason?: ApiError) => {
      farewell.current = reason?.message ?? null;
      // The deadline moved since the settings were loaded: the next page should know it too.
      if (reason?.code === ErrorCode.DeadlinePassed) void refresh();
      navigate('/dashboard', { replace: true });
    },
    [navigate, refresh],
  );
}

export type WizardLoad =
  { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'leaving' } | { state: 'ready'; record: ApplicationRecord };

/**
 * The application the wizard and the per-step pages open: the session's copy,
 * or loaded ('Getting your application...'); none yet (404) is saved at once as a new application on
 * step 0; a completed one, or none after the deadline, sends the user to the dashboard. The record is
 * taken once: later saves update the session, not the form.
 */
export function useWizardApplication(): WizardLoad {
  const { profile, application, setApplication } = useSession();
  const { settings, serverNow } = useSettings();
  const { showError } = useAlerts();
  const leave = useLeaveForDashboard();
  const [opened, setOpened] = useState<ApplicationRecord | null>(() => (application && application !== 'none' ? application : null));
  const [state, setState] = useState<'loading' | 'failed' | 'leaving'>('loading');
  const [attempt, setAttempt] = useState(0);
  // One load per attempt, also under StrictMode's doubled effects (a second create would be refused as stale).
  const started = useRef(-1);

  useEffect(() => {
    if (opened || !profile || started.current === attempt) return;
    started.current = attempt;
    const create = async (): Promise<ApplicationRecord | null> => {
      if (gates(settings.timeline, new Date(serverNow())).afterApplicationDeadline) {
        setState('leaving');
        leave();
        return null;
      }
      try {
        return await endpoints.saveApplication({
          sv_id: profile.svid,
          data: applicationData(wizardValues(null), 0),
          completed: false,
          team_leader: false,
          financial_aid: false,
        });
      } catch (error) {
        // Another window created it first: its answer carries the application.
        if (isApiError(error, 409, ErrorCode.Stale) && error.data.current) return error.data.current as ApplicationRecord;
        if (error instanceof ApiError && LEAVE_CODES.includes(error.code)) {
          setState('leaving');
          leave(error);
        } else showError(error);
        return null;
      }
    };
    const load = async () => {
      let record: ApplicationRecord | null = null;
      if (application === 'none') record = await create();
      else {
        try {
          record = await endpoints.application(profile.id);
        } catch (error) {
          if (isApiError(error, 404)) record = await create();
          else showError(LOAD_APPLICATION_FAILED);
        }
      }
      if (record) {
        const opening = record;
        // The form is drawn as a transition: in slices, so a slow phone is not blocked while it appears.
        startTransition(() => {
          setApplication(opening);
          setOpened(opening);
        });
      } else setState((current) => (current === 'loading' ? 'failed' : current));
    };
    void load();
  }, [opened, profile, attempt, application, settings.timeline, serverNow, leave, showError, setApplication]);

  useEffect(() => {
    if (opened?.completed) leave();
  }, [opened, leave]);

  const retry = useCallback(() => {
    setState('loading');
    setAttempt((n) => n + 1);
  }, []);

  if (opened) return opened.completed ? { state: 'leaving' } : { state: 'ready', record: opened };
  if (state === 'failed') return { state: 'failed', retry };
  return { state: state === 'leaving' ? 'leaving' : 'loading' };
}
