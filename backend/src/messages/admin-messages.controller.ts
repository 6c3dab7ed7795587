import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ListQueryDto, parseListQuery, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { AudienceDto, CreateMessageDto, MessageTextDto, PreviewMessageDto, RetryMessageDto } from './dto/messages.dto.js';
import { MESSAGE_SORTABLE } from './messages.service.js';
import { OrganisersMessagesService } from './organisers-messages.service.js';

/** The organisers' messages (#22): count and list an audience, preview, test, send, follow, stop, resume, retry. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(private readonly messages: OrganisersMessagesService) {}

  /** How many the audience holds now, and who. */
  @Post('audience')
  @HttpCode(200)
  audience(@Body() body: AudienceDto) {
    return this.messages.audience(body.audience);
  }

  /** The message as the audience's first recipient (or the caller) will get it. */
  @Post('preview')
  @HttpCode(200)
  preview(@CurrentUser() caller: AuthUser, @Body() body: PreviewMessageDto) {
    return this.messages.preview(caller, body);
  }

  /** Sends the message now to the caller's own address. */
  @Post('test')
  @HttpCode(200)
  test(@CurrentUser() caller: AuthUser, @Body() body: MessageTextDto) {
    return this.messages.test(caller, body);
  }

  @Post()
  create(@CurrentUser() caller: AuthUser, @Body() body: CreateMessageDto) {
    return this.messages.create(caller, body);
  }

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: MESSAGE_SORTABLE, defaultSort: { field: 'id', order: 'DESC' } });
    const { rows, total } = await this.messages.list(list);
    setContentRange(response, 'messages', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  detail(@Param('id', wholeNumber('id')) id: number) {
    return this.messages.detail(id);
  }

  /** Each recipient's delivery. Filter { state?, q? }. */
  @Get(':id/recipients')
  async recipients(@Param('id', wholeNumber('id')) id: number, @Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' } });
    const { rows, total } = await this.messages.recipients(id, list);
    setContentRange(response, 'recipients', list.offset, rows.length, total);
    return rows;
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number) {
    return this.messages.cancel(id, caller);
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number) {
    return this.messages.resume(id, caller);
  }

  @Post(':id/retry')
  @HttpCode(200)
  retry(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Body() body: RetryMessageDto) {
    return this.messages.retry(id, caller, body.include);
  }
}
