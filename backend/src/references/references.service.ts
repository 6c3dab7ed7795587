import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { type ApplicationData, type EditionSettings, REFERENCE_TYPES, formatUtcDateTime, isSelfReference } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { AppException, type FieldErrors } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { MailLedgerService, type OwedMail } from '../mail/mail-ledger.service.js';
import { MailContextService } from '../mail/mail-context.service.js';
import type { MailSend } from '../mail/mail-send.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import type { User } from '../users/user.entity.js';
import { ApplicationReference } from './application-reference.entity.js';
import { newReferenceNonce, referenceKey, referenceLink, referenceToken, referenceTokenHash } from './reference-token.js';

export const REFERENCE_SLOTS = [1, 2] as const;
export type ReferenceSlot = (typeof REFERENCE_SLOTS)[number];

/** The application's answers that name the referee of each slot. */
export const SLOT_FIELDS = {
  1: {
    referenceType: 'firstReferenceType',
    firstName: 'firstReferenceFirstName',
    lastName: 'firstReferenceLastName',
    email: 'firstReferenceEmail',
  },
  2: {
    referenceType: 'secondReferenceType',
    firstName: 'secondReferenceFirstName',
    lastName: 'secondReferenceLastName',
    email: 'secondReferenceEmail',
  },
} as const satisfies Record<ReferenceSlot, Record<string, keyof ApplicationData>>;

/** Good enough to hand to a mail server; the application itself never checked the format. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_REASON = 'The email address given for this referee is not a valid address.';
export const SELF_REFERENCE_REASON = "The address given for this referee is the applicant's own: a reference must come from someone else.";
const REFERENCE_KINDS = ['reference-request', 'reference-reminder'] as const;

export interface Referee {
  referenceType: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const REFEREE_MESSAGES = {
  referenceType: 'Choose how the referee knows you: one of the listed types.',
  firstName: "Enter the referee's first name.",
  lastName: "Enter the referee's last name.",
  email: "Enter the referee's email address, like name@example.edu.",
  sameAsOther: 'This is the email address of your other referee. Name two different people.',
} as const;

/**
 * The references of applications: their rows, the requests the referees are owed, and what marks a
 * referee unreachable. The referee's, the applicant's and the administrators' services build on it.
 */
@Injectable()
export class ReferencesService implements OnModuleInit {
  private readonly key: Buffer;

  constructor(
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: MailLedgerService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly mailContext: MailContextService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = referenceKey(config.jwtSecret);
  }

  onModuleInit(): void {
    // The ledger renders a referee's link when it sends the email: from the id and nonce it keeps.
    this.mailContext.provideReferenceLinks((referenceId, nonce) =>
      referenceLink(this.config.publicUrl, referenceToken(this.key, referenceId, nonce)),
    );
    // A referee's address the mail server refuses for good: the reference becomes not reachable.
    this.ledger.onPermanentRefusal(REFERENCE_KINDS, async (send, reason) => {
      const params = send.params as { referenceId?: number; requestNo?: number };
      if (typeof params.referenceId !== 'number' || typeof params.requestNo !== 'number') return;
      await this.markUnreachable({ id: params.referenceId, requestNo: params.requestNo }, reason);
    });
  }

  /** The hash stored for a reference's link at this nonce. */
  hashFor(referenceId: number, nonce: string): string {
    return referenceTokenHash(referenceToken(this.key, referenceId, nonce));
  }

  /**
   * Makes the missing reference rows of a submitted application (from its answers) and answers the
   * requests it owes: one per reference still `requested`, which the ledger keeps to one per request.
   */
  async prepareRequests(manager: EntityManager, application: Application & { user: User }, settings: EditionSettings, now: Date) {
    const repository = manager.getRepository(ApplicationReference);
    const existing = new Set(
      (await repository.find({ where: { applicationId: application.id }, select: { slot: true } })).map((row) => row.slot),
    );
    for (const slot of REFERENCE_SLOTS.filter((s) => !existing.has(s))) {
      const referee = refereeOf(application.data ?? {}, slot);
      // The applicant's own mailbox is no referee: no link goes to them, and they may name someone else.
      const self = isSelfReference(application.user.email, referee.email);
      const valid = EMAIL.test(referee.email) && !self;
      // INSERT … IGNORE (OR IGNORE on SQLite): a row another writer made meanwhile stays as it is.
      await repository
        .createQueryBuilder()
        .insert()
        .into(ApplicationReference)
        .values({
          applicationId: application.id,
          slot,
          ...referee,
          state: valid ? 'requested' : 'not-reachable',
          requestNo: 1,
          tokenNonce: newReferenceNonce(),
          // Replaced below by the hash of the real link, which needs the row's id.
          tokenHash: referenceTokenHash(newReferenceNonce()),
          requestedAt: valid ? now : null,
          unreachableReason: valid ? null : self ? SELF_REFERENCE_REASON : INVALID_EMAIL_REASON,
          createdAt: now,
          updatedAt: now,
          version: 1,
        })
        .orIgnore()
        .execute();
    }
    const rows = await repository.find({ where: { applicationId: application.id }, order: { slot: 'ASC' } });
    for (const row of rows) {
      const hash = this.hashFor(row.id, row.tokenNonce);
      if (row.tokenHash !== hash) {
        await repository.update({ id: row.id, tokenNonce: row.tokenNonce }, { tokenHash: hash });
        row.tokenHash = hash;
      }
    }
    const mails = rows.filter((row) => row.state === 'requested').map((row) => this.requestMail(row, application.user, settings));
    return { created: rows.length - existing.size, rows, mails };
  }

