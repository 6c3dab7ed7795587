import { useCallback, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { SwapRequests } from '../../api/types';
import { errorText, useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { scheduleCache } from '../schedule/scheduleCache';
import { type ScheduleLoad, useScheduleLoad } from '../schedule/useScheduleLoad';
import { volunteerScheduleKey } from '../schedule/useSchedules';

/** Whether swapping online is switched on (docs/decisions.md); off, the screens show the notice and no swap action. */
export const useSwapsEnabled = (): boolean => useSettings().settings.swapsEnabled;

const swapRequestsKey = (username: string): string => `swaps/${username}`;

/** The signed-in volunteer's swap requests (GET /schedule/swap/{own username}), loaded when `enabled`. */
export function useSwapRequests(enabled = true): ScheduleLoad<SwapRequests> {
  const username = useSession().profile?.username;
  return useScheduleLoad(enabled && username ? swapRequestsKey(username) : null, () => endpoints.swapRequests(username!));
}

export interface SwapCalls {
  /** True while a call runs: the buttons that start one are disabled. */
  pending: boolean;
  /**
   * Runs one swap call. The cached swap requests are forgotten either way (an error such as 409 means
   * they changed), and the cached schedule too when `changesSchedule` and the call succeeded. Answers
   * null on success, or the refusal in words, for the page to show where the volunteer acted (a
   * `SwapRefusal`) rather than in the alert at the top, which may be out of sight.
   */
  run: (call: () => Promise<unknown>, options?: { changesSchedule?: boolean }) => Promise<string | null>;
}

export function useSwapCalls(): SwapCalls {
  const { profile } = useSession();
  const { contactEmail } = useSettings().settings;
  const { clearAll } = useAlerts();
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async (call: () => Promise<unknown>, { changesSchedule = false }: { changesSchedule?: boolean } = {}) => {
      clearAll();
      setPending(true);
      try {
        await call();
        if (changesSchedule && profile) scheduleCache.remove(volunteerScheduleKey(profile.id));
        return null;
      } catch (error) {
        return errorText(error, contactEmail);
      } finally {
        if (profile) scheduleCache.remove(swapRequestsKey(profile.username));
        setPending(false);
      }
    },
    [profile, contactEmail, clearAll],
  );
  return { pending, run };
}
