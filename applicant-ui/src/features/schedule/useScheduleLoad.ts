import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { scheduleCache } from './scheduleCache';

export interface ScheduleLoad<T> {
  data: T | null;
  /** When `data` arrived from the server. */
  loadedAt: Date | null;
  /** True until the first answer (a cached answer counts). */
  loading: boolean;
  /** True while a reload runs with the earlier data still shown. */
  reloading: boolean;
  /** The server's reason when it says no (403: not released or not confirmed; 404: no such shift): shown as a page, not an alert. */
  refused: string | null;
  failed: boolean;
  reload: () => void;
}

interface State<T> {
  key: string | null;
  data: T | null;
  loadedAt: Date | null;
  refused: string | null;
  failed: boolean;
  pending: boolean;
}

const REFUSALS = [403, 404];

function startState<T>(key: string | null, cache: boolean): State<T> {
  const cached = key !== null && cache ? (scheduleCache.get<{ data: T; loadedAt: Date }>(key) ?? null) : null;
  return { key, data: cached?.data ?? null, loadedAt: cached?.loadedAt ?? null, refused: null, failed: false, pending: key !== null };
}

/**
 * Loads one schedule answer for `key` (null: nothing to load) and reloads on demand. With `cache`
 * the last answer is shown at once while a fresh one loads; any other failure goes to the danger alert.
 */
export function useScheduleLoad<T>(
  key: string | null,
  load: () => Promise<T>,
  { cache = true }: { cache?: boolean } = {},
): ScheduleLoad<T> {
  const { registerCache } = useSession();
  const { showError } = useAlerts();
  const [state, setState] = useState<State<T>>(() => startState<T>(key, cache));
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    registerCache(scheduleCache.clear);
  }, [registerCache]);

  const current = state.key === key ? state : startState<T>(key, cache);
  if (current !== state) setState(current);

  useEffect(() => {
    if (key === null) return;
    let active = true;
    setState((previous) => ({ ...(previous.key === key ? previous : startState<T>(key, cache)), failed: false, pending: true }));
    loadRef.current().then(
      (data) => {
        if (!active) return;
        const loadedAt = new Date();
        if (cache) scheduleCache.set(key, { data, loadedAt });
        setState({ key, data, loadedAt, refused: null, failed: false, pending: false });
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && REFUSALS.includes(error.status)) {
          scheduleCache.remove(key);
          setState({ key, data: null, loadedAt: null, refused: error.message, failed: false, pending: false });
          return;
        }
        setState((previous) => ({ ...previous, failed: true, pending: false }));
        showError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [key, attempt, cache, showError]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    data: current.data,
    loadedAt: current.loadedAt,
    loading: key !== null && current.data === null && current.refused === null && !current.failed,
    reloading: current.pending && current.data !== null,
    refused: current.refused,
    failed: current.failed,
    reload,
  };
}
