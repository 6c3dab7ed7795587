import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { SavePerformanceRecordsDto } from './dto/performance-records.dto.js';
import { PerformanceRecordsService } from './performance-records.service.js';
import type { JsonParts } from './schedule-snapshots.js';
import { ScheduleService } from './schedule.service.js';
import { wholeNumber } from '../common/pipes/whole-number.js';

/**
 * The two schedule reads answer JSON they have put together themselves (see ScheduleSnapshot), in
 * pieces: written corked, so the headers and every piece leave in one system call, uncopied.
 */
function sendJson(response: Response, parts: JsonParts): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', parts.reduce((length, part) => length + part.length, 0));
  response.cork();
  for (let i = 0; i < parts.length - 1; i += 1) response.write(parts[i]);
  // end() uncorks.
  response.end(parts[parts.length - 1]);
}


/** The spec's /schedule/* calls (operations-area §7), swaps aside. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('schedule')
export class ScheduleController {
  constructor(
    private readonly schedule: ScheduleService,
    private readonly performance: PerformanceRecordsService,
  ) {}

  /** data: shifts, next_shifts, current_shifts, venues and now for the caller's own team-leader schedule (sent as built JSON). */
  @Roles('Team-Leader')
  @Get('tl/:id')
  async teamLeader(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Res() response: Response) {
    sendJson(response, await this.schedule.teamLeaderSchedule(caller, id));
  }

  /** data.shift with its studentVolunteers and their performance records. */
  @Roles('Team-Leader')
  @Get('shift/:id')
  async shift(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number) {
    return { success: true, data: await this.schedule.shiftDetail(caller, id) };
  }

  /** data: now and the shifts under way or starting within the hour, with who is checked in (administrators: every venue; team leaders: theirs). */
  @Roles('admin', 'Team-Leader')
  @Get('board')
  async board(@CurrentUser() caller: AuthUser) {
    return { success: true, data: await this.schedule.board(caller) };
  }

  /** data.shifts of one Pacific day. */
  @Get('shifts/:day')
  async day(@CurrentUser() caller: AuthUser, @Param('day') day: string) {
    return { success: true, data: await this.schedule.shiftsOfDay(caller, day) };
  }

  /** Saves the records of one shift together: data.performance_records as stored. */
  @Roles('Team-Leader')
  @Post('pr')
  @HttpCode(200)
  async savePerformance(@CurrentUser() caller: AuthUser, @Body() body: SavePerformanceRecordsDto) {
    return { success: true, data: await this.performance.save(caller, body.performance_records) };
  }

  /** data: shifts, next_shifts, current_shifts, hours and now for the caller's own volunteer schedule (sent as built JSON). */
  @Get(':id')
  async volunteer(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Res() response: Response) {
    sendJson(response, await this.schedule.volunteerSchedule(caller, id));
  }
}
