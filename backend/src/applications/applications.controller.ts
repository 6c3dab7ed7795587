import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AdminApplicationsService } from './admin-applications.service.js';
import { AdminStatusService, STATUS_UPDATED } from './admin-status.service.js';
import { FilterQueryDto, SearchByUserDto } from './dto/admin-search.dto.js';
import { JuryScoringService } from '../jury/jury-scoring.service.js';
import { ApplicationsService, isOwnKey } from './applications.service.js';
import { CONFIRMATION_RESULT_MESSAGES, ConfirmationService } from './confirmation.service.js';
import { ConfirmDto, DeclineDto } from './dto/confirm.dto.js';
import { SaveApplicationDto } from './dto/save-application.dto.js';
import { UpdateStatusDto } from './dto/status.dto.js';
import { Roles } from '../common/decorators/roles.decorator.js';

@ApiTags('applications')
@ApiBearerAuth()
@Controller('application')
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly adminStatus: AdminStatusService,
    private readonly admin: AdminApplicationsService,
    private readonly jury: JuryScoringService,
  ) {}

  /** data {total, completed, team_leader, …} for the admin dashboard. */
  @Roles('admin')
  @Get('statistics')
  async statistics(@Query('edition') edition?: string) {
    return { success: true, data: await this.admin.statistics(edition) };
  }

  /** 'Search by user': data.applications. */
  @Roles('admin')
  @Post('search')
  @HttpCode(200)
  async search(@Body() body: SearchByUserDto) {
    return { success: true, data: { applications: await this.admin.searchByUser(body.criterion, body.text) } };
  }

  /** 'Search by status': data {apps, total, limit, pages, page}. */
  @Roles('admin')
  @Get('search')
  async filter(@Query() query: FilterQueryDto) {
    const { completed, teamLeader, financialAid } = query;
    const page = await this.admin.filteredPage(
      { completed, teamLeader, financialAid },
      query.page ?? 1,
      query.limit ?? 20,
      query.withData ?? false,
      query.withScores ?? false,
    );
    return { success: true, data: page };
  }

  /** An administrator sets the processing status (only the lifecycle's moves are allowed). */
  @Roles('admin')
  @Post('status/:username')
  @HttpCode(200)
  async setStatus(@CurrentUser() actor: AuthUser, @Param('username') username: string, @Body() body: UpdateStatusDto) {
    const application = await this.adminStatus.setStatus(actor, username, body.statusId, body.grantTeamLeader);
    return { success: true, data: { message: STATUS_UPDATED, application } };
  }

  @Post('save')
  @HttpCode(200)
  async save(@CurrentUser() caller: AuthUser, @Body() body: SaveApplicationDto) {
    return { success: true, data: await this.applications.save(caller, body) };
  }

  /**
   * The caller's application by profile id, username or svid (404 when none yet); for a team
   * leader, the opaque id of a jury item answers only the essays of that application.
   */
  @Get(':key')
  async read(@CurrentUser() caller: AuthUser, @Param('key') key: string) {
    // An administrator on the jury reads their items blind too; any other key as an administrator.
    if (caller.role === 'Team-Leader' && !isOwnKey(caller, key) && (!caller.isAdmin || (await this.jury.isItemOf(caller, key)))) {
      return { success: true, data: await this.jury.blindApplication(caller, key) };
    }
    return { success: true, data: await this.applications.findByKey(caller, key) };
  }
}

@ApiTags('applications')
@ApiBearerAuth()
@Controller('users')
export class ConfirmationController {
  constructor(private readonly confirmations: ConfirmationService) {}

  @Post('confirm')
  @HttpCode(200)
  async confirm(@CurrentUser() caller: AuthUser, @Body() body: ConfirmDto) {
    return { success: true, data: { message: CONFIRMATION_RESULT_MESSAGES.confirmed, application: await this.confirmations.confirm(caller, body) } };
  }

  @Post('decline')
  @HttpCode(200)
  async decline(@CurrentUser() caller: AuthUser, @Body() body: DeclineDto) {
    return { success: true, data: { message: CONFIRMATION_RESULT_MESSAGES.declined, application: await this.confirmations.decline(caller, body.sv_id) } };
  }
}
