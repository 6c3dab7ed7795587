import { adminCall, envelope, listAll } from '../common/http';
import type { LiveBoard, LogisticsReport, VenueReportRow } from './types';

/** The records' calls: the live board and the week's reports (their part of the panel's data provider). */
export interface RecordsApi {
  /** GET /api/schedule/board: the shifts in progress or starting within the hour, with who has checked in. */
  liveBoard(): Promise<{ data: LiveBoard }>;
  /** GET /api/admin/reports/venues, every page: each venue on each day of shifts, with its coverage and hours. */
  venueReport(): Promise<{ data: VenueReportRow[] }>;
  /** GET /api/admin/reports/logistics: the confirmation forms' totals and the people behind each count. */
  logisticsReport(): Promise<{ data: LogisticsReport }>;
}

export const recordsApi: RecordsApi = {
  liveBoard: () => envelope<LiveBoard>('/api/schedule/board').then((data) => ({ data })),
  // A react-admin list on the server (25 rows unless asked): every venue-day, a page at a time.
  venueReport: () => listAll<VenueReportRow>('reports/venues'),
  logisticsReport: () => adminCall<LogisticsReport>('/reports/logistics').then((data) => ({ data })),
};
