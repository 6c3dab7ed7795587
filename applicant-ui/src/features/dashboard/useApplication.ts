import { startTransition, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';

export const LOAD_APPLICATION_FAILED = 'Unable to load application';

/**
 * The session's application, loaded once when not yet loaded: a 404 means none yet ('none');
 * any other failure shows 'Unable to load application' and can be retried.
 */
export function useApplication(): { application: ApplicationRecord | 'none' | null; loading: boolean; failed: boolean; retry: () => void } {
  const { profile, application, setApplication } = useSession();
  const { showError } = useAlerts();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const profileId = profile?.id;

  useEffect(() => {
    if (application !== null || profileId === undefined) return;
    let current = true;
    setFailed(false);
    endpoints.application(profileId).then(
      // The cards are drawn as a transition: in slices, not in one long task.
      (loaded) => current && startTransition(() => setApplication(loaded)),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setApplication('none');
        else {
          setFailed(true);
          showError(LOAD_APPLICATION_FAILED);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [application, profileId, setApplication, showError, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { application, loading: application === null && !failed, failed, retry };
}
