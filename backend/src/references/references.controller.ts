import { timingSafeEqual, createHash } from 'node:crypto';
import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Param,
  Post,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AppException } from '../common/errors/app.exception.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { AdminReferencesService, REFERENCE_SORTABLE } from './admin-references.service.js';
import { ApplicantReferencesService } from './applicant-references.service.js';
import { BounceDto, CorrectRefereeDto, ReplaceRefereeDto } from './dto/referee-change.dto.js';
import { DeclineReferenceDto, ReferenceAnswerDto } from './dto/referee.dto.js';
import { RefereeService } from './referee.service.js';
import { ReferencesService } from './references.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AdminReference, BouncesMarked, Envelope, RefereeDeclined, RefereeForm, Type, UserReferences } from '@svp/domain/contract';
import { REFERENCE_STATES } from '@svp/domain';
import { idPipe } from '../common/pipes/whole-number.js';

/** The references of one application, in one state, or by id (react-admin's getMany). */
const REFERENCES_LIST = {
  sortable: REFERENCE_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { applicationId: filterOf.id(), state: filterOf.oneOf(REFERENCE_STATES), id: filterOf.ids() },
} as const;

/** The referee's form behind a personal link: no account, so guessing is throttled like the sign-in. */
@ApiTags('references')
@Public()
@UseGuards(RateLimitGuard)
@Controller('referee')
export class RefereeController {
  constructor(private readonly referee: RefereeService) {}

  @Answers("The referee's form, and their answer once given", Envelope(RefereeForm))
  @Get(':token')
  async form(@Param('token') token: string): Promise<Envelope<RefereeForm>> {
    return { success: true, data: await this.referee.form(token) };
  }

  @Answers("Gives or corrects the referee's answer, until the references' closing date", Envelope(RefereeForm))
  @Put(':token')
  async answer(@Param('token') token: string, @Body() body: ReferenceAnswerDto): Promise<Envelope<RefereeForm>> {
    return { success: true, data: await this.referee.answer(token, body) };
  }

  @Answers('Declines to give the reference', Envelope(RefereeDeclined))
  @Post(':token/decline')
  @HttpCode(200)
  async decline(@Param('token') token: string, @Body() body: DeclineReferenceDto): Promise<Envelope<RefereeDeclined>> {
    return { success: true, data: await this.referee.decline(token, body) };
  }
}

/** The applicant's own references: states only, and another referee for one not reachable. */
@ApiTags('references')
@ApiBearerAuth()
@Controller('users/references')
export class ApplicantReferencesController {
  constructor(private readonly references: ApplicantReferencesService) {}

  @Answers("The referees of the caller's application and where each stands", Envelope(UserReferences))
  @Get()
  async list(@CurrentUser() caller: AuthUser): Promise<Envelope<UserReferences>> {
    return { success: true, data: await this.references.list(caller) };
  }

  @Answers('Names another referee in place of one who could not be reached', Envelope(UserReferences))
  @Put(':slot')
  async replace(
    @CurrentUser() caller: AuthUser,
    @Param('slot') slot: string,
    @Body() body: ReplaceRefereeDto,
  ): Promise<Envelope<UserReferences>> {
    return { success: true, data: await this.references.replace(caller, slot, body) };
  }
}

/**
 * The bounce webhook's door: 404 when MAIL_BOUNCE_SECRET is not set (the route does not exist for
 * this deployment), 401 without the secret. A guard, so it answers before the body is even read.
 */
@Injectable()
export class BounceSecretGuard implements CanActivate {
  private readonly secret: Buffer | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = config.mailBounceSecret ? digest(config.mailBounceSecret) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.secret) throw AppException.notFound('Cannot POST /api/references/bounces');
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !timingSafeEqual(digest(given), this.secret))
      throw AppException.unauthorized('Send the bounce secret as Authorization: Bearer <MAIL_BOUNCE_SECRET>.');
    return true;
  }
}

/** Bounces reported later by the mail system: each referee still waiting at that address becomes not reachable. */
@ApiTags('references')
@Public()
@UseGuards(BounceSecretGuard)
@Controller('references')
export class BouncesController {
  constructor(private readonly references: ReferencesService) {}

  @Answers("Marks a bounced address's requested references not reachable", Envelope(BouncesMarked))
  @Post('bounces')
  @HttpCode(200)
  async bounce(@Body() body: BounceDto): Promise<Envelope<BouncesMarked>> {
    return { success: true, data: { marked: await this.references.markBounced(body.recipient, body.reason) } };
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The references resource of the admin panel (ra-data-simple-rest) and its actions. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/references')
export class AdminReferencesController {
  constructor(private readonly references: AdminReferencesService) {}

  @Answers('Lists references (react-admin list)', Type.Array(AdminReference))
  @Get()
  async list(
    @ListParams(REFERENCES_LIST) list: ListOf<typeof REFERENCES_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminReference[]> {
    const { rows, total } = await this.references.list(list);
    setContentRange(response, 'references', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One reference with its mails', AdminReference)
  @Get(':id')
  one(@Param('id', idPipe) id: number): Promise<AdminReference> {
    return this.references.one(id);
  }

  @Answers("Corrects a referee's name or email (a new link goes out)", AdminReference)
  @Put(':id')
  correct(@Param('id', idPipe) id: number, @Body() body: CorrectRefereeDto, @CurrentUser() actor: AuthUser): Promise<AdminReference> {
    return this.references.correct(id, body, actor);
  }

  @Answers('Draws a new link and sends the request again now', AdminReference)
  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminReference> {
    return this.references.resend(id, actor);
  }

  @Answers('Withdraws a request: its link answers 410', AdminReference)
  @Post(':id/withdraw')
  @HttpCode(200)
  withdraw(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminReference> {
    return this.references.withdraw(id, actor);
  }
}
