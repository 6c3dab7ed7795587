import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AcceptProposalDto, StartBuildDto, VolunteerConstraintsDto } from './dto/builder.dto.js';
import { ScheduleBuildsService } from './schedule-builds.service.js';
import { ShiftFillService } from './shift-fill.service.js';
import { VolunteerConstraintsService } from './volunteer-constraints.service.js';
import { PREFERENCES_FILE_NAME, PREFERENCES_FILTERS, VolunteerPreferencesService } from './volunteer-preferences.service.js';
import { sendsCsv } from '../common/csv.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import {
  ScheduleBuild,
  ScheduleBuildRow,
  ShiftCandidates,
  ShiftProposalView,
  Type,
  VolunteerConstraints,
  VolunteerPreferenceRow,
} from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

const BUILDS_LIST = { sortable: ['id'], defaultSort: { field: 'id', order: 'DESC' }, filters: {} } as const;
const PROPOSALS_LIST = {
  sortable: ['id'],
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { status: filterOf.oneOf(['open', 'accepted', 'declined']) },
} as const;
const PREFERENCES_LIST = { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' }, filters: PREFERENCES_FILTERS } as const;

/** The schedule builder's runs (admin panel): start, poll, apply, undo, discard. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/schedule-builds')
export class AdminScheduleBuildsController {
  constructor(private readonly builds: ScheduleBuildsService) {}

  @Answers('Lists the schedule builds (react-admin list)', Type.Array(ScheduleBuildRow))
  @Get()
  async list(
    @ListParams(BUILDS_LIST) list: ListOf<typeof BUILDS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ScheduleBuildRow[]> {
    const { rows, total } = await this.builds.list(list);
    setContentRange(response, 'schedule-builds', list.offset, rows.length, total);
    return rows;
  }

  /** Starts a build in the background (201, status 'running'); 409 BUILD_RUNNING while one runs on any server. */
  @Answers('Starts a schedule build in the background (status running)', ScheduleBuildRow)
  @Post()
  start(@Body() body: StartBuildDto, @CurrentUser() actor: AuthUser): Promise<ScheduleBuildRow> {
    return this.builds.start(actor, body);
  }

  @Answers('One build: its progress, then its preview', ScheduleBuild)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<ScheduleBuild> {
    return this.builds.get(id);
  }

  @Answers("Writes a build's preview, all or nothing", ScheduleBuild)
  @Post(':id/apply')
  @HttpCode(200)
  apply(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<ScheduleBuild> {
    return this.builds.apply(actor, id);
  }

  @Answers('Restores what the latest applied build replaced', ScheduleBuild)
  @Post(':id/undo')
  @HttpCode(200)
  undo(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<ScheduleBuild> {
    return this.builds.undo(actor, id);
  }

  @Answers('Drops a preview', ScheduleBuild)
  @Post(':id/discard')
  @HttpCode(200)
  discard(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<ScheduleBuild> {
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

  @Answers("Everyone who could take one of a shift's free places now, best first", ShiftCandidates)
  @Get(':id/candidates')
  candidates(@Param('id', idPipe) id: number): Promise<ShiftCandidates> {
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

  @Answers("Lists team leaders' proposals (react-admin list)", Type.Array(ShiftProposalView))
  @Get()
  async list(
    @ListParams(PROPOSALS_LIST) list: ListOf<typeof PROPOSALS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ShiftProposalView[]> {
    const { rows, total } = await this.fill.list(list);
    setContentRange(response, 'shift-proposals', list.offset, rows.length, total);
    return rows;
  }

  @Answers('Accepts a proposal: the assignment is made by the usual rules (or as an exception, with a reason)', ShiftProposalView)
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', idPipe) id: number, @Body() body: AcceptProposalDto, @CurrentUser() actor: AuthUser): Promise<ShiftProposalView> {
    return this.fill.accept(actor, id, body?.exceptionReason ?? null);
  }

  @Answers('Declines a proposal', ShiftProposalView)
  @Post(':id/decline')
  @HttpCode(200)
  decline(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<ShiftProposalView> {
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

  @Answers("A volunteer's availability and limits", VolunteerConstraints)
  @Get(':userId')
  get(@Param('userId', idPipe) userId: number): Promise<VolunteerConstraints> {
    return this.constraints.forAdmin(userId);
  }

  @Answers("Sets a volunteer's availability and limits", VolunteerConstraints)
  @Put(':userId')
  put(
    @Param('userId', idPipe) userId: number,
    @Body() body: VolunteerConstraintsDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<VolunteerConstraints> {
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

  @Answers("Lists volunteers' preferences and limits (react-admin list)", Type.Array(VolunteerPreferenceRow))
  @Get()
  async list(
    @ListParams(PREFERENCES_LIST) list: ListOf<typeof PREFERENCES_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VolunteerPreferenceRow[]> {
    const { rows, total } = await this.preferences.list(list);
    setContentRange(response, 'volunteer-preferences', list.offset, rows.length, total);
    return rows;
  }

  @AnswersFile("Volunteers' preferences as CSV (volunteer-preferences.csv)", 'text/csv')
  @Get('export.csv')
  async export(@ListParams(PREFERENCES_LIST) list: ListOf<typeof PREFERENCES_LIST>, @Res() response: Response): Promise<void> {
    // The rows are read before the headers go out, so a failure still has its own status and error envelope.
    const rows = await this.preferences.rows(list.filter);
    sendsCsv(response, PREFERENCES_FILE_NAME);
    await this.preferences.writeCsv(rows, response);
  }
}
