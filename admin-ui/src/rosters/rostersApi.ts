import type { VenueDayRoster } from '@svp/domain';
import { envelope } from '../common/http';

/** The printable roster's call (its part of the panel's data provider). */
export interface RostersApi {
  /** GET /api/schedule/roster: one venue's shifts on one Pacific day, each with its volunteers, SV IDs and phone numbers. */
  venueDayRoster(venueId: number, day: string): Promise<{ data: VenueDayRoster }>;
}

export const rostersApi: RostersApi = {
  venueDayRoster: (venueId, day) =>
    envelope<VenueDayRoster>(`/api/schedule/roster?${new URLSearchParams({ venueId: String(venueId), day })}`).then((data) => ({ data })),
};
