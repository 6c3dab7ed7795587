import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One choice kept in the address's query (e.g. `?day=2025-08-10`), so a reload or Back keeps it;
 * a missing or unknown value reads as `fallback`. Choosing replaces the entry rather than adding one.
 */
export function useQueryChoice(name: string, choices: readonly string[], fallback: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && choices.includes(raw) ? raw : fallback;
  const choose = useCallback(
    (next: string) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(name, next);
          return updated;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, choose];
}
