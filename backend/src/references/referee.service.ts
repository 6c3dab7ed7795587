import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  type EditionSettings,
  REFERENCE_RATING_KEYS,
  type ReferenceRatings,
  averageReferenceRating,
  validateReferenceAnswer,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { User } from '../users/user.entity.js';
import { ApplicationReference } from './application-reference.entity.js';
import type { DeclineReferenceDto, ReferenceAnswerDto } from './dto/referee.dto.js';
import { REFERENCE_TOKEN_PATTERN, referenceTokenHash } from './reference-token.js';
import { ReferencesService } from './references.service.js';

export const REFEREE_LINK_MESSAGES = {
  invalid: 'This reference link is not valid. Use the newest link from your email, copied whole.',
  closed: (date: string) => `References for this application closed on ${date}. Thank you for your time.`,
  declined: (contactEmail: string) => `You declined to give this reference. If this was a mistake, write to ${contactEmail}.`,
  withdrawn: 'The organisers withdrew this reference request. There is nothing more to do.',
  answered: (date: string) =>
    `You have already given this reference, so it cannot be declined. You can still correct it with the same link until ${date}.`,
  changed: 'This reference changed while you were sending your answer. Open the link again to see it as it is now.',
} as const;

/** The referee's side: the form behind a personal link, no account. The token is all the referee has. */
@Injectable()
export class RefereeService {
  constructor(
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly shared: ReferencesService,
  ) {}

  async form(token: string) {
    const { row, settings } = await this.open(token);
    return this.view(row, settings);
  }

  /** The answer, first or corrected: the reference is received. */
  async answer(token: string, body: ReferenceAnswerDto) {
    const { row, settings, now } = await this.open(token);
    const problems = validateReferenceAnswer(body);
    if (problems.length) {
      throw AppException.badRequest(
        problems.map((p) => p.message).join(' '),
        Object.fromEntries(problems.map((p) => [p.field, p.message])),
      );
    }
    const source = body.ratings as Record<string, unknown>;
    const ratings = Object.fromEntries(REFERENCE_RATING_KEYS.map((key) => [key, source[key]])) as ReferenceRatings;
    const changes = {
      state: 'received' as const,
      relationship: body.relationship!,
      knownFor: body.knownFor!,
      ratings,
      averageRating: averageReferenceRating(ratings),
      statement: body.statement!.trim(),
      answeredAt: now,
      updatedAt: now,
      version: row.version + 1,
    };
    await this.shared.transaction(async (manager) => {
      const result = await manager.getRepository(ApplicationReference).update({ id: row.id, version: row.version }, changes);
      if (!result.affected) throw AppException.conflict(REFEREE_LINK_MESSAGES.changed);
      await this.shared.record(
        manager,
        null,
        row.state === 'received' ? 'reference.correct' : 'reference.answer',
        row,
        { state: row.state },
        { state: 'received', averageRating: changes.averageRating },
      );
    });
    return this.view({ ...row, ...changes }, settings);
  }

  /** The referee declines, with an optional reason: only while nothing was given. */
  async decline(token: string, body: DeclineReferenceDto) {
    const { row, settings, now } = await this.open(token);
    if (row.state === 'received')
      throw AppException.conflict(REFEREE_LINK_MESSAGES.answered(this.shared.closingText(settings)), ErrorCode.ReferenceAnswered);
    const reason = body.reason?.trim() || null;
    await this.shared.transaction(async (manager) => {
      const result = await manager
        .getRepository(ApplicationReference)
        .update(
          { id: row.id, version: row.version },
          { state: 'declined', declineReason: reason, answeredAt: now, updatedAt: now, version: row.version + 1 },
        );
      if (!result.affected) throw AppException.conflict(REFEREE_LINK_MESSAGES.changed);
      await this.shared.record(manager, null, 'reference.decline', row, { state: row.state }, { state: 'declined' });
    });
    return { state: 'declined' as const };
  }

  /** The reference behind a token, or the refusal the referee sees: 401 for a link that is not (or no longer) one, 410 when it is over. */
  private async open(token: string) {
    const row = REFERENCE_TOKEN_PATTERN.test(token) ? await this.references.findOneBy({ tokenHash: referenceTokenHash(token) }) : null;
    if (!row) throw AppException.unauthorized(REFEREE_LINK_MESSAGES.invalid, ErrorCode.ReferenceLinkInvalid);
    const application = await this.applications.findOne({ where: { id: row.applicationId }, select: { id: true, editionId: true } });
    const { settings, now, closed, closesAtText } = await this.shared.closing(application?.editionId);
    if (row.state === 'withdrawn') throw new AppException(410, ErrorCode.ReferenceWithdrawn, REFEREE_LINK_MESSAGES.withdrawn);
    if (row.state === 'declined')
      throw new AppException(410, ErrorCode.ReferenceDeclined, REFEREE_LINK_MESSAGES.declined(settings.contactEmail));
    if (closed) throw new AppException(410, ErrorCode.ReferenceClosed, REFEREE_LINK_MESSAGES.closed(closesAtText));
    return { row, settings, now };
  }

  private async view(row: ApplicationReference, settings: EditionSettings) {
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    const applicant = await this.users.findOneByOrFail({ id: application.userId });
    const received = row.state === 'received';
    return {
      applicant: { firstName: applicant.firstName, lastName: applicant.lastName },
      programme: `${settings.conference.name} Student Volunteer Program`,
      referee: { firstName: row.firstName, lastName: row.lastName },
      referenceType: row.referenceType,
      closesAt: settings.timeline.referencesDeadline,
      state: received ? ('received' as const) : ('requested' as const),
      answer: received ? { relationship: row.relationship, knownFor: row.knownFor, ratings: row.ratings, statement: row.statement } : null,
      answeredAt: received ? (row.answeredAt?.toISOString() ?? null) : null,
    };
  }
}
