import { useAdminQuery } from '../common/useAdminQuery';
import type { ShiftAssignmentRow, ShiftRow, VenueRow } from './types';

export interface ScheduleData {
  venues: VenueRow[];
  shifts: ShiftRow[];
  assignments: ShiftAssignmentRow[];
  teamLeaderIds: Set<number>;
}

/** The whole schedule, every page of it, for the views that add it up (fill and hours). */
export function useScheduleData() {
  return useAdminQuery<ScheduleData>(async (api) => {
    const [venues, shifts, assignments, teamLeaders] = await Promise.all([
      api.listAll<VenueRow>('venues'),
      api.listAll<ShiftRow>('shifts'),
      api.listAll<ShiftAssignmentRow>('shift-assignments'),
      api.listAll<{ id: number }>('users', { role: 'Team-Leader' }),
    ]);
    return {
      data: {
        venues: venues.data,
        shifts: shifts.data,
        assignments: assignments.data,
        teamLeaderIds: new Set(teamLeaders.data.map((u) => u.id)),
      },
    };
  }, 'schedule');
}
