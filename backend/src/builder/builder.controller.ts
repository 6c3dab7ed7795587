import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { ProposeDto, VolunteerConstraintsDto } from './dto/builder.dto.js';
import { ShiftFillService } from './shift-fill.service.js';
import { VolunteerConstraintsService } from './volunteer-constraints.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Availability, Envelope, ShiftCandidates, ShiftProposalView, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

/** A volunteer's own availability, until schedules are out. */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/availability')
export class AvailabilityController {
  constructor(private readonly constraints: VolunteerConstraintsService) {}

  @Answers("The caller's availability and limits, and whether they may still change them", Envelope(Availability))
  @Get()
  async get(@CurrentUser() caller: AuthUser): Promise<Envelope<Availability>> {
    return { success: true, data: await this.constraints.own(caller) };
  }

  @Answers("Sets the caller's availability and limits (until schedules are released)", Envelope(Availability))
  @Put()
  async put(@Body() body: VolunteerConstraintsDto, @CurrentUser() caller: AuthUser): Promise<Envelope<Availability>> {
    return { success: true, data: await this.constraints.saveOwn(caller, body) };
  }
}

/** Fill a shift from the team leader's shift detail: candidates, and proposals for the organisers. */
@ApiTags('schedule')
@ApiBearerAuth()
@Roles('Team-Leader')
@Controller('schedule/shift')
export class ShiftFillController {
  constructor(private readonly fill: ShiftFillService) {}

  @Answers("Who could take one of a led shift's free places now, best first", Envelope(ShiftCandidates))
  @Get(':id/candidates')
  async candidates(@Param('id', idPipe) id: number, @CurrentUser() caller: AuthUser): Promise<Envelope<ShiftCandidates>> {
    return { success: true, data: await this.fill.candidatesForLeader(caller, id) };
  }

  @Answers("The team leader's proposals for a shift", Envelope(Type.Array(ShiftProposalView)))
  @Get(':id/proposals')
  async proposals(@Param('id', idPipe) id: number, @CurrentUser() caller: AuthUser): Promise<Envelope<ShiftProposalView[]>> {
    return { success: true, data: await this.fill.proposalsOfShift(caller, id) };
  }

  @Answers('Proposes a volunteer for a free place; the organisers decide', Envelope(ShiftProposalView))
  @Post(':id/proposals')
  async propose(
    @Param('id', idPipe) id: number,
    @Body() body: ProposeDto,
    @CurrentUser() caller: AuthUser,
  ): Promise<Envelope<ShiftProposalView>> {
    return { success: true, data: await this.fill.propose(caller, id, body.volunteerId) };
  }
}
