import { ErrorCode } from '@svp/domain';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { JuryItem } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';

/**
 * The signed-in team leader's jury items (GET /jury/tl-assignments/{own profile id}), loaded when
 * `enabled`. Once the jury deadline has passed the server closes the list (409 DEADLINE_PASSED):
 * `closed` then holds its message, which is not an error to retry. Any other failure shows the
 * server's message in the danger alert and can be retried.
 */
export function useJuryAssignments(enabled = true): {
  items: JuryItem[] | null;
  loading: boolean;
  failed: boolean;
  /** The server's words when the list has closed; null otherwise. */
  closed: string | null;
  retry: () => void;
  /** Puts a saved item in place of the one with the same id. */
  replaceItem: (item: JuryItem) => void;
} {
  const profileId = useSession().profile?.id;
  const { showError } = useAlerts();
  const [items, setItems] = useState<JuryItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled || profileId === undefined) return;
    let current = true;
    setFailed(false);
    endpoints.juryAssignments(profileId).then(
      (loaded) => {
        if (!current) return;
        setClosed(null);
        setItems(loaded.assignments);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.code === ErrorCode.DeadlinePassed) {
          setItems(null);
          setClosed(error.message);
          return;
        }
        setFailed(true);
        showError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, profileId, attempt, showError]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replaceItem = useCallback(
    (saved: JuryItem) =>
      setItems((list) => list?.map((item) => (item.student_volunteer_id === saved.student_volunteer_id ? saved : item)) ?? null),
    [],
  );
  return { items, loading: enabled && items === null && !failed && closed === null, failed, closed, retry, replaceItem };
}
