import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ListQueryDto, parseListQuery, setContentRange } from '../common/admin-list.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { LogisticsCsvQueryDto } from './dto/reports.dto.js';
import { REPORT_FILES, ReportsService, VENUE_REPORT_SORTABLE, VOLUNTEER_REPORT_SORTABLE } from './reports.service.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { LogisticsReport, Type, VenueReportRow, VolunteerReportRow } from '@svp/domain/contract';

function csvHeaders(response: Response, fileName: string): void {
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  response.setHeader('Cache-Control', 'no-store');
}

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
  async volunteers(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<VolunteerReportRow[]> {
    const list = parseListQuery(query, { sortable: VOLUNTEER_REPORT_SORTABLE, defaultSort: { field: 'name', order: 'ASC' } });
    const { rows, total } = await this.reports.volunteers(list);
    setContentRange(response, 'reports/volunteers', list.offset, rows.length, total);
    return rows;
  }

  @AnswersFile('The volunteer report as CSV (volunteer-hours.csv)', 'text/csv')
  @Get('volunteers.csv')
  async volunteersCsv(@Query() query: ListQueryDto, @Res() response: Response): Promise<void> {
    const list = parseListQuery(
      { filter: query.filter, sort: query.sort },
      { sortable: VOLUNTEER_REPORT_SORTABLE, defaultSort: { field: 'name', order: 'ASC' } },
    );
    // Figures are read before the headers go out, so a bad filter is still answered 400.
    const rows = await this.reports.volunteerRows(list.filter);
    csvHeaders(response, REPORT_FILES.volunteers);
    await this.reports.volunteersCsv(rows, list.sort, response);
  }

  /** Per venue and Pacific day: places, filled places, planned and worked hours, coverage. Filter { venueId?, day? }. */
  @Answers("Each venue's places, filled places and hours per day (react-admin list)", Type.Array(VenueReportRow))
  @Get('venues')
  async venues(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<VenueReportRow[]> {
    const list = parseListQuery(query, { sortable: VENUE_REPORT_SORTABLE, defaultSort: { field: 'id', order: 'ASC' } });
    const { rows, total } = await this.reports.venues(list);
    setContentRange(response, 'reports/venues', list.offset, rows.length, total);
    return rows;
  }

  @AnswersFile('The venue report as CSV (venue-coverage.csv)', 'text/csv')
  @Get('venues.csv')
  async venuesCsv(@Query() query: ListQueryDto, @Res() response: Response): Promise<void> {
    const list = parseListQuery({ filter: query.filter }, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' } });
    const rows = await this.reports.venueRows(list.filter);
    csvHeaders(response, REPORT_FILES.venues);
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
    csvHeaders(response, csv.fileName);
    await csv.write(response);
  }
}
