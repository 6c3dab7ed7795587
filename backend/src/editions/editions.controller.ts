import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { NextEditionQueryDto, StartEditionDto } from './dto/start-edition.dto.js';
import { EditionHistoryService } from './edition-history.service.js';
import { EditionsService } from './editions.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import {
  EditionComparison,
  EditionView,
  Envelope,
  NextEditionProposal,
  StartedEdition,
  Type,
  VolunteerHistoryView,
} from '@svp/domain/contract';

const EDITIONS_LIST = { sortable: ['id'], defaultSort: { field: 'id', order: 'DESC' }, filters: {} } as const;

/** The programme's editions: the list, what the next one would start from, and starting it. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/editions')
export class AdminEditionsController {
  constructor(private readonly editions: EditionsService) {}

  @Answers('Lists the editions, newest first', Type.Array(EditionView))
  @Get()
  async list(
    @ListParams(EDITIONS_LIST) list: ListOf<typeof EDITIONS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EditionView[]> {
    const { rows, total } = await this.editions.list(list);
    setContentRange(response, 'editions', list.offset, rows.length, total);
    return rows;
  }

  /**
   * The current edition's settings moved to the same week of the next year (weekdays kept), or with
   * every date moved with `startDate`, the conference's first day the organisers pick; for the form.
   */
  @Answers('What a new edition would start from: the current settings in the same week of the next year', NextEditionProposal)
  @Get('next')
  next(@Query() query: NextEditionQueryDto): Promise<NextEditionProposal> {
    return this.editions.next(query.startDate);
  }

  /** Starts the new edition: it is current at once, and the previous one read-only. */
  @Answers('Starts a new edition, which becomes the current one', StartedEdition)
  @Post()
  start(@CurrentUser() caller: AuthUser, @Body() body: StartEditionDto): Promise<StartedEdition> {
    return this.editions.start(caller, body.settings, {
      copyVenues: body.copyVenues,
      copyShifts: body.copyShifts ?? false,
      keepTeamLeaders: body.keepTeamLeaders ?? [],
    });
  }
}

/** This edition's application figures beside the last one's. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/statistics')
export class AdminEditionStatisticsController {
  constructor(private readonly history: EditionHistoryService) {}

  @Answers("This edition's statistics beside the last one's", EditionComparison)
  @Get('comparison')
  comparison(): Promise<EditionComparison> {
    return this.history.comparison();
  }
}

/** The years the caller was a confirmed volunteer or team leader on this portal, for the SIGGRAPH Experience tab. */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class VolunteerHistoryController {
  constructor(private readonly history: EditionHistoryService) {}

  @Answers('The years the caller was a confirmed volunteer or team leader on the portal', Envelope(VolunteerHistoryView))
  @Get('volunteer-history')
  async volunteerHistory(@CurrentUser() caller: AuthUser): Promise<Envelope<VolunteerHistoryView>> {
    return { success: true, data: { portalYears: await this.history.ownYears(caller.id) } };
  }
}
