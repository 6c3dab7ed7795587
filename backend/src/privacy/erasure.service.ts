import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import {
  ERASED_NAME,
  type ErasureRequestView,
  REMOVED_TEXT,
  erasedApplicationData,
  erasedConfirmation,
  erasedEmail,
  jsonWithoutPerson,
  withoutPerson,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { ScheduleBuild } from '../builder/schedule-build.entity.js';
import type { AuthUser } from '../common/auth-user.js';
import type { ListQuery } from '../common/admin-list.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { ProofFile } from '../files/proof-file.entity.js';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { UploadTicket } from '../files/upload-ticket.entity.js';
import { MailLedgerService } from '../mail/mail-ledger.service.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { MessageDismissal } from '../messages/message-dismissal.entity.js';
import { Message } from '../messages/message.entity.js';
import { ApplicationReference } from '../references/application-reference.entity.js';
import { newReferenceNonce, referenceTokenHash } from '../references/reference-token.js';
import { CalendarFeed } from '../schedule/calendar/calendar-feed.entity.js';
import { PerformanceRecord } from '../schedule/performance-record.entity.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { VolunteerConstraints } from '../schedule/volunteer-constraints.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { CallerCache } from '../users/caller-cache.js';
import { OneTimeCode } from '../users/one-time-code.entity.js';
import { User } from '../users/user.entity.js';
import { DataExport } from './data-export.entity.js';
import { ErasureRequest } from './erasure-request.entity.js';

export const ERASURE_MESSAGES = {
  notFound: (id: number) => `There is no erasure request ${id}.`,
  noUser: (id: number) => `There is no user with id ${id}.`,
  administrator: 'Administrators are not erased: remove the administrator flag first, then ask again.',
  alreadyErased: 'This person has already been erased.',
  open: 'An erasure of this person is already waiting for a second administrator. Confirm or cancel that one.',
  decided: (state: string) => `This erasure has already been ${state}.`,
  sameAdmin: 'You asked for this erasure: another administrator must confirm it. Two people decide an erasure, which cannot be undone.',
} as const;

/**
 * Text fields of what the audit log and the mail ledger kept about a person's records, replaced as a
 * whole: they may say anything about them, or name them or their referees.
 */
const FREE_TEXT_KEYS = new Set([
  'accommodations',
  'startBackToBack',
  'endBackToBack',
  'note',
  'notes',
  'timeNote',
  'reason',
  'statement',
  'declineReason',
  'unreachableReason',
  'firstName',
  'lastName',
  'email',
  'volunteerName',
  'name',
  'fullName',
  'applicantFirstName',
  'applicantLastName',
  'refereeFirstName',
  'refereeLastName',
  'recipient',
]);

interface Person {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  nickname: string | null;
}

/**
 * Erasure on request (docs/decisions.md, 'Erasure on request'): one administrator asks, another
 * confirms; the person's personal fields and files are removed or replaced by a placeholder in every
 * edition (closed editions too: the deliberate exception to their being read-only), their account can
 * no longer sign in, and what other people's records need (a shift's count, the jury's statistics,
 * an edition's totals) stays as it was. The audit log keeps that it happened and by whom.
 */
@Injectable()
export class ErasureService {
  private readonly logger = new Logger('Erasure');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly ledger: MailLedgerService,
    private readonly settings: SettingsService,
    private readonly callers: CallerCache,
    @Inject(ProofStorage) private readonly storage: ProofStorage,
    private readonly clock: Clock,
  ) {}

  async list(query: ListQuery<{ state?: 'requested' | 'confirmed' | 'cancelled'; userId?: number }>, caller: AuthUser) {
    const where = {
      ...(query.filter.state ? { state: query.filter.state } : {}),
      ...(query.filter.userId ? { userId: query.filter.userId } : {}),
    };
    const [rows, total] = await this.dataSource.manager.findAndCount(ErasureRequest, {
      where,
      order: { [query.sort.field]: query.sort.order, id: 'DESC' },
      skip: query.offset,
      take: query.limit,
    });
    return { rows: await this.views(rows, caller), total };
  }

  async get(id: number, caller: AuthUser): Promise<ErasureRequestView> {
    return (await this.views([await this.find(this.dataSource.manager, id)], caller))[0]!;
  }

  /** The first administrator asks: the request waits for a second one. */
  async request(caller: AuthUser, body: { userId: number; reason: string }): Promise<ErasureRequestView> {
    const manager = this.dataSource.manager;
    const user = await manager.findOneBy(User, { id: body.userId });
    if (!user) throw AppException.notFound(ERASURE_MESSAGES.noUser(body.userId));
    if (user.erasedAt) throw AppException.conflict(ERASURE_MESSAGES.alreadyErased, ErrorCode.NotErasable);
    if (user.isAdmin) throw AppException.conflict(ERASURE_MESSAGES.administrator, ErrorCode.NotErasable);
    let saved: ErasureRequest;
    try {
      saved = await manager.transaction(async (tx) => {
        const row = await tx.save(
          tx.create(ErasureRequest, {
            userId: user.id,
            state: 'requested',
            reason: body.reason.trim(),
            requestedBy: caller.id,
            requestedAt: this.clock.now(),
            decidedBy: null,
            decidedAt: null,
            counts: null,
            openKey: `user:${user.id}`,
          }),
        );
        await this.audit.record(
          { id: caller.id, email: caller.email },
          { action: 'erasure.request', entity: 'user', entityId: user.id, after: { erasureId: row.id } },
          tx,
        );
        return row;
      });
    } catch (error) {
      // One open request per person (its open_key is unique), whatever server the second came to.
      if (isUniqueViolation(error)) throw AppException.conflict(ERASURE_MESSAGES.open, ErrorCode.ErasureOpen);
      throw error;
    }
    return this.get(saved.id, caller);
  }

  async cancel(caller: AuthUser, id: number): Promise<ErasureRequestView> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.find(manager, id);
      const changed = await manager.update(
        ErasureRequest,
        { id, state: 'requested' },
        { state: 'cancelled', decidedBy: caller.id, decidedAt: this.clock.now(), openKey: null },
      );
      if (!changed.affected) throw AppException.conflict(ERASURE_MESSAGES.decided(row.state), ErrorCode.ErasureDecided);
      await this.audit.record(
        { id: caller.id, email: caller.email },
        { action: 'erasure.cancel', entity: 'user', entityId: row.userId, after: { erasureId: id } },
        manager,
      );
    });
    return this.get(id, caller);
  }

  /** The second administrator confirms: the person is erased, in one transaction, and told by email. */
  async confirm(caller: AuthUser, id: number): Promise<ErasureRequestView> {
    const row = await this.find(this.dataSource.manager, id);
    if (row.state !== 'requested') throw AppException.conflict(ERASURE_MESSAGES.decided(row.state), ErrorCode.ErasureDecided);
    if (row.requestedBy === caller.id) throw new AppException(403, ErrorCode.SecondAdminRequired, ERASURE_MESSAGES.sameAdmin);
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (manager) => {
      // The request's state is the compare-and-set: of two confirmations at once, one erases.
      const taken = await manager.update(
        ErasureRequest,
        { id, state: 'requested' },
        { state: 'confirmed', decidedBy: caller.id, decidedAt: now, openKey: null },
      );
      if (!taken.affected) throw AppException.conflict(ERASURE_MESSAGES.decided('decided'), ErrorCode.ErasureDecided);
      const user = await manager.findOneByOrFail(User, { id: row.userId });
      if (user.erasedAt) throw AppException.conflict(ERASURE_MESSAGES.alreadyErased, ErrorCode.NotErasable);
      if (user.isAdmin) throw AppException.conflict(ERASURE_MESSAGES.administrator, ErrorCode.NotErasable);
      const person: Person = {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        nickname: user.nickname,
      };
      // Told at the address they had: the one place it is still written, forgotten once sent (mail-ledger.service.ts).
      const notice = await this.ledger.oweMany(manager, { edition: await this.settings.editionKey(), at: now, jobRunId: null }, [
        { userId: user.id, recipient: user.email, kind: 'erasure-done', params: { firstName: user.firstName, erasureId: id } },
      ]);
      const { counts, files } = await this.erase(
        manager,
        person,
        now,
        notice.map((n) => n.id),
      );
      await manager.update(ErasureRequest, { id }, { counts });
      for (const request of await manager.find(ErasureRequest, { where: { userId: user.id } }))
        await manager.update(ErasureRequest, { id: request.id }, { reason: withoutPerson(request.reason, person) });
      await this.audit.record(
        { id: caller.id, email: caller.email },
        { action: 'erasure.confirm', entity: 'user', entityId: user.id, after: { erasureId: id, requestedBy: row.requestedBy, counts } },
        manager,
      );
      await bumpScheduleRevision(manager);
      return { notice, files, userId: user.id };
    });
    this.callers.forget(outcome.userId);
    for (const key of outcome.files) {
      try {
        await this.storage.remove(key);
      } catch (error) {
        this.logger.warn(`An erased person's file (${key}) could not be deleted: ${(error as Error).message}`);
      }
    }
    await this.ledger.sendReceipts(outcome.notice);
    return this.get(id, caller);
  }

  /**
   * Removes or replaces every personal field of the person, everywhere; answers what it changed and the files to delete after the commit.
   */
  private async erase(
    manager: EntityManager,
    person: Person,
    now: Date,
    keepMails: number[],
  ): Promise<{ counts: Record<string, number>; files: string[] }> {
    const userId = person.id;
    const counts: Record<string, number> = {};
    const files: string[] = [];

    // Applications: the answers that identify nobody stay (the edition's figures); status, dates and flags stay.
    const applications = await manager.find(Application, { where: { userId } });
    for (const application of applications) {
      await manager.update(
        Application,
        { id: application.id },
        { data: erasedApplicationData(application.data), confirmation: erasedConfirmation(application.confirmation) },
      );
    }
    counts.applications = applications.length;

    const proofs = await manager.find(ProofFile, { where: { userId } });
    if (proofs.length) await manager.delete(ProofFile, { userId });
    files.push(...proofs.map((p) => p.storageKey));
    counts.proofs = proofs.length;
    await manager.delete(UploadTicket, { userId });

    // References: who was asked and what they wrote go; the state and ratings stay (the jury's statistics). Old links stop working.
    const references = applications.length
      ? await manager.find(ApplicationReference, { where: { applicationId: In(applications.map((a) => a.id)) } })
      : [];
    for (const reference of references) {
      const nonce = newReferenceNonce();
      await manager.update(
        ApplicationReference,
        { id: reference.id },
        {
          firstName: REMOVED_TEXT,
          lastName: '',
          email: '',
          statement: null,
          declineReason: null,
          unreachableReason: null,
          tokenNonce: nonce,
          tokenHash: referenceTokenHash(`erased:${reference.id}:${nonce}:${randomBytes(16).toString('hex')}`),
          version: reference.version + 1,
        },
      );
    }
    counts.references = references.length;

    // The week: places, times and ratings stay (a shift's count, hours); what was written about the person goes.
    const assignments = await manager.find(ShiftAssignment, { where: { volunteerId: userId } });
    for (const assignment of assignments) {
      await manager.update(
        ShiftAssignment,
        { id: assignment.id },
        {
          accommodations: null,
          startBackToBack: null,
          endBackToBack: null,
          exceptionReason: assignment.exceptionReason ? REMOVED_TEXT : null,
        },
      );
    }
    counts.shiftAssignments = assignments.length;
    const records = await manager.find(PerformanceRecord, { where: { volunteerId: userId }, select: { id: true } });
    if (records.length)
      await manager
        .createQueryBuilder()
        .update(PerformanceRecord)
        .set({ notes: null, timeNote: null, version: () => 'version + 1' })
        .where({ volunteerId: userId })
        .execute();
    counts.performanceRecords = records.length;

    counts.availability = (await manager.delete(VolunteerConstraints, { userId })).affected ?? 0;
    counts.calendarLinks = (await manager.delete(CalendarFeed, { userId })).affected ?? 0;
    await manager.delete(MessageDismissal, { userId });
    await manager.delete(OneTimeCode, { userId });

    // The person's archives go with their files.
    const archives = await manager.find(DataExport, { where: { userId } });
    files.push(...archives.flatMap((a) => (a.storageKey ? [a.storageKey] : [])));
    if (archives.length) await manager.delete(DataExport, { userId });
    counts.dataExports = archives.length;

    // Emails: that they were owed and sent stays, without any address or name (the person's, or their referees' whom their
    // application named); nothing more is sent but the erasure's notice.
    const mails = await manager.find(MailSend, { where: { userId } });
    for (const mail of mails) {
      if (keepMails.includes(mail.id)) continue;
      await manager.update(
        MailSend,
        { id: mail.id },
        {
          recipient: erasedEmail(userId),
          // The JSON column is typed loosely for TypeORM.
          params: withoutFreeText(mail.params, person) as never,
          lastError: mail.lastError ? REMOVED_TEXT : null,
          ...(mail.status === 'pending' ? { status: 'cancelled' as const } : {}),
        },
      );
    }
    counts.emails = mails.length - keepMails.length;

    counts.messages = await this.eraseFromMessages(manager, person);
    counts.auditEntries = await this.eraseFromAudit(
      manager,
      person,
      applications.map((a) => a.id),
      references.map((r) => r.id),
    );
    counts.builds = await this.eraseFromBuilds(manager, person);

    // The account: placeholders where a name or an address is shown, nothing else of the profile, no way to sign in.
    await manager.update(
      User,
      { id: userId },
      {
        email: erasedEmail(userId),
        passwordHash: `!erased:${randomBytes(24).toString('hex')}`,
        firstName: ERASED_NAME.firstName,
        lastName: ERASED_NAME.lastName,
        nickname: null,
        birthdate: null,
        gender: null,
        genderIdentity: null,
        underrepresented: null,
        underrepresentedGroup: null,
        disability: null,
        disabilityType: null,
        address1: null,
        address2: null,
        city: null,
        region: null,
        country: null,
        postalCode: null,
        languages: null,
        phoneNumber: null,
        canText: false,
        canCall: false,
        verified: false,
        tokenVersion: () => 'token_version + 1',
        erasedAt: now,
        updatedAt: now,
      },
    );
    return { counts, files };
  }

  /** The audit log's entries by or about the person: their address and name out of every text, what was written about them replaced. */
  private async eraseFromAudit(manager: EntityManager, person: Person, applicationIds: number[], referenceIds: number[]): Promise<number> {
    const mentions = (column: string) =>
      `(${column} LIKE :volunteerId OR ${column} LIKE :userIdField OR LOWER(${column}) LIKE :email OR ${column} LIKE :fullName)`;
    const builder = manager
      .createQueryBuilder(AuditEntry, 'e')
      .where('e.actor_id = :userId', { userId: person.id })
      .orWhere("(e.entity = 'user' AND e.entity_id = :entityId)", { entityId: String(person.id) })
      .orWhere(mentions('e.before'))
      .orWhere(mentions('e.after'))
      .setParameters({
        volunteerId: `%"volunteerId":${person.id}%`,
        userIdField: `%"userId":${person.id}%`,
        email: `%${person.email.toLowerCase()}%`,
        fullName: `%${person.firstName} ${person.lastName}%`,
      });
    if (applicationIds.length)
      builder.orWhere("(e.entity = 'application' AND e.entity_id IN (:...applications))", { applications: applicationIds.map(String) });
    if (referenceIds.length)
      builder.orWhere("(e.entity = 'reference' AND e.entity_id IN (:...references))", { references: referenceIds.map(String) });
    const entries = await builder.getMany();
    let changed = 0;
    for (const entry of entries) {
      const about =
        (entry.entity === 'user' && entry.entityId === String(person.id)) ||
        (entry.entity === 'application' && applicationIds.map(String).includes(entry.entityId ?? '')) ||
        (entry.entity === 'reference' && referenceIds.map(String).includes(entry.entityId ?? '')) ||
        mentionsUser(entry.before, person.id) ||
        mentionsUser(entry.after, person.id);
      const scrub = (value: object | null) =>
        value === null ? null : about ? withoutFreeText(value, person) : jsonWithoutPerson(value, person);
      await manager.update(
        AuditEntry,
        { id: entry.id },
        {
          actorEmail: entry.actorId === person.id ? null : entry.actorEmail,
          before: scrub(entry.before) as object | null,
          after: scrub(entry.after) as object | null,
        },
      );
      changed += 1;
    }
    return changed;
  }

  /**
   * Messages organisers or team leaders wrote that name the person in full or give their address: the
   * placeholder replaces those words (a first name alone is left: it would also name others).
   */
  private async eraseFromMessages(manager: EntityManager, person: Person): Promise<number> {
    const fullName = `${person.firstName} ${person.lastName}`;
    const messages = await manager
      .createQueryBuilder(Message, 'm')
      .where('LOWER(m.body) LIKE :email OR LOWER(m.subject) LIKE :email OR m.body LIKE :fullName OR m.subject LIKE :fullName', {
        email: `%${person.email.toLowerCase()}%`,
        fullName: `%${fullName}%`,
      })
      .getMany();
    const named = { email: person.email, firstName: fullName, lastName: fullName, nickname: null };
    for (const message of messages) {
      await manager.update(
        Message,
        { id: message.id },
        {
          subject: withoutPerson(message.subject, named),
          body: withoutPerson(message.body, named),
          // Rendered again, from the changed body, the next time it is read.
          renderedHtml: null,
          renderedText: null,
          renderedLinks: null,
        },
      );
    }
    return messages.length;
  }

  /** Schedule builds keep each person's name in their preview: the placeholder replaces it. */
  private async eraseFromBuilds(manager: EntityManager, person: Person): Promise<number> {
    const builds = await manager
      .createQueryBuilder(ScheduleBuild, 'b')
      .where('b.result LIKE :volunteerId', { volunteerId: `%"volunteerId":${person.id}%` })
      .getMany();
    const placeholder = `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}`;
    const rename = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rename);
      if (value && typeof value === 'object') {
        const entries = Object.entries(value).map(([key, item]) => [key, rename(item)] as const);
        const named = Object.fromEntries(entries) as Record<string, unknown>;
        if (named.volunteerId === person.id && typeof named.name === 'string') named.name = placeholder;
        return named;
      }
      return value;
    };
    for (const build of builds) await manager.update(ScheduleBuild, { id: build.id }, { result: rename(build.result) as never });
    return builds.length;
  }

  private async find(manager: EntityManager, id: number): Promise<ErasureRequest> {
    const row = await manager.findOneBy(ErasureRequest, { id });
    if (!row) throw AppException.notFound(ERASURE_MESSAGES.notFound(id));
    return row;
  }

  private async views(rows: ErasureRequest[], caller: AuthUser): Promise<ErasureRequestView[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.userId, r.requestedBy, ...(r.decidedBy ? [r.decidedBy] : [])]))];
    const users = ids.length ? await this.dataSource.manager.find(User, { where: { id: In(ids) } }) : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const nameOf = (id: number) => {
      const user = byId.get(id);
      return user ? `${user.firstName} ${user.lastName}`.trim() : `User ${id}`;
    };
    const views: ErasureRequestView[] = [];
    for (const row of rows) {
      const person = byId.get(row.userId);
      views.push({
        id: row.id,
        userId: row.userId,
        person: { name: nameOf(row.userId), email: person?.email ?? '', svid: person?.svid ?? '' },
        state: row.state,
        reason: row.reason,
        requestedBy: { id: row.requestedBy, name: nameOf(row.requestedBy) },
        requestedAt: row.requestedAt.toISOString(),
        decidedBy: row.decidedBy ? { id: row.decidedBy, name: nameOf(row.decidedBy) } : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        counts: row.counts ?? (row.state === 'requested' ? await this.holds(row.userId) : {}),
        canConfirm: row.state === 'requested' && row.requestedBy !== caller.id,
      });
    }
    return views;
  }

  /** What an erasure of the person would change, counted, for the second administrator to see before confirming. */
  private async holds(userId: number): Promise<Record<string, number>> {
    const manager = this.dataSource.manager;
    const applications = await manager.find(Application, { where: { userId }, select: { id: true } });
    return {
      applications: applications.length,
      proofs: await manager.countBy(ProofFile, { userId }),
      references: applications.length
        ? await manager.countBy(ApplicationReference, { applicationId: In(applications.map((a) => a.id)) })
        : 0,
      shiftAssignments: await manager.countBy(ShiftAssignment, { volunteerId: userId }),
      performanceRecords: await manager.countBy(PerformanceRecord, { volunteerId: userId }),
      availability: await manager.countBy(VolunteerConstraints, { userId }),
      calendarLinks: await manager.countBy(CalendarFeed, { userId }),
      dataExports: await manager.countBy(DataExport, { userId }),
      emails: await manager.countBy(MailSend, { userId }),
    };
  }
}

/** Whether a recorded value names the user as a volunteer or a user (`volunteerId`, `userId`) anywhere in it. */
function mentionsUser(value: unknown, userId: number): boolean {
  if (Array.isArray(value)) return value.some((item) => mentionsUser(item, userId));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.volunteerId === userId || record.userId === userId) return true;
    return Object.values(record).some((item) => mentionsUser(item, userId));
  }
  return false;
}

/** A recorded value about the person: its free texts replaced, every other text without their name and address. */
function withoutFreeText(value: object, person: Person): object {
  const walk = (item: unknown, key?: string): unknown => {
    if (typeof item === 'string') return key && FREE_TEXT_KEYS.has(key) && item.trim() ? REMOVED_TEXT : withoutPerson(item, person);
    if (Array.isArray(item)) return item.map((inner) => walk(inner));
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([k, inner]) => [k, walk(inner, k)]));
    return item;
  };
  return walk(value) as object;
}
