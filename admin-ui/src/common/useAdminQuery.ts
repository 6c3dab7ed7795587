import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

export interface AdminQuery<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  /** When the data shown was fetched. */
  loadedAt: Date | null;
  refetch: () => void;
}

/**
 * One of the panel's own calls (statistics, settings, audit actions, files) through the data
 * provider, so a 401 signs out as it does for the resources.
 */
export function useAdminQuery<T>(load: (api: AdminDataProvider) => Promise<{ data: T }>, key: string): AdminQuery<T> {
  const api = useDataProvider<AdminDataProvider>();
  const loadRef = useRef(load);
  loadRef.current = load;
  const [state, setState] = useState<Omit<AdminQuery<T>, 'refetch'>>({ data: undefined, error: null, isPending: true, loadedAt: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, isPending: true }));
    loadRef.current(api).then(
      ({ data }) => current && setState({ data, error: null, isPending: false, loadedAt: new Date() }),
      (error: Error) => current && setState((s) => ({ ...s, error, isPending: false })),
    );
    return () => {
      current = false;
    };
  }, [api, key, round]);

  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, refetch };
}
