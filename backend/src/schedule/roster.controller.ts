import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { RosterQueryDto } from './dto/roster.dto.js';
import { RosterService } from './roster.service.js';

/** The printable venue-day roster (#22), for the team leaders of the venue and administrators. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('schedule')
export class RosterController {
  constructor(private readonly rosters: RosterService) {}

  /** data: the venue, the day, and its shifts in start order, each with its volunteers (name, SV ID, phone number). */
  @Roles('admin', 'Team-Leader')
  @Get('roster')
  async roster(@CurrentUser() caller: AuthUser, @Query() query: RosterQueryDto) {
    return { success: true, data: await this.rosters.roster(caller, query.venueId, query.day) };
  }
}