  /** The request email of a reference at its current request. */
  requestMail(row: ApplicationReference, applicant: User, settings: EditionSettings): OwedMail<'reference-request'> {
    return {
      userId: applicant.id,
      recipient: row.email,
      kind: 'reference-request',
      params: {
        referenceId: row.id,
        nonce: row.tokenNonce,
        requestNo: row.requestNo,
        applicantFirstName: applicant.firstName,
        applicantLastName: applicant.lastName,
        refereeFirstName: row.firstName,
        refereeLastName: row.lastName,
        closesAt: settings.timeline.referencesDeadline,
      },
    };
  }

  /**
   * The reminders owed `daysLeft` before references close: every reference of a submitted
   * application still waiting for its referee, asked before the reminder fell due (a referee asked
   * after it, e.g. when applications closed a day before references do, was just written to).
   */
  async remindersOwed(
    settings: EditionSettings,
    editionId: number,
    daysLeft: number,
    dueAt: Date,
  ): Promise<OwedMail<'reference-reminder'>[]> {
    const rows = await this.references
      .createQueryBuilder('r')
      .innerJoin(Application, 'a', 'a.id = r.application_id')
      .where('r.state = :state', { state: 'requested' })
      .andWhere('a.edition_id = :editionId', { editionId })
      .andWhere('a.completed = :yes', { yes: true })
      .orderBy('r.id', 'ASC')
      .getMany();
    const waiting = rows.filter((row) => row.requestedAt !== null && row.requestedAt.getTime() < dueAt.getTime());
    const applicants = await this.applicantsOf(waiting.map((row) => row.applicationId));
    return waiting.flatMap((row) => {
      const applicant = applicants.get(row.applicationId);
      if (!applicant) return [];
      const request = this.requestMail(row, applicant, settings);
      return [{ ...request, kind: 'reference-reminder' as const, params: { ...request.params, daysLeft } }];
    });
  }

  /** The applicant (user) of each application, by application id. */
  async applicantsOf(applicationIds: readonly number[]): Promise<Map<number, User>> {
    const ids = [...new Set(applicationIds)];
    if (!ids.length) return new Map();
    const applications = await this.references.manager
      .getRepository(Application)
      .find({ where: { id: In(ids) }, relations: { user: true } });
    return new Map(applications.filter((a) => a.user).map((a) => [a.id, a.user!]));
  }

  /** Owes a new request of a reference now (sent again, another referee), in the caller's transaction; answers the rows to send after the
   * commit. */
  async oweRequestNow(manager: EntityManager, row: ApplicationReference, applicant: User, settings: EditionSettings): Promise<MailSend[]> {
    return this.ledger.oweMany(manager, { edition: await this.settings.editionKey(), at: this.clock.now(), jobRunId: null }, [
      this.requestMail(row, applicant, settings),
    ]);
  }

  /** Sends what a request owed, once its transaction has committed; never throws (the sweeper retries). */
  sendAfterCommit(sends: readonly MailSend[]): Promise<void> {
    return this.ledger.sendReceipts(sends);
  }

  /** The changes of a new request: the next number, a new link, waiting for the referee again. */
  newRequest(row: ApplicationReference, now: Date): Partial<ApplicationReference> {
    const tokenNonce = newReferenceNonce();
    return {
      state: 'requested',
      requestNo: row.requestNo + 1,
      tokenNonce,
      tokenHash: this.hashFor(row.id, tokenNonce),
      requestedAt: now,
      unreachableReason: null,
      withdrawnAt: null,
      updatedAt: now,
      version: row.version + 1,
    };
  }

  /** The mail server refused the request of this reference (or it bounced): not reachable, unless it moved on since. */
  async markUnreachable(
    which: { id: number; requestNo?: number },
    reason: string,
    manager: EntityManager = this.references.manager,
  ): Promise<boolean> {
    const now = this.clock.now();
    const where = { id: which.id, state: 'requested' as const, ...(which.requestNo === undefined ? {} : { requestNo: which.requestNo }) };
    const result = await manager.getRepository(ApplicationReference).update(where, {
      state: 'not-reachable',
      unreachableReason: reason.slice(0, 500),
      updatedAt: now,
      version: () => 'version + 1',
    });
    if (!result.affected) return false;
    await this.audit.record(
      null,
      {
        action: 'reference.unreachable',
        entity: 'reference',
        entityId: which.id,
        after: { state: 'not-reachable', reason: reason.slice(0, 500) },
      },
      manager,
    );
    return true;
  }

