import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { AudienceDto, CreateMessageDto, MessageTextDto, PreviewMessageDto, RetryMessageDto } from './dto/messages.dto.js';
import { MESSAGE_SORTABLE } from './messages.service.js';
import { OrganisersMessagesService } from './organisers-messages.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import {
  AudiencePreview,
  MessageDetail,
  MessagePreview,
  MessageRecipientRow,
  MessageSummary,
  MessageTestSent,
  Type,
} from '@svp/domain/contract';
import { DELIVERY_STATES } from '@svp/domain';

/** Messages by their state. */
const MESSAGES_LIST = {
  sortable: MESSAGE_SORTABLE,
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { state: filterOf.oneOf(['sending', 'sent', 'cancelled']) },
} as const;
/** A message's recipients by their delivery, or a name, SV ID or email to search. */
const RECIPIENTS_LIST = {
  sortable: ['id'],
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { state: filterOf.oneOf(DELIVERY_STATES), q: filterOf.text() },
} as const;

/** The organisers' messages: count and list an audience, preview, test, send, follow, stop, resume, retry. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(private readonly messages: OrganisersMessagesService) {}

  /** How many the audience holds now, and who. */
  @Answers('How many an audience holds now, and who', AudiencePreview)
  @Post('audience')
  @HttpCode(200)
  audience(@Body() body: AudienceDto): Promise<AudiencePreview> {
    return this.messages.audience(body.audience);
  }

  /** The message as the audience's first recipient (or the caller) will get it. */
  @Answers('A message as the first recipient of the audience will get it', MessagePreview)
  @Post('preview')
  @HttpCode(200)
  preview(@CurrentUser() caller: AuthUser, @Body() body: PreviewMessageDto): Promise<MessagePreview> {
    return this.messages.preview(caller, body);
  }

  /** Sends the message now to the caller's own address. */
  @Answers("Sends a message now to the caller's own address", MessageTestSent)
  @Post('test')
  @HttpCode(200)
  test(@CurrentUser() caller: AuthUser, @Body() body: MessageTextDto): Promise<MessageTestSent> {
    return this.messages.test(caller, body);
  }

  @Answers('Sends a message to an audience (queued in the mail ledger)', MessageDetail)
  @Post()
  create(@CurrentUser() caller: AuthUser, @Body() body: CreateMessageDto): Promise<MessageDetail> {
    return this.messages.create(caller, body);
  }

  @Answers('Lists messages (react-admin list)', Type.Array(MessageSummary))
  @Get()
  async list(
    @ListParams(MESSAGES_LIST) list: ListOf<typeof MESSAGES_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageSummary[]> {
    const { rows, total } = await this.messages.list(list);
    setContentRange(response, 'messages', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One message with its progress', MessageDetail)
  @Get(':id')
  detail(@Param('id', wholeNumber('id')) id: number): Promise<MessageDetail> {
    return this.messages.detail(id);
  }

  /** Each recipient's delivery. Filter { state?, q? }. */
  @Answers("Lists a message's recipients and their delivery (react-admin list)", Type.Array(MessageRecipientRow))
  @Get(':id/recipients')
  async recipients(
    @Param('id', wholeNumber('id')) id: number,
    @ListParams(RECIPIENTS_LIST) list: ListOf<typeof RECIPIENTS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageRecipientRow[]> {
    const { rows, total } = await this.messages.recipients(id, list);
    setContentRange(response, 'recipients', list.offset, rows.length, total);
    return rows;
  }

  @Answers('Stops a message: its queued recipients are cancelled', MessageDetail)
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<MessageDetail> {
    return this.messages.cancel(id, caller);
  }

  @Answers("Queues a message's cancelled recipients again", MessageDetail)
  @Post(':id/resume')
  @HttpCode(200)
  resume(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<MessageDetail> {
    return this.messages.resume(id, caller);
  }

  @Answers("Queues a message's failed or interrupted recipients again", MessageDetail)
  @Post(':id/retry')
  @HttpCode(200)
  retry(
    @CurrentUser() caller: AuthUser,
    @Param('id', wholeNumber('id')) id: number,
    @Body() body: RetryMessageDto,
  ): Promise<MessageDetail> {
    return this.messages.retry(id, caller, body.include);
  }
}
