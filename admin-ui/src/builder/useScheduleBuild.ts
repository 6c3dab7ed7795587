import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import type { ScheduleBuild } from './types';

/** How often a running build is asked for its progress. */
export const POLL_MS = 500;

export interface BuildState {
  /** The build asked for, once read (null before, or with no build chosen). */
  build: ScheduleBuild | null;
  error: Error | null;
  /** Shows an answer already in hand (a build just started, applied or undone). */
  show: (build: ScheduleBuild) => void;
  reload: () => void;
}

/** One build, read again every POLL_MS while it runs, until it is a preview or has failed. */
export function useScheduleBuild(id: number | null): BuildState {
  const api = useDataProvider<AdminDataProvider>();
  const [build, setBuild] = useState<ScheduleBuild | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (id === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const { data } = await api.scheduleBuild(id);
        if (stopped) return;
        setBuild(data);
        setError(null);
        if (data.status === 'running') timer = setTimeout(() => void read(), POLL_MS);
      } catch (failure) {
        if (!stopped) setError(failure as Error);
      }
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, id, round]);

  const show = useCallback((answer: ScheduleBuild) => setBuild(answer), []);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // A build read for another id is not shown while the chosen one loads.
  return { build: build && build.id === id ? build : null, error: id === null ? null : error, show, reload };
}
