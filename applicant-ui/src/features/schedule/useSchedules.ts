import { endpoints } from '../../api/endpoints';
import type { ShiftDetail, TeamLeaderSchedule, VolunteerSchedule } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { type ScheduleLoad, useScheduleLoad } from './useScheduleLoad';

/** The cache key of a volunteer's own schedule: a swap accepted changes it. */
export const volunteerScheduleKey = (userId: number): string => `sv/${userId}`;

/** The signed-in volunteer's own schedule (GET /schedule/{own id}), loaded when `enabled`. */
export function useVolunteerSchedule(enabled = true): ScheduleLoad<VolunteerSchedule> {
  const userId = useSession().profile?.id;
  return useScheduleLoad(enabled && userId !== undefined ? volunteerScheduleKey(userId) : null, () => endpoints.volunteerSchedule(userId!));
}

/** The signed-in team leader's schedule (GET /schedule/tl/{own id}), loaded when `enabled`. */
export function useTeamLeaderSchedule(enabled = true): ScheduleLoad<TeamLeaderSchedule> {
  const userId = useSession().profile?.id;
  return useScheduleLoad(enabled && userId !== undefined ? `tl/${userId}` : null, () => endpoints.teamLeaderSchedule(userId!));
}

/** One shift with its volunteers and their records, always fresh from the server (it is edited here). */
export function useShiftDetail(shiftId: number | null): ScheduleLoad<ShiftDetail> {
  return useScheduleLoad(shiftId === null ? null : `shift/${shiftId}`, () => endpoints.shiftDetail(shiftId!), { cache: false });
}
