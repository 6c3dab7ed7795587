import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { CreateTeamMessageDto, TeamAudienceDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';
import { TeamMessagesService } from './team-messages.service.js';
import { Answers, AnswersWritten } from '../common/decorators/answers.decorator.js';
import {
  AudiencePreview,
  Envelope,
  MessageDetail,
  MessageDismissed,
  ReceivedMessages,
  TeamMessageVenues,
  TeamMessages,
} from '@svp/domain/contract';

/** A team leader writes to the volunteers of their own venue's shifts, with the organisers in copy. */
@ApiTags('messages')
@ApiBearerAuth()
@Roles('Team-Leader')
@Controller('messages/team')
export class TeamMessagesController {
  constructor(private readonly team: TeamMessagesService) {}

  /** data.venues: the venues the caller leads, each with its shifts. */
  @Answers('The venues the caller leads, each with its shifts', Envelope(TeamMessageVenues))
  @Get('venues')
  async venues(@CurrentUser() caller: AuthUser): Promise<Envelope<TeamMessageVenues>> {
    return { success: true, data: { venues: await this.team.venues(caller) } };
  }

  @Answers('The volunteers of a led venue (a shift, a day) a message would go to', Envelope(AudiencePreview))
  @Post('audience')
  @HttpCode(200)
  async audience(@CurrentUser() caller: AuthUser, @Body() body: TeamAudienceDto): Promise<Envelope<AudiencePreview>> {
    return { success: true, data: await this.team.audience(caller, body) };
  }

  @Answers("Sends a team leader's message to the volunteers of a venue they lead", Envelope(MessageDetail))
  @Post()
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateTeamMessageDto): Promise<Envelope<MessageDetail>> {
    return { success: true, data: await this.team.create(caller, body) };
  }

  /** data.messages: the caller's own messages with their progress. */
  @Answers("The caller's own messages", Envelope(TeamMessages))
  @Get()
  async list(@CurrentUser() caller: AuthUser): Promise<Envelope<TeamMessages>> {
    return { success: true, data: { messages: await this.team.list(caller) } };
  }
}

/** The messages sent to the caller, and their dashboard banners. */
@ApiTags('messages')
@ApiBearerAuth()
@Controller('messages')
export class ReceivedMessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** data.messages: newest first, each made for the caller (written in pieces, see MessagesService.receivedJson). */
  @AnswersWritten('The messages sent to the caller, newest first', Envelope(ReceivedMessages))
  @Get()
  async received(@CurrentUser() caller: AuthUser, @Res() response: Response): Promise<void> {
    const pieces = await this.messages.receivedJson(caller.id);
    response.status(200);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader(
      'Content-Length',
      pieces.reduce((length, piece) => length + piece.length, 0),
    );
    // Not corked: the compression middleware writes its output after end(), to a socket a cork would hold shut.
    for (const piece of pieces) response.write(piece);
    response.end();
  }

  @Answers("Hides a message's banner for good", Envelope(MessageDismissed))
  @Post(':id/dismiss')
  @HttpCode(200)
  async dismiss(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<Envelope<MessageDismissed>> {
    await this.messages.dismiss(caller.id, id);
    return { success: true, data: { dismissed: true } };
  }
}