  /**
   * A bounce reported later for this address: every reference of the current edition still waiting
   * for it becomes not reachable (an earlier edition's references are read-only).
   */
  async markBounced(recipient: string, reason: string | undefined): Promise<number> {
    const rows = await this.references
      .createQueryBuilder('r')
      .innerJoin(Application, 'a', 'a.id = r.applicationId')
      .where('LOWER(r.referee_email) = :email', { email: recipient.trim().toLowerCase() })
      .andWhere('r.state = :state', { state: 'requested' })
      .andWhere('a.editionId = :editionId', { editionId: await this.settings.currentId() })
      .getMany();
    let marked = 0;
    for (const row of rows) {
      if (await this.markUnreachable({ id: row.id }, reason?.trim() || 'The email to this referee bounced.')) marked += 1;
    }
    return marked;
  }

  /** Whether references (of `editionId`, the current edition's without it) have closed at `now`, and the closing date's words. */
  /** The current edition's id: an applicant's references are those of this year's application. */
  currentEditionId(): Promise<number> {
    return this.settings.currentId();
  }

  async closing(editionId?: number) {
    const { settings, gates, now } = await this.settings.gates();
    // An earlier edition's references closed with it: read-only, whatever the current edition's dates say.
    if (editionId !== undefined && !(await this.settings.isCurrent(editionId))) {
      const over = (await this.settings.edition(editionId))?.settings ?? settings;
      const closesAt = over.timeline.referencesDeadline;
      return { settings: over, now, closesAt, closed: true, closesAtText: formatUtcDateTime(closesAt) };
    }
    const closesAt = settings.timeline.referencesDeadline;
    return { settings, now, closesAt, closed: gates.afterReferencesDeadline, closesAtText: formatUtcDateTime(closesAt) };
  }

  closingText(settings: EditionSettings): string {
    return formatUtcDateTime(settings.timeline.referencesDeadline);
  }

  /**
   * Checks a referee given by the applicant or corrected by an administrator: a listed type, names,
   * a valid address that is neither the applicant's own nor the other referee's. Throws 400 naming each field.
   */
  checkReferee(referee: Partial<Referee>, context: { accountEmail: string; otherEmail: string | null; typeRequired: boolean }): void {
    const errors: FieldErrors = {};
    if (context.typeRequired || referee.referenceType !== undefined) {
      if (!REFERENCE_TYPES.some((option) => option.value === referee.referenceType)) errors.referenceType = REFEREE_MESSAGES.referenceType;
    }
    if (referee.firstName !== undefined && !referee.firstName.trim()) errors.firstName = REFEREE_MESSAGES.firstName;
    if (referee.lastName !== undefined && !referee.lastName.trim()) errors.lastName = REFEREE_MESSAGES.lastName;
    if (referee.email !== undefined) {
      const email = referee.email.trim();
      if (!EMAIL.test(email)) errors.email = REFEREE_MESSAGES.email;
      else if (isSelfReference(context.accountEmail, email))
        errors.email =
          'This is your own email address. A reference must come from someone else: ' +
          'name a teacher, advisor, mentor, supervisor or coworker.';
      else if (context.otherEmail && isSelfReference(context.otherEmail, email)) errors.email = REFEREE_MESSAGES.sameAsOther;
    }
    if (Object.keys(errors).length) throw AppException.badRequest(Object.values(errors).join(' '), errors);
  }

  /** The application's answers with the referee of `slot` replaced: the application names who was asked. */
  static dataWithReferee(data: Partial<ApplicationData>, slot: ReferenceSlot, referee: Partial<Referee>): Partial<ApplicationData> {
    const fields = SLOT_FIELDS[slot];
    const next: Partial<ApplicationData> = { ...data };
    for (const key of ['referenceType', 'firstName', 'lastName', 'email'] as const) {
      if (referee[key] !== undefined) (next as Record<string, unknown>)[fields[key]] = referee[key];
    }
    return next;
  }

  /** Rows of these applications, by application id. */
  async byApplication(applicationIds: readonly number[]): Promise<Map<number, ApplicationReference[]>> {
    const rows = applicationIds.length
      ? await this.references.find({ where: { applicationId: In([...applicationIds]) }, order: { slot: 'ASC' } })
      : [];
    const map = new Map<number, ApplicationReference[]>();
    for (const row of rows) map.set(row.applicationId, [...(map.get(row.applicationId) ?? []), row]);
    return map;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The audit entry of a change to a reference, in the change's transaction. */
  record(
    manager: EntityManager,
    actor: AuditActor | null,
    action: string,
    row: ApplicationReference,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return this.audit.record(actor, { action, entity: 'reference', entityId: row.id, before, after }, manager);
  }
}

/** The referee the application names in a slot, trimmed. */
export function refereeOf(data: Partial<ApplicationData>, slot: ReferenceSlot): Referee {
  const fields = SLOT_FIELDS[slot];
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  return {
    referenceType: text(data[fields.referenceType], 64),
    firstName: text(data[fields.firstName], 200),
    lastName: text(data[fields.lastName], 200),
    email: text(data[fields.email], 254),
  };
}

export function isSlot(value: number): value is ReferenceSlot {
  return value === 1 || value === 2;
}
