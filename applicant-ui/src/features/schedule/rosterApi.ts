import type { VenueDayRoster } from '@svp/domain';
import { api } from '../../api/client';

export type { RosterShift, RosterVolunteer, VenueDayRoster } from '@svp/domain';

/** GET /schedule/roster: one venue on one Pacific day (403 for a venue the caller does not lead, or before schedules are out). */
export const venueDayRoster = (venueId: number, day: string) =>
  api<VenueDayRoster>(`/schedule/roster?${new URLSearchParams({ venueId: String(venueId), day })}`);
