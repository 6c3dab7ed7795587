import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { SavePerformanceRecordsDto } from './dto/performance-records.dto.js';
import { PerformanceRecordsService } from './performance-records.service.js';
import { SyncRecordActionsDto } from './dto/record-actions.dto.js';
import { RecordSyncService } from './record-sync.service.js';
import type { JsonParts } from './schedule-snapshots.js';
import { ScheduleService } from './schedule.service.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { Answers, AnswersWritten } from '../common/decorators/answers.decorator.js';
import {
  DayShifts,
  Envelope,
  LiveBoard,
  SavedPerformanceRecords,
  ShiftDetail,
  SyncedRecordActions,
  TeamLeaderSchedule,
  VolunteerSchedule,
} from '@svp/domain/contract';

/**
 * The two schedule reads answer JSON they have put together themselves (see ScheduleSnapshot), in
 * pieces: written corked, so the headers and every piece leave in one system call, uncopied.
 */
function sendJson(response: Response, parts: JsonParts): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader(
    'Content-Length',
    parts.reduce((length, part) => length + part.length, 0),
  );
  response.cork();
  for (let i = 0; i < parts.length - 1; i += 1) response.write(parts[i]);
  // end() uncorks.
  response.end(parts[parts.length - 1]);
}

/** The kept /schedule/* calls (docs/product.md, 'The calls kept from the earlier portal'), swaps aside. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('schedule')
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly performance: PerformanceRecordsService,
    private readonly recordSync: RecordSyncService,
  ) {}

  /** data: shifts, next_shifts, current_shifts, venues and now for the caller's own team-leader schedule (sent as built JSON). */
  @AnswersWritten("The team leader's own schedule: the venues they lead and their shifts", Envelope(TeamLeaderSchedule))
  @Roles('Team-Leader')
  @Get('tl/:id')
  async teamLeader(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Res() response: Response): Promise<void> {
    sendJson(response, await this.schedule.teamLeaderSchedule(caller, id));
  }

  /** data.shift with its studentVolunteers and their performance records. */
  @Answers('A led shift with its volunteers and their performance records', Envelope(ShiftDetail))
  @Roles('Team-Leader')
  @Get('shift/:id')
  async shift(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<Envelope<ShiftDetail>> {
    return { success: true, data: await this.schedule.shiftDetail(caller, id) };
  }

  /** data: now and the shifts under way or starting within the hour, with who is checked in (administrators: every venue; team leaders:
   * theirs). */
  @Answers('The live board: shifts under way or starting within the hour, with who is checked in', Envelope(LiveBoard))
  @Roles('admin', 'Team-Leader')
  @Get('board')
  async board(@CurrentUser() caller: AuthUser): Promise<Envelope<LiveBoard>> {
    return { success: true, data: await this.schedule.board(caller) };
  }

  /** data.shifts of one Pacific day. */
  @Answers("The shifts of one Pacific day with their holders and the caller's swap options", Envelope(DayShifts))
  @Get('shifts/:day')
  async day(@CurrentUser() caller: AuthUser, @Param('day') day: string): Promise<Envelope<DayShifts>> {
    return { success: true, data: await this.schedule.shiftsOfDay(caller, day) };
  }

  /** Saves the records of one shift together: data.performance_records as stored. */
  @Answers('Saves the performance records of one shift together', Envelope(SavedPerformanceRecords))
  @Roles('Team-Leader')
  @Post('pr')
  @HttpCode(200)
  async savePerformance(
    @CurrentUser() caller: AuthUser,
    @Body() body: SavePerformanceRecordsDto,
  ): Promise<Envelope<SavedPerformanceRecords>> {
    return { success: true, data: await this.performance.save(caller, body.performance_records) };
  }

  /**
   * The check-ins, check-outs, ratings and notes a team leader's phone kept offline, each judged once
   * (by its key) at the time of its tap: data.results, one per action, applied, refused or in conflict.
   */
  @Answers("Sends the record actions a team leader's phone kept offline, each judged once", Envelope(SyncedRecordActions))
  @Roles('Team-Leader')
  @Post('pr/sync')
  @HttpCode(200)
  async syncRecordActions(@CurrentUser() caller: AuthUser, @Body() body: SyncRecordActionsDto): Promise<Envelope<SyncedRecordActions>> {
    return { success: true, data: await this.recordSync.sync(caller, new Date(body.sent_at), body.actions) };
  }

  /** data: shifts, next_shifts, current_shifts, hours and now for the caller's own volunteer schedule (sent as built JSON). */
  @AnswersWritten("The volunteer's own schedule", Envelope(VolunteerSchedule))
  @Get(':id')
  async volunteer(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Res() response: Response): Promise<void> {
    sendJson(response, await this.schedule.volunteerSchedule(caller, id));
  }
}
