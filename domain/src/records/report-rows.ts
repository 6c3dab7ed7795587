/** The week's records as the API sends them, the live board and the administrators' reports: declared in domain/src/contract/. */
export type { BoardShift, BoardVolunteer, LiveBoard } from '../contract/schedule.js';
export type { LogisticsReport, VenueReportRow, VolunteerReportRow } from '../contract/records.js';

/** The names of the reports' CSV files, as the server sends them and the panel saves them. */
export const REPORT_FILES = {
  volunteers: 'volunteer-hours.csv',
  venues: 'venue-coverage.csv',
  logistics: 'logistics.csv',
  logisticsList: (key: string) => `logistics-${key.replace(/[^a-z0-9]+/gi, '-')}.csv`,
} as const;
