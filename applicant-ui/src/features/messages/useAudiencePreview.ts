import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { AudiencePreview, TeamAudience } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';

export interface AudienceLoad {
  preview: AudiencePreview | null;
  loading: boolean;
  /** The server's reason for refusing (403 NOT_YOUR_VENUE). */
  refusal: string | null;
  failed: boolean;
  retry: () => void;
}

/** Who a team message would go to now, asked again whenever the venue, day or shift changes. */
export function useAudiencePreview(audience: TeamAudience | null): AudienceLoad {
  const { showError } = useAlerts();
  const [state, setState] = useState<Omit<AudienceLoad, 'retry'>>({ preview: null, loading: false, refusal: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  const { venueId, day, shiftId } = audience ?? {};

  useEffect(() => {
    if (venueId === undefined) {
      setState({ preview: null, loading: false, refusal: null, failed: false });
      return undefined;
    }
    let active = true;
    setState({ preview: null, loading: true, refusal: null, failed: false });
    const asked: TeamAudience = { venueId, ...(shiftId !== undefined ? { shiftId } : {}), ...(day !== undefined ? { day } : {}) };
    endpoints.teamMessageAudience(asked).then(
      (preview) => active && setState({ preview, loading: false, refusal: null, failed: false }),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 403) {
          setState({ preview: null, loading: false, refusal: error.message, failed: false });
          return;
        }
        setState({ preview: null, loading: false, refusal: null, failed: true });
        showError(error);
      },
    );
    return () => {
      active = false;
    };
  }, [venueId, day, shiftId, attempt, showError]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
