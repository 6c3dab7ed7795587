// The week's records as the server answers them (docs/api.md, "The week's records").

import type {
  BoardShift,
  BoardVolunteer,
  LiveBoard,
  LogisticsReport,
  LogisticsTotal,
  VenueReportRow,
  VolunteerReportRow,
} from '@svp/domain';
export type { BoardShift, BoardVolunteer, LiveBoard, LogisticsReport, LogisticsTotal, VenueReportRow, VolunteerReportRow };

/** The reports' CSV files: one address each under /api/admin/reports. */
export const REPORTS_API = '/api/admin/reports';

/** One person behind a logistics count. */
export type LogisticsPerson = LogisticsTotal['people'][number];
