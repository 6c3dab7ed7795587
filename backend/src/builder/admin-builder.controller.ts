import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ListQueryDto, parseListQuery, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AppException } from '../common/errors/app.exception.js';
import { StartBuildDto, VolunteerConstraintsDto } from './dto/builder.dto.js';
import { ScheduleBuildsService } from './schedule-builds.service.js';
import { ShiftFillService } from './shift-fill.service.js';
import { VolunteerConstraintsService } from './volunteer-constraints.service.js';
import { PREFERENCES_FILE_NAME, type PreferencesFilter, VolunteerPreferencesService } from './volunteer-preferences.service.js';

const idPipe = new ParseIntPipe({ exceptionFactory: () => AppException.badRequest('id must be a whole number', { id: 'id must be a whole number' }) });

/** The schedule builder's runs (admin panel): start, poll, apply, undo, discard. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/schedule-builds')
export class AdminScheduleBuildsController {
  constructor(private readonly builds: ScheduleBuildsService) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: ['id'], defaultSort: { field: 'id', order: 'DESC' } });
    const { rows, total } = await this.builds.list(list);
    setContentRange(response, 'schedule-builds', list.offset, rows.length, total);
    return rows;
  }

  /** Starts a build in the background (201, status 'running'); 409 BUILD_RUNNING while one runs on any server. */
  @Post()
  start(@Body() body: StartBuildDto, @CurrentUser() actor: AuthUser) {
    return this.builds.start(actor, body);
  }

  @Get(':id')
  get(@Param('id', idPipe) id: number) {
    return this.builds.get(id);
  }

  @Post(':id/apply')
  @HttpCode(200)
  apply(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser) {
    return this.builds.apply(actor, id);
  }

  @Post(':id/undo')
  @HttpCode(200)
  undo(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser) {
    return this.builds.undo(actor, id);
  }

  @Post(':id/discard')
  @HttpCode(200)
  discard(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser) {
    return this.builds.discard(actor, id);
  }
}

/** Fill a shift from the panel: who fits its free places now, best first. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/shifts')
export class AdminShiftCandidatesController {
  constructor(private readonly fill: ShiftFillService) {}

  @Get(':id/candidates')
  candidates(@Param('id', idPipe) id: number) {
    return this.fill.candidates(id);
  }
}

/** Team leaders' proposals, for an administrator to accept (assigning by the usual rules) or decline. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/shift-proposals')
export class AdminShiftProposalsController {
  constructor(private readonly fill: ShiftFillService) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: ['id'], defaultSort: { field: 'id', order: 'DESC' } });
    const { rows, total } = await this.fill.list(list);
    setContentRange(response, 'shift-proposals', list.offset, rows.length, total);
    return rows;
  }

  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser) {
    return this.fill.accept(actor, id);
  }

  @Post(':id/decline')
  @HttpCode(200)
  decline(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser) {
    return this.fill.decline(actor, id);
  }
}

/** A volunteer's availability, for administrators (any time). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/volunteer-constraints')
export class AdminVolunteerConstraintsController {
  constructor(private readonly constraints: VolunteerConstraintsService) {}

  @Get(':userId')
  get(@Param('userId', idPipe) userId: number) {
    return this.constraints.forAdmin(userId);
  }

  @Put(':userId')
  put(@Param('userId', idPipe) userId: number, @Body() body: VolunteerConstraintsDto, @CurrentUser() actor: AuthUser) {
    return this.constraints.saveForAdmin(actor, userId, body);
  }
}

/** The preferences overview: confirmed volunteers' availability, preferences and hours; CSV too. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/volunteer-preferences')
export class AdminVolunteerPreferencesController {
  constructor(private readonly preferences: VolunteerPreferencesService) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' } });
    const { rows, total } = await this.preferences.list(list);
    setContentRange(response, 'volunteer-preferences', list.offset, rows.length, total);
    return rows;
  }

  @Get('export.csv')
  async export(@Query() query: ListQueryDto, @Res() response: Response) {
    const list = parseListQuery({ filter: query.filter }, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' } });
    const csv = await this.preferences.csv(list.filter as PreferencesFilter);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${PREFERENCES_FILE_NAME}"`);
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    response.setHeader('Cache-Control', 'no-store');
    response.send(csv);
  }
}
