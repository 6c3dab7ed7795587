import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { REFERENCE_STATE_LABELS } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { User } from '../users/user.entity.js';
import { ApplicationReference } from './application-reference.entity.js';
import type { ReplaceRefereeDto } from './dto/referee-change.dto.js';
import { REFERENCE_SLOTS, type ReferenceSlot, ReferencesService, isSlot, refereeOf } from './references.service.js';

export const NOT_REQUESTED_YET = 'Requested when applications close';

/**
 * The applicant's view of their references: who was asked and where each request stands, never
 * what a referee wrote; and another referee for one who could not be reached.
 */
@Injectable()
export class ApplicantReferencesService {
  constructor(
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly shared: ReferencesService,
  ) {}

  async list(caller: AuthUser) {
    const { settings, closed } = await this.shared.closing();
    const base = { closesAt: settings.timeline.referencesDeadline, requestsFrom: settings.timeline.applicationEndDate };
    const application = await this.applications.findOneBy({ userId: caller.id, editionId: await this.shared.currentEditionId() });
    if (!application?.completed) return { ...base, references: [] };
    const rows = await this.references.find({ where: { applicationId: application.id }, order: { slot: 'ASC' } });
    if (!rows.length) {
      return {
        ...base,
        references: REFERENCE_SLOTS.map((slot) => ({
          slot,
          ...refereeOf(application.data ?? {}, slot),
          state: null,
          stateLabel: NOT_REQUESTED_YET,
          requestedAt: null,
          answeredAt: null,
          canReplace: false,
        })),
      };
    }
    // Never the answer: no ratings, statement, relationship or decline reason.
    return {
      ...base,
      references: rows.map((row) => ({
        slot: row.slot,
        referenceType: row.referenceType,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        state: row.state,
        stateLabel: REFERENCE_STATE_LABELS[row.state],
        requestedAt: row.requestedAt?.toISOString() ?? null,
        answeredAt: row.answeredAt?.toISOString() ?? null,
        canReplace: row.state === 'not-reachable' && !closed,
      })),
    };
  }

  /** Another referee in place of one who could not be reached, until references close; the request goes out at once. */
  async replace(caller: AuthUser, slotParam: string, body: ReplaceRefereeDto) {
    const slot = Number(slotParam);
    if (!/^\d+$/.test(slotParam) || !isSlot(slot))
      throw AppException.badRequest('slot must be 1 (first reference) or 2 (second reference)', { slot: 'slot must be 1 or 2' });
    const application = await this.applications.findOneBy({ userId: caller.id, editionId: await this.shared.currentEditionId() });
    if (!application?.completed) throw AppException.notFound('You have no submitted application, so there is no referee to replace.');
    const row = await this.references.findOneBy({ applicationId: application.id, slot });
    const { settings, now, closed, closesAtText } = await this.shared.closing();
    if (closed)
      throw AppException.conflict(
        `References closed on ${closesAtText}; a referee can no longer be replaced.`,
        ErrorCode.ReferenceNotReplaceable,
      );
    if (!row || row.state !== 'not-reachable') {
      throw AppException.conflict(
        'Only a referee who could not be reached can be replaced. This one can still answer.',
        ErrorCode.ReferenceNotReplaceable,
      );
    }
    const user = await this.users.findOneByOrFail({ id: caller.id });
    const other = await this.references.findOneBy({ applicationId: application.id, slot: (3 - slot) as ReferenceSlot });
    const referee = {
      referenceType: body.referenceType,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      email: body.email.trim(),
    };
    this.shared.checkReferee(referee, {
      accountEmail: user.email,
      otherEmail: other?.email ?? refereeOf(application.data ?? {}, (3 - slot) as ReferenceSlot).email,
      typeRequired: true,
    });
    const before = {
      referenceType: row.referenceType,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      state: row.state,
    };
    const changes = { ...referee, ...this.shared.newRequest(row, now), answeredAt: null, declineReason: null };
    const sends = await this.shared.transaction(async (manager) => {
      const result = await manager
        .getRepository(ApplicationReference)
        .update({ id: row.id, version: row.version, state: 'not-reachable' }, changes);
      if (!result.affected)
        throw AppException.conflict(
          'This reference changed meanwhile. Reload your dashboard and try again.',
          ErrorCode.ReferenceNotReplaceable,
        );
      // The application names who was asked: the only change a submitted application allows.
      await manager
        .getRepository(Application)
        .update(
          { id: application.id },
          { data: ReferencesService.dataWithReferee(application.data ?? {}, slot, referee), updatedAt: now, version: () => 'version + 1' },
        );
      await this.shared.record(manager, { id: caller.id, email: caller.email }, 'reference.replace', row, before, {
        ...referee,
        state: 'requested',
        requestNo: changes.requestNo,
      });
      return this.shared.oweRequestNow(manager, { ...row, ...changes } as ApplicationReference, user, settings);
    });
    await this.shared.sendAfterCommit(sends);
    return this.list(caller);
  }
}
