import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { isReferenceState } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { User } from '../users/user.entity.js';
import { ApplicationReference } from './application-reference.entity.js';
import type { CorrectRefereeDto } from './dto/referee-change.dto.js';
import { SettingsService } from '../settings/settings.service.js';
import { type ReferenceSlot, ReferencesService, refereeOf } from './references.service.js';

export const REFERENCE_SORTABLE = ['id', 'applicationId', 'slot', 'state', 'requestedAt', 'answeredAt', 'averageRating'] as const;

/** The references resource of the admin panel: everything about each reference, its emails, and the organisers' corrections. */
@Injectable()
export class AdminReferencesService {
  constructor(
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    private readonly shared: ReferencesService,
    private readonly settings: SettingsService,
  ) {}

  async list(list: ListQuery) {
    const where: Record<string, unknown> = {};
    const { filter } = list;
    if (filter.applicationId !== undefined) {
      const id = Number(filter.applicationId);
      if (!Number.isInteger(id))
        throw AppException.badRequest('applicationId must be a whole number', { applicationId: 'applicationId must be a whole number' });
      where.applicationId = id;
    }
    if (filter.state !== undefined) {
      if (!isReferenceState(filter.state)) {
        throw AppException.badRequest('state must be requested, received, declined, not-reachable or withdrawn', {
          state: 'unknown reference state',
        });
      }
      where.state = filter.state;
    }
    if (Array.isArray(filter.id)) where.id = In(filter.id.map(Number).filter(Number.isInteger));
    const [rows, total] = await this.references.findAndCount({
      where,
      order: { [list.sort.field]: list.sort.order, id: 'ASC' },
      skip: list.offset,
      take: list.limit,
    });
    return { rows: await this.views(rows), total };
  }

  async one(id: number) {
    const [view] = await this.views([await this.find(id)]);
    return view!;
  }

  /** Corrects the referee's names or email. A new email gets a new link (the old one stops working); the request goes out only with
   * `resend`. */
  async correct(id: number, body: CorrectRefereeDto, actor: AuthUser) {
    const row = await this.findWritable(id);
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    const applicant = await this.users.findOneByOrFail({ id: application.userId });
    const other = await this.references.findOneBy({ applicationId: row.applicationId, slot: 3 - row.slot });
    const change = { firstName: body.firstName, lastName: body.lastName, email: body.email };
    this.shared.checkReferee(change, {
      accountEmail: applicant.email,
      otherEmail: other?.email ?? refereeOf(application.data ?? {}, (3 - row.slot) as ReferenceSlot).email,
      typeRequired: false,
    });
    const { now } = await this.shared.closing();
    const changes: Partial<ApplicationReference> = { updatedAt: now, version: row.version + 1 };
    if (change.firstName !== undefined) changes.firstName = change.firstName;
    if (change.lastName !== undefined) changes.lastName = change.lastName;
    if (change.email !== undefined && change.email.toLowerCase() !== row.email.toLowerCase()) {
      const { tokenNonce, tokenHash } = this.shared.newRequest(row, now);
      Object.assign(changes, { email: change.email, tokenNonce, tokenHash });
    } else if (change.email !== undefined) changes.email = change.email;
    const before = { firstName: row.firstName, lastName: row.lastName, email: row.email };
    await this.shared.transaction(async (manager) => {
      const result = await manager.getRepository(ApplicationReference).update({ id: row.id, version: row.version }, changes);
      if (!result.affected) throw AppException.conflict('This reference changed meanwhile. Reload it and try again.');
      await manager.getRepository(Application).update(
        { id: application.id },
        {
          data: ReferencesService.dataWithReferee(application.data ?? {}, row.slot as ReferenceSlot, change),
          updatedAt: now,
          version: () => 'version + 1',
        },
      );
      await this.shared.record(manager, actor, 'reference.update', row, before, {
        firstName: changes.firstName ?? row.firstName,
        lastName: changes.lastName ?? row.lastName,
        email: changes.email ?? row.email,
        newLink: changes.tokenNonce !== undefined,
      });
    });
    return this.one(id);
  }

