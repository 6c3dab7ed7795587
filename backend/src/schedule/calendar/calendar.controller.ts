import { Controller, Delete, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { OptionalBearer } from '../../common/decorators/optional-bearer.decorator.js';
import { CalendarFeedsService } from './calendar-feeds.service.js';
import { CalendarReaderGuard } from './calendar-reader.guard.js';
import { wholeNumber } from '../../common/pipes/whole-number.js';
import { Answers, AnswersFile } from '../../common/decorators/answers.decorator.js';
import { CalendarFeedLink, CalendarFeedRevoked, CalendarFeedStatus, Envelope } from '@svp/domain/contract';

/** A personal iCalendar feed of one's shifts, and the link that opens it. */
@ApiTags('schedule')
@ApiBearerAuth()
@Controller('schedule')
export class CalendarController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  /** Creates or replaces the caller's link: data.url, data.webcal_url (shown only now) and data.created_at. */
  @Answers('Makes a personal calendar link (an earlier one stops working)', Envelope(CalendarFeedLink))
  @Post(':id/calendar-feed')
  async subscribe(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<Envelope<CalendarFeedLink>> {
    return { success: true, data: await this.feeds.subscribe(caller, id) };
  }

  /** data.active, data.created_at and data.last_used_at of the caller's link. */
  @Answers('Whether the caller has a working calendar link (never the link itself)', Envelope(CalendarFeedStatus))
  @Get(':id/calendar-feed')
  async status(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<Envelope<CalendarFeedStatus>> {
    return { success: true, data: await this.feeds.status(caller, id) };
  }

  /** Turns the caller's link off: calendars subscribed to it stop updating. */
  @Answers("Turns the caller's calendar link off", Envelope(CalendarFeedRevoked))
  @Delete(':id/calendar-feed')
  async revoke(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number): Promise<Envelope<CalendarFeedRevoked>> {
    return { success: true, data: await this.feeds.revoke(caller, id) };
  }

  /** The .ics of user {id}'s shifts, opened by their link's ?token= or by their access token. */
  @AnswersFile("The volunteer's shifts as iCalendar (signed in, or with the link's token)", 'text/calendar')
  @Public()
  @OptionalBearer()
  @UseGuards(CalendarReaderGuard)
  @ApiQuery({ name: 'token', required: false, description: 'the token of the personal calendar link' })
  @Get(':id/calendar.ics')
  async calendar(
    @Param('id', wholeNumber('id')) id: number,
    @Query('token') token: unknown,
    @Req() request: Request & { user?: AuthUser },
    @Res() response: Response,
  ): Promise<void> {
    const user =
      token !== undefined
        ? await this.feeds.ownerOfToken(id, typeof token === 'string' ? token : '')
        : await this.feeds.signedInUser(request.user!, id);
    const { fileName, text } = await this.feeds.calendar(user);
    response.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    response.setHeader('Cache-Control', 'private, max-age=300');
    response.send(text);
  }
}
