import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type ListOf, ListParams, setContentRange } from '../common/admin-list.js';
import { sendsCsv } from '../common/csv.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { SettingsService } from '../settings/settings.service.js';
import { APPLICATION_FILTERS, filterFromResource } from './admin-application-query.js';
import { APPLICATION_SORTABLE, AdminApplicationsService } from './admin-applications.service.js';
import { ApplicationExportService, EXPORT_FILE_NAME } from './application-export.service.js';
import { AdminStatusService } from './admin-status.service.js';
import { ExportQueryDto } from './dto/admin-search.dto.js';
import { BulkStatusDto } from './dto/bulk-status.dto.js';
import { UpdateStatusDto } from './dto/status.dto.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { AdminApplicationDetail, AdminApplicationRow, BulkStatusResult, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

const APPLICATIONS_LIST = {
  sortable: APPLICATION_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  maxPageSize: 200,
  filters: APPLICATION_FILTERS,
} as const;

/** The applications resource of the admin panel (ra-data-simple-rest), and the streamed CSV export. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/applications')
export class AdminApplicationsController {
  constructor(
    private readonly applications: AdminApplicationsService,
    private readonly exports: ApplicationExportService,
    private readonly status: AdminStatusService,
    private readonly settings: SettingsService,
  ) {}

  @Answers('Lists applications (react-admin list)', Type.Array(AdminApplicationRow))
  @Get()
  async list(
    @ListParams(APPLICATIONS_LIST) list: ListOf<typeof APPLICATIONS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminApplicationRow[]> {
    const { rows, total } = await this.applications.list(list);
    setContentRange(response, 'applications', list.offset, rows.length, total);
    return rows;
  }

  /** filtered-sv-apps.csv, streamed; X-Total-Count tells the panel how many rows will come. */
  @AnswersFile('The filtered applications as CSV (filtered-sv-apps.csv), streamed', 'text/csv')
  @Get('export.csv')
  async export(
    @Query() query: ExportQueryDto,
    // Its query is checked as an ExportQueryDto by the parameter above.
    @ListParams(APPLICATIONS_LIST, null) list: ListOf<typeof APPLICATIONS_LIST>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const edition = await this.settings.editionFor(list.filter.edition);
    const filter = filterFromResource(list.filter, edition.settings.statusCatalogue, edition.id);
    const total = await this.exports.count(filter);
    sendsCsv(response, EXPORT_FILE_NAME, ['X-Total-Count']);
    response.setHeader('X-Total-Count', String(total));
    const signal = { aborted: false };
    request.on('close', () => (signal.aborted = !response.writableFinished));
    await this.exports.exportCsv(filter, query.withData ?? false, query.withScores ?? false, response, signal, query.history ?? false);
  }

  /** One processing status for many applications: each changes by the lifecycle's rules or is refused with the reason. */
  @Answers("One processing status for many applications, each by the lifecycle's rules", BulkStatusResult)
  @Post('status')
  @HttpCode(200)
  async setStatusOfMany(@Body() body: BulkStatusDto, @CurrentUser() actor: AuthUser): Promise<BulkStatusResult> {
    const results = await this.status.setStatusOfMany(actor, body.ids, body.statusId, body.grantTeamLeader);
    return {
      changed: results.filter((r) => r.outcome === 'changed').length,
      refused: results.filter((r) => r.outcome === 'refused').length,
      results,
    };
  }

  @Answers('One application with everything its page shows', AdminApplicationDetail)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<AdminApplicationDetail> {
    return this.applications.get(id);
  }

  /** Sets the processing status (react-admin's update sends only statusId, and grantTeamLeader when asked). */
  @Answers("Sets an application's processing status", AdminApplicationDetail)
  @Put(':id')
  async update(
    @Param('id', idPipe) id: number,
    @Body() body: UpdateStatusDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<AdminApplicationDetail> {
    await this.status.setStatusById(actor, id, body.statusId, body.grantTeamLeader);
    return this.applications.get(id);
  }
}
