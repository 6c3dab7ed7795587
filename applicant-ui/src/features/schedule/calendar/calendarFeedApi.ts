import { api } from '../../../api/client';
import type { CalendarFeedLink, CalendarFeedRevoked, CalendarFeedStatus } from '../../../api/types';

/** A newly made calendar link (the token in it is shown only this once), and whether the link works: the contract's shapes. */
export type { CalendarFeedLink, CalendarFeedStatus };

const feedPath = (userId: number) => `/schedule/${userId}/calendar-feed`;

/** The personal calendar link's calls (GET, POST, DELETE /api/schedule/{id}/calendar-feed). */
export const calendarFeedApi = {
  status: (userId: number, signal?: AbortSignal) => api<CalendarFeedStatus>(feedPath(userId), { signal }),
  /** Makes a link, or replaces the current one (which then stops working). */
  subscribe: (userId: number) => api<CalendarFeedLink>(feedPath(userId), { method: 'POST' }),
  turnOff: (userId: number) => api<CalendarFeedRevoked>(feedPath(userId), { method: 'DELETE' }),
};
