import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import type { JuryPreview } from './types';

/** Typing 1, 2 asks once for 12, not for 1 and then 12. */
const DEBOUNCE_MS = 250;

export interface JuryPreviewState {
  data: JuryPreview | undefined;
  /** The server's refusal of this number (e.g. over its limit). */
  error: string | null;
  isPending: boolean;
}

/** The preview for the number typed, refreshed as it changes (and when `round` moves, e.g. after an assignment). */
export function useJuryPreview(tlsPerApp: number | null, round: number): JuryPreviewState {
  const api = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<JuryPreviewState>({ data: undefined, error: null, isPending: true });

  useEffect(() => {
    if (tlsPerApp === null) {
      setState((s) => ({ ...s, error: null, isPending: false }));
      return;
    }
    let current = true;
    setState((s) => ({ ...s, isPending: true }));
    const timer = setTimeout(() => {
      api.juryPreview(tlsPerApp).then(
        ({ data }) => current && setState({ data, error: null, isPending: false }),
        (error: Error) => current && setState((s) => ({ ...s, error: error.message, isPending: false })),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, tlsPerApp, round]);

  return state;
}
