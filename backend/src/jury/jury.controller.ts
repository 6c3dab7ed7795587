import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DEFAULT_TLS_PER_APP } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AssignJuryDto, JuryPreviewQueryDto } from './dto/assign-jury.dto.js';
import { ScoreDto } from './dto/score.dto.js';
import { JuryAssignmentService } from './jury-assignment.service.js';
import { JuryScoringService } from './jury-scoring.service.js';
import { JuryStatisticsService } from './jury-statistics.service.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, JuryAssignmentResult, JuryAssignments, JuryPreview, JuryScoreSaved, JuryStatistics } from '@svp/domain/contract';

/**
 * The kept /jury/* calls (docs/product.md, 'The calls kept from the earlier portal') and the statistics and
 * preview the admin screens use.
 */
@ApiTags('jury')
@ApiBearerAuth()
@Controller('jury')
export class JuryController {
  constructor(
    private readonly assignment: JuryAssignmentService,
    private readonly scoring: JuryScoringService,
    private readonly stats: JuryStatisticsService,
  ) {}

  /** Replaces the assignments: data.message with the counts. */
  @Answers('Replaces the jury assignments', Envelope(JuryAssignmentResult))
  @Roles('admin')
  @Post('assign-jury')
  @HttpCode(200)
  async assign(@CurrentUser() actor: AuthUser, @Body() body: AssignJuryDto): Promise<Envelope<JuryAssignmentResult>> {
    const result = await this.assignment.assign(actor, {
      tlsPerApp: body.TLsPerApp,
      reset: body.reset,
      seed: body.seed,
      avoidSameSchool: body.avoidSameSchool,
    });
    return { success: true, data: result };
  }

  /** 'This will assign {n} apps per TL.' */
  @Answers('What an assignment with this many team leaders per application would make', Envelope(JuryPreview))
  @Roles('admin')
  @Get('preview')
  async preview(@Query() query: JuryPreviewQueryDto): Promise<Envelope<JuryPreview>> {
    return { success: true, data: await this.assignment.preview(query.TLsPerApp ?? DEFAULT_TLS_PER_APP) };
  }

  @Answers("The jury's progress, disagreements, red flags and references", Envelope(JuryStatistics))
  @Roles('admin')
  @Get('statistics')
  async statistics(@Query('edition') edition?: string): Promise<Envelope<JuryStatistics>> {
    return { success: true, data: await this.stats.statistics(edition) };
  }

  /** data.assignments: the caller's own items (the opaque student_volunteer_id, score_id and the five values); 409 after the jury deadline.
   * */
  @Answers("The team leader's own jury items (opaque ids) with their scores", Envelope(JuryAssignments))
  @Roles('Team-Leader')
  @Get('tl-assignments/:tlProfileId')
  async assignments(
    @CurrentUser() caller: AuthUser,
    @Param('tlProfileId', wholeNumber('tlProfileId')) teamLeaderId: number,
  ): Promise<Envelope<JuryAssignments>> {
    return { success: true, data: await this.scoring.assignmentsOf(caller, teamLeaderId) };
  }

  /** Creates a score: data.score.score_id. */
  @Answers('Scores a jury item', Envelope(JuryScoreSaved))
  @Roles('Team-Leader')
  @Post('score')
  @HttpCode(200)
  async create(@CurrentUser() caller: AuthUser, @Body() body: ScoreDto): Promise<Envelope<JuryScoreSaved>> {
    return { success: true, data: await this.scoring.create(caller, body) };
  }

  /** Updates the caller's score. */
  @Answers('Changes a score', Envelope(JuryScoreSaved))
  @Roles('Team-Leader')
  @Post('score/:scoreId')
  @HttpCode(200)
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('scoreId', wholeNumber('scoreId')) scoreId: number,
    @Body() body: ScoreDto,
  ): Promise<Envelope<JuryScoreSaved>> {
    return { success: true, data: await this.scoring.update(caller, scoreId, body) };
  }
}
