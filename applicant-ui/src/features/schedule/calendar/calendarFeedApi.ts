import { api } from '../../../api/client';

/** A newly made calendar link: the token in it is shown only this once. */
export interface CalendarFeedLink {
  url: string;
  webcal_url: string;
  created_at: string;
}

/** Whether the user's calendar link works, when it was made, and when a calendar last read it. */
export interface CalendarFeedStatus {
  active: boolean;
  created_at: string | null;
  last_used_at: string | null;
}

const feedPath = (userId: number) => `/schedule/${userId}/calendar-feed`;

/** The personal calendar link's calls (GET, POST, DELETE /api/schedule/{id}/calendar-feed). */
export const calendarFeedApi = {
  status: (userId: number, signal?: AbortSignal) => api<CalendarFeedStatus>(feedPath(userId), { signal }),
  /** Makes a link, or replaces the current one (which then stops working). */
  subscribe: (userId: number) => api<CalendarFeedLink>(feedPath(userId), { method: 'POST' }),
  turnOff: (userId: number) => api<CalendarFeedStatus & { message: string }>(feedPath(userId), { method: 'DELETE' }),
};
