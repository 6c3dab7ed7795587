import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AdminApplicationsService } from './admin-applications.service.js';
import { ApplicationStatisticsService } from './application-statistics.service.js';
import { AdminStatusService, STATUS_UPDATED } from './admin-status.service.js';
import { BlindApplications } from './blind-applications.js';
import { FilterQueryDto, SearchByUserDto } from './dto/admin-search.dto.js';
import { ApplicationsService } from './applications.service.js';
import { isOwnKey } from '../users/user-keys.js';
import { CONFIRMATION_RESULT_MESSAGES, ConfirmationService } from './confirmation.service.js';
import { ConfirmDto, DeclineDto } from './dto/confirm.dto.js';
import { SaveApplicationDto, SaveApplicationPipe } from './dto/save-application.dto.js';
import { UpdateStatusDto } from './dto/status.dto.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import {
  ApplicationChanged,
  ApplicationRecord,
  ApplicationStatistics,
  BlindApplication,
  Envelope,
  FilteredApplications,
  SavedApplication,
  Type,
  UserSearchResults,
} from '@svp/domain/contract';

/** The save's body as the pipe hands it on (an interface: no class for the global validation to find). */
type SaveApplicationBody = Pick<SaveApplicationDto, keyof SaveApplicationDto>;

@ApiTags('applications')
@ApiBearerAuth()
@Controller('application')
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly adminStatus: AdminStatusService,
    private readonly admin: AdminApplicationsService,
    private readonly statisticsOf: ApplicationStatisticsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** data {total, completed, team_leader, …} for the admin dashboard. */
  @Answers("The admin dashboard's counts: started, completed, per status, per day, the funnel", Envelope(ApplicationStatistics))
  @Roles('admin')
  @Get('statistics')
  async statistics(@Query('edition') edition?: string): Promise<Envelope<ApplicationStatistics>> {
    return { success: true, data: await this.statisticsOf.statistics(edition) };
  }

  /** 'Search by user': data.applications. */
  @Answers('Search by user: applications whose email, first or last name holds the text', Envelope(UserSearchResults))
  @Roles('admin')
  @Post('search')
  @HttpCode(200)
  async search(@Body() body: SearchByUserDto): Promise<Envelope<UserSearchResults>> {
    return { success: true, data: { applications: await this.admin.searchByUser(body.criterion, body.text) } };
  }

  /** 'Search by status': data {apps, total, limit, pages, page}. */
  @Answers('Search by status: a page of the filtered applications', Envelope(FilteredApplications))
  @Roles('admin')
  @Get('search')
  async filter(@Query() query: FilterQueryDto): Promise<Envelope<FilteredApplications>> {
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
  @Answers("Sets an application's processing status (only the lifecycle's moves)", Envelope(ApplicationChanged))
  @Roles('admin')
  @Post('status/:username')
  @HttpCode(200)
  async setStatus(
    @CurrentUser() actor: AuthUser,
    @Param('username') username: string,
    @Body() body: UpdateStatusDto,
  ): Promise<Envelope<ApplicationChanged>> {
    const application = await this.adminStatus.setStatus(actor, username, body.statusId, body.grantTeamLeader);
    return { success: true, data: { message: STATUS_UPDATED, application } };
  }

  @Answers("Saves the caller's application (merged over the stored answers); submits it with completed", Envelope(SavedApplication))
  @Post('save')
  @HttpCode(200)
  @ApiBody({ type: SaveApplicationDto })
  async save(
    @CurrentUser() caller: AuthUser,
    // Checked by the compiled schema; the type is an interface, so the global ValidationPipe leaves it alone.
    @Body(SaveApplicationPipe) body: SaveApplicationBody,
  ): Promise<Envelope<SavedApplication>> {
    return { success: true, data: await this.applications.save(caller, body) };
  }

  /**
   * The caller's application by profile id, username or svid (404 when none yet); for a team
   * leader, the opaque id of a jury item answers only the essays of that application.
   */
  @Answers(
    "The caller's application; a jury item's essays for a team leader (blind)",
    Envelope(Type.Union([ApplicationRecord, BlindApplication])),
  )
  @Get(':key')
  async read(@CurrentUser() caller: AuthUser, @Param('key') key: string): Promise<Envelope<ApplicationRecord | BlindApplication>> {
    // An administrator on the jury reads their items blind too; any other key as an administrator.
    // The jury module answers for its items; it depends on this one, so it is found at run time.
    const jury = this.moduleRef.get(BlindApplications, { strict: false });
    if (caller.role === 'Team-Leader' && !isOwnKey(caller, key) && (!caller.isAdmin || (await jury.isItemOf(caller, key)))) {
      return { success: true, data: await jury.blindApplication(caller, key) };
    }
    return { success: true, data: await this.applications.findByKey(caller, key) };
  }
}

@ApiTags('applications')
@ApiBearerAuth()
@Controller('users')
export class ConfirmationController {
  constructor(private readonly confirmations: ConfirmationService) {}

  @Answers('Confirms an offered place with the confirmation form', Envelope(ApplicationChanged))
  @Post('confirm')
  @HttpCode(200)
  async confirm(@CurrentUser() caller: AuthUser, @Body() body: ConfirmDto): Promise<Envelope<ApplicationChanged>> {
    return {
      success: true,
      data: { message: CONFIRMATION_RESULT_MESSAGES.confirmed, application: await this.confirmations.confirm(caller, body) },
    };
  }

  @Answers('Declines an offered or confirmed place', Envelope(ApplicationChanged))
  @Post('decline')
  @HttpCode(200)
  async decline(@CurrentUser() caller: AuthUser, @Body() body: DeclineDto): Promise<Envelope<ApplicationChanged>> {
    return {
      success: true,
      data: { message: CONFIRMATION_RESULT_MESSAGES.declined, application: await this.confirmations.decline(caller, body.sv_id) },
    };
  }
}
