import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { RosterQueryDto } from './dto/roster.dto.js';
import { RosterService } from './roster.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, VenueDayRoster } from '@svp/domain/contract';

/** The printable venue-day roster, for the team leaders of the venue and administrators. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('schedule')
export class RosterController {
  constructor(private readonly rosters: RosterService) {}

  /** data: the venue, the day, and its shifts in start order, each with its volunteers (name, SV ID, phone number). */
  @Answers("A venue's shifts of one Pacific day with their volunteers and phone numbers", Envelope(VenueDayRoster))
  @Roles('admin', 'Team-Leader')
  @Get('roster')
  async roster(@CurrentUser() caller: AuthUser, @Query() query: RosterQueryDto): Promise<Envelope<VenueDayRoster>> {
    return { success: true, data: await this.rosters.roster(caller, query.venueId, query.day) };
  }
}