  /** Sends the request again now, with a new link: for a referee still waiting, not reachable, or withdrawn. */
  async resend(id: number, actor: AuthUser) {
    const row = await this.findWritable(id);
    const { settings, now, closed, closesAtText } = await this.shared.closing();
    if (closed)
      throw AppException.conflict(`References closed on ${closesAtText}; the request cannot be sent again.`, ErrorCode.ReferenceClosed);
    if (row.state === 'received' || row.state === 'declined') {
      throw AppException.conflict(
        `This referee has already answered (${row.state}); there is nothing to send again.`,
        ErrorCode.ReferenceAnswered,
      );
    }
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    const applicant = await this.users.findOneByOrFail({ id: application.userId });
    const changes = this.shared.newRequest(row, now);
    const sends = await this.shared.transaction(async (manager) => {
      const result = await manager.getRepository(ApplicationReference).update({ id: row.id, version: row.version }, changes);
      if (!result.affected) throw AppException.conflict('This reference changed meanwhile. Reload it and try again.');
      await this.shared.record(
        manager,
        actor,
        'reference.resend',
        row,
        { state: row.state, requestNo: row.requestNo },
        { state: 'requested', requestNo: changes.requestNo },
      );
      return this.shared.oweRequestNow(manager, { ...row, ...changes } as ApplicationReference, applicant, settings);
    });
    await this.shared.sendAfterCommit(sends);
    return this.one(id);
  }

  /** Withdraws the request: the referee's link is refused from now on (410). */
  async withdraw(id: number, actor: AuthUser) {
    const row = await this.findWritable(id);
    if (row.state === 'withdrawn') return this.one(id);
    const { now } = await this.shared.closing();
    await this.shared.transaction(async (manager) => {
      const result = await manager
        .getRepository(ApplicationReference)
        .update({ id: row.id, version: row.version }, { state: 'withdrawn', withdrawnAt: now, updatedAt: now, version: row.version + 1 });
      if (!result.affected) throw AppException.conflict('This reference changed meanwhile. Reload it and try again.');
      await this.shared.record(manager, actor, 'reference.withdraw', row, { state: row.state }, { state: 'withdrawn' });
    });
    return this.one(id);
  }

  /** A reference an administrator may change: one of the current edition's applications. */
  private async findWritable(id: number): Promise<ApplicationReference> {
    const row = await this.find(id);
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    await this.settings.assertCurrent(application.editionId);
    return row;
  }

  private async find(id: number): Promise<ApplicationReference> {
    const row = await this.references.findOneBy({ id });
    if (!row) throw AppException.notFound(`There is no reference with id ${id}.`);
    return row;
  }

  /** Each reference with the emails sent to its referee (the ledger's reference kinds, matched by the reference's id). */
  private async views(rows: ApplicationReference[]) {
    const applicants = await this.shared.applicantsOf(rows.map((row) => row.applicationId));
    const userIds = [...new Set([...applicants.values()].map((u) => u.id))];
    const sends = userIds.length
      ? await this.sends.find({
          where: { userId: In(userIds), kind: In(['reference-request', 'reference-reminder']) },
          order: { id: 'ASC' },
        })
      : [];
    return rows.map((row) => ({
      id: row.id,
      applicationId: row.applicationId,
      slot: row.slot,
      referenceType: row.referenceType,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      state: row.state,
      requestNo: row.requestNo,
      requestedAt: row.requestedAt?.toISOString() ?? null,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      relationship: row.relationship,
      knownFor: row.knownFor,
      ratings: row.ratings,
      averageRating: row.averageRating === null ? null : Number(row.averageRating),
      statement: row.statement,
      declineReason: row.declineReason,
      unreachableReason: row.unreachableReason,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
      mails: sends
        .filter((send) => (send.params as { referenceId?: number }).referenceId === row.id)
        .map((send) => ({
          kind: send.kind,
          status: send.status,
          recipient: send.recipient,
          sentAt: send.sentAt?.toISOString() ?? null,
          lastError: send.lastError,
        })),
    }));
  }
}
