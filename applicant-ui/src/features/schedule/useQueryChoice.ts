import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One choice kept in the address's query (e.g. `?day=2025-08-10`), so a reload or Back keeps it;
 * a missing or unknown value reads as `fallback`. Choosing replaces the entry rather than adding one.
 */
export function useQueryChoice<T extends string>(name: string, choices: readonly T[], fallback: T): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && (choices as readonly string[]).includes(raw) ? (raw as T) : fallback;
  const choose = useCallback(
    (next: T) =>
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
