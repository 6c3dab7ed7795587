import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, setContentRange } from '../common/admin-list.js';
import { sendsCsv } from '../common/csv.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { LogisticsCsvQueryDto } from './dto/reports.dto.js';
import {
  REPORT_FILES,
  ReportsService,
  VENUE_REPORT_FILTERS,
  VENUE_REPORT_SORTABLE,
  VOLUNTEER_REPORT_FILTERS,
  VOLUNTEER_REPORT_SORTABLE,
} from './reports.service.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { LogisticsReport, Type, VenueReportRow, VolunteerReportRow } from '@svp/domain/contract';

const VOLUNTEER_LIST = {
  sortable: VOLUNTEER_REPORT_SORTABLE,
  defaultSort: { field: 'name', order: 'ASC' },
  filters: VOLUNTEER_REPORT_FILTERS,
} as const;
const VENUE_LIST = { sortable: VENUE_REPORT_SORTABLE, defaultSort: { field: 'id', order: 'ASC' }, filters: VENUE_REPORT_FILTERS } as const;

/** The week's reports, administrators only: react-admin lists with their CSV, and the logistics totals. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/reports')
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** Per volunteer: expected, scheduled and checked-in hours, shifts, no-shows, average rating, notes. Filter { underExpected?, q? }. */
  @Answers("Each volunteer's expected, scheduled and checked-in hours (react-admin list)", Type.Array(VolunteerReportRow))
  @Get('volunteers')
  async volunteers(
    @ListParams(VOLUNTEER_LIST) list: ListOf<typeof VOLUNTEER_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VolunteerReportRow[]> {
    const { rows, total } = await this.reports.volunteers(list);
    setContentRange(response, 'reports/volunteers', list.offset, rows.length, total);
    return rows;
  }

  @AnswersFile('The volunteer report as CSV (volunteer-hours.csv)', 'text/csv')
  @Get('volunteers.csv')
  async volunteersCsv(@ListParams(VOLUNTEER_LIST) list: ListOf<typeof VOLUNTEER_LIST>, @Res() response: Response): Promise<void> {
    // Figures are read before the headers go out, so a refusal (an unknown edition) still has its own status.
    const rows = await this.reports.volunteerRows(list.filter);
    sendsCsv(response, REPORT_FILES.volunteers);
    await this.reports.volunteersCsv(rows, list.sort, response);
  }

  /** Per venue and Pacific day: places, filled places, planned and worked hours, coverage. Filter { venueId?, day? }. */
  @Answers("Each venue's places, filled places and hours per day (react-admin list)", Type.Array(VenueReportRow))
  @Get('venues')
  async venues(
    @ListParams(VENUE_LIST) list: ListOf<typeof VENUE_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VenueReportRow[]> {
    const { rows, total } = await this.reports.venues(list);
    setContentRange(response, 'reports/venues', list.offset, rows.length, total);
    return rows;
  }

  @AnswersFile('The venue report as CSV (venue-coverage.csv)', 'text/csv')
  @Get('venues.csv')
  async venuesCsv(@ListParams(VENUE_LIST) list: ListOf<typeof VENUE_LIST>, @Res() response: Response): Promise<void> {
    const rows = await this.reports.venueRows(list.filter);
    sendsCsv(response, REPORT_FILES.venues);
    await this.reports.venuesCsv(rows, response);
  }

  /** The logistics totals from the confirmation forms, each with the people behind it. */
  @Answers('The totals from the confirmation forms, each with the people behind it', LogisticsReport)
  @Get('logistics')
  logistics(@Query('edition') edition?: string): Promise<LogisticsReport> {
    return this.reports.logistics(edition);
  }

  /** Without key: the totals (Item, Count); with key: the people behind that count (Name, SV ID, Email, Detail). */
  @AnswersFile('The logistics totals, or the people of one, as CSV', 'text/csv')
  @Get('logistics.csv')
  async logisticsCsv(@Query() query: LogisticsCsvQueryDto, @Res() response: Response): Promise<void> {
    const csv = await this.reports.logisticsCsv(query.key, query.edition);
    sendsCsv(response, csv.fileName);
    await csv.write(response);
  }
}
