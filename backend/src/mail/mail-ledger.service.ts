import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, LessThan, Not, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { ledgerKey } from './ledger-key.js';
import { MailContextService } from './mail-context.service.js';
import { MailSend } from './mail-send.entity.js';
import { MailDeliveryError, type MailMessage, MailService } from './mail.service.js';
import { type MergeValues, erasedEmail } from '@svp/domain';
import {
  type DecisionOutcome,
  type MailContext,
  type ReferenceMailParams,
  applicationReceivedMail,
  applicationReminderMail,
  confirmationReminderMail,
  dataExportReadyMail,
  decisionMail,
  erasureDoneMail,
  offerLapsedMail,
  placeConfirmedMail,
  referenceReminderMail,
  organisersMessageMail,
  referenceRequestMail,
  scheduleChangedMail,
  schedulesReleasedMail,
  teamLeaderClosedMail,
  waitlistOfferMail,
} from './templates.js';

/** What each kind of ledger email needs, captured when it is owed (the template renders it when it is sent). */
export interface LedgerMailParams {
  'team-leader-closed': { firstName: string; applicationEndDate: string };
  'application-reminder': { firstName: string; applicationEndDate: string; daysLeft: number };
  decision: { firstName: string; outcome: DecisionOutcome; confirmBy?: string; teamLeader?: boolean };
  'confirmation-reminder': { firstName: string; confirmBy: string; daysLeft: number };
  'offer-lapsed': { firstName: string };
  'waitlist-offer': { firstName: string; confirmBy: string };
  'schedules-released': { firstName: string };
  'application-received': { firstName: string; submittedAt: string; teamLeader: boolean; financialAid: boolean; resultsBy: string };
  'place-confirmed': { firstName: string; role: string; serviceDays: string; hours: number; schedulesReleaseDate: string };
  /** `change` names the change (e.g. 'build:12:apply'), so each change is one message per person. */
  'schedule-changed': { firstName: string; change: string; added: string[]; removed: string[] };
  /** To a referee; `userId` is the applicant's. One per reference and request number. */
  'reference-request': ReferenceMailParams;
  'reference-reminder': ReferenceMailParams & { daysLeft: number };
  /** An organisers' message to one recipient, with their merge values taken when it was sent. */
  message: { messageId: number; values: MergeValues };
  /** The organisers' copy of a team leader's message (`userId` is the author's), with what it went to. */
  'message-copy': { messageId: number; values: MergeValues; note: string };
  /** The archive of a person's data is ready; one per archive. */
  'data-export-ready': { firstName: string; exportId: number; expiresAt: string };
  /** A person's erasure is done: to the address they had, forgotten once sent (FORGET_RECIPIENT_AFTER_SENDING). */
  'erasure-done': { firstName: string; erasureId: number };
}
export type LedgerMailKind = keyof LedgerMailParams | NotEmailKind;

/** Ledger entries that are no email: a notification to one device (`recipient` 'device:<id>'), a text to a phone number. */
export interface NotEmailParams {
  push: { notice: string; about: string; deviceId: number; title: string; body: string; url: string };
  text: { about: string; body: string };
}
export type NotEmailKind = keyof NotEmailParams;
/** The ledger's kinds that NotificationsService delivers, never the mail server. */
export const NOT_EMAIL_KINDS: readonly NotEmailKind[] = ['push', 'text'];
const isEmail = (kind: string) => !(NOT_EMAIL_KINDS as readonly string[]).includes(kind);

export interface OwedMail<K extends LedgerMailKind = LedgerMailKind> {
  userId: number;
  recipient: string;
  kind: K;
  params: (LedgerMailParams & NotEmailParams)[K];
  /** The organisers' message this delivers. */
  messageId?: number;
}

/** Who owes a batch of emails: a deadline job's run, or (jobRunId null) a person's own action, at `at`. */
export interface LedgerSource {
  edition: string;
  at: Date;
  jobRunId: number | null;
}

export function renderLedgerMail(kind: LedgerMailKind, to: string, params: Record<string, unknown>, context: MailContext): MailMessage {
  const p = params as never;
  switch (kind) {
    case 'team-leader-closed': {
      const q: LedgerMailParams['team-leader-closed'] = p;
      return teamLeaderClosedMail(to, q.firstName, q.applicationEndDate, context);
    }
    case 'application-reminder': {
      const q: LedgerMailParams['application-reminder'] = p;
      return applicationReminderMail(to, q.firstName, q.applicationEndDate, q.daysLeft, context);
    }
    case 'decision': {
      const q: LedgerMailParams['decision'] = p;
      return decisionMail(to, q.firstName, q, context);
    }
    case 'confirmation-reminder': {
      const q: LedgerMailParams['confirmation-reminder'] = p;
      return confirmationReminderMail(to, q.firstName, q.confirmBy, q.daysLeft, context);
    }
    case 'offer-lapsed':
      return offerLapsedMail(to, (p as LedgerMailParams['offer-lapsed']).firstName, context);
    case 'waitlist-offer': {
      const q: LedgerMailParams['waitlist-offer'] = p;
      return waitlistOfferMail(to, q.firstName, q.confirmBy, context);
    }
    case 'schedules-released':
      return schedulesReleasedMail(to, (p as LedgerMailParams['schedules-released']).firstName, context);
    case 'application-received':
      return applicationReceivedMail(to, p, context);
    case 'place-confirmed':
      return placeConfirmedMail(to, p, context);
    case 'schedule-changed':
      return scheduleChangedMail(to, p, context);
    case 'reference-request':
      return referenceRequestMail(to, p, context);
    case 'reference-reminder':
      return referenceReminderMail(to, p, context);
    case 'data-export-ready': {
      const q: LedgerMailParams['data-export-ready'] = p;
      return dataExportReadyMail(to, q.firstName, q.expiresAt, context);
    }
    case 'erasure-done':
      return erasureDoneMail(to, (p as LedgerMailParams['erasure-done']).firstName, context);
    case 'push':
    case 'text':
      throw new Error(`A ${kind} entry is not an email`);
    case 'message':
    case 'message-copy': {
      const q: LedgerMailParams['message-copy'] = p;
      const message = context.message?.(q.messageId);
      // The sender loads the message before it sends; without it nothing can be said.
      if (!message) throw new Error(`Message ${q.messageId} is not loaded`);
      return organisersMessageMail(to, message, q.values, context, kind === 'message-copy' ? q.note : undefined);
    }
  }
}

/**
 * `failed`: the mail server refused the recipient for good and the kind has a refusal handler, so
 * the send is marked failed (never retried) and the handler was told.
 */
export type SendOutcome =
  | { sent: true; failed?: undefined }
  | { sent: false; taken: true; failed?: undefined }
  | { sent: false; taken: false; error: string; failed?: boolean };

/** Told when the mail server refuses a recipient for good (a 5xx answer): the send, and the server's answer. */
export type PermanentRefusalHandler = (send: MailSend, reason: string) => Promise<void>;

/**
 * Kinds whose recipient and values are forgotten once the email has gone (or been refused for good):
 * the email telling an erased person their data is gone is the one place their address is still
 * written, until it is sent (docs/decisions.md, 'Erasure on request').
 */
export const FORGET_RECIPIENT_AFTER_SENDING: ReadonlySet<string> = new Set<LedgerMailKind>(['erasure-done']);
const FORGOTTEN_REFUSAL = 'Refused for good by the mail server; its answer named the erased address, so it is not kept.';
const forgotten = (send: MailSend) => ({ recipient: erasedEmail(send.userId), params: {} });

/** Ledger rows read or written per statement (SQLite allows 32,766 parameters in one, MySQL 65,535). */
const LEDGER_BATCH = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Receipts left pending longer than this (a server stopped before sending, the mail server refused) are swept up. */
export const RECEIPT_SWEEP_AFTER_MS = 60_000;

/**
 * The mail ledger (mail_sends): every email that must go out exactly once is written here before it
 * is sent, in the transaction of the change it reports, under a key naming the message
 * (`ledgerKey`), unique. A send is claimed pending → sending by a compare-and-set, so two servers
 * never both send it; 'sending' left by a stopped server is never sent again.
 */
@Injectable()
export class MailLedgerService {
  private readonly logger = new Logger('Mail');
  private readonly refusalHandlers = new Map<string, PermanentRefusalHandler>();

  constructor(
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    private readonly mail: MailService,
    private readonly contexts: MailContextService,
    private readonly clock: Clock,
  ) {}

  /** Writes down the emails owed, skipping messages the ledger already holds; answers the rows written. */
  async oweMany(manager: EntityManager, source: LedgerSource, mails: readonly OwedMail[]): Promise<MailSend[]> {
    if (!mails.length) return [];
    const repository = manager.getRepository(MailSend);
    const keyed = mails.map((mail) => ({ mail, key: ledgerKey(source.edition, source.at, mail) }));
    const known = new Set<string | null>();
    for (const keys of chunks(
      keyed.map((m) => m.key),
      LEDGER_BATCH,
    )) {
      for (const owed of await repository.find({ select: { ledgerKey: true }, where: { ledgerKey: In(keys) } })) known.add(owed.ledgerKey);
    }
    const fresh = keyed.filter(({ key }) => {
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    if (!fresh.length) return [];
    const now = this.clock.now();
    const rows = fresh.map(({ mail, key }) =>
      repository.create({
        jobRunId: source.jobRunId,
        userId: mail.userId,
        kind: mail.kind,
        recipient: mail.recipient,
        ledgerKey: key,
        params: mail.params as unknown as Record<string, unknown>,
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: now,
        sentAt: null,
        messageId: mail.messageId ?? null,
        retryAt: null,
        claimedAt: null,
      }),
    );
    const written: MailSend[] = [];
    // One INSERT per batch (save() would write them one by one; one INSERT of thousands passes the drivers'
    // limit on parameters); the JSON column is typed loosely for TypeORM.
    for (const batch of chunks(rows, LEDGER_BATCH)) {
      try {
        await repository.insert(batch as QueryDeepPartialEntity<MailSend>[]);
        written.push(...batch);
        continue;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      // Another writer recorded one of these messages meanwhile: each row alone, the ledger's unique key deciding.
      for (const row of batch) {
        try {
          await repository.insert(row as QueryDeepPartialEntity<MailSend>);
          written.push(row);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
    }
    return written;
  }

  /**
   * For these kinds, a recipient the mail server refuses for good (5xx) is not tried again: the send
   * is marked failed and `handler` is told (a referee's address that does not exist).
   */
  onPermanentRefusal(kinds: readonly LedgerMailKind[], handler: PermanentRefusalHandler): void {
    for (const kind of kinds) this.refusalHandlers.set(kind, handler);
  }

  /** Claims a pending email and sends it; a refused one goes back to pending with the server's answer. */
  async sendOne(send: MailSend, context: MailContext): Promise<SendOutcome> {
    const taken = await this.sends.update(
      { id: send.id, status: 'pending' },
      { status: 'sending', attempts: send.attempts + 1, claimedAt: this.clock.now() },
    );
    if (!taken.affected) return { sent: false, taken: true };
    try {
      await this.mail.send(renderLedgerMail(send.kind as LedgerMailKind, send.recipient, send.params, context), {
        bulk: send.messageId !== null || send.jobRunId !== null,
      });
    } catch (error) {
      const message = (error as Error).message;
      const handler = this.refusalHandlers.get(send.kind);
      if (FORGET_RECIPIENT_AFTER_SENDING.has(send.kind) && error instanceof MailDeliveryError && error.permanent) {
        // The server's answer would name the address that is being forgotten: it is not kept either.
        await this.sends.update({ id: send.id, status: 'sending' }, { status: 'failed', lastError: FORGOTTEN_REFUSAL, ...forgotten(send) });
        return { sent: false, taken: false, error: message, failed: true };
      }
      if (handler && error instanceof MailDeliveryError && error.permanent) {
        await this.sends.update({ id: send.id, status: 'sending' }, { status: 'failed', lastError: message.slice(0, 500) });
        try {
          await handler(send, message);
        } catch (failure) {
          this.logger.warn(`A refused ${send.kind} email (${send.id}) could not be reported: ${(failure as Error).message}`);
        }
        return { sent: false, taken: false, error: message, failed: true };
      }
      // The mailer refused it, so it did not go out: it stays owed.
      await this.sends.update({ id: send.id, status: 'sending' }, { status: 'pending', lastError: message.slice(0, 500) });
      return { sent: false, taken: false, error: message };
    }
    await this.sends.update(
      { id: send.id, status: 'sending' },
      { status: 'sent', sentAt: this.clock.now(), ...(FORGET_RECIPIENT_AFTER_SENDING.has(send.kind) ? forgotten(send) : {}) },
    );
    return { sent: true };
  }

  /**
   * Sends receipts (emails owed by a person's own action) just written down, once their transaction
   * has committed; never throws, since the change they report is already saved. What this cannot
   * send stays pending for `sweepReceipts`.
   */
  async sendReceipts(owed: readonly MailSend[]): Promise<void> {
    const sends = owed.filter((send) => isEmail(send.kind));
    if (!sends.length) return;
    try {
      const context = await this.contexts.context();
      for (const send of sends) {
        const outcome = await this.sendOne(send, context);
        if (!outcome.sent && !outcome.taken && !outcome.failed)
          this.logger.warn(`A ${send.kind} email to user ${send.userId} was refused (${outcome.error}); it is retried later.`);
      }
    } catch (error) {
      this.logger.warn(`Receipts could not be sent now (${(error as Error).message}); they are retried later.`);
    }
  }

  /** Sends the receipts still pending a while after they were owed; answers how many went out. */
  async sweepReceipts(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - RECEIPT_SWEEP_AFTER_MS);
    // Organisers' messages have a sender of their own, at their own pace.
    const pending = await this.sends.find({
      where: {
        jobRunId: IsNull(),
        messageId: IsNull(),
        status: 'pending',
        createdAt: LessThan(before),
        kind: Not(In([...NOT_EMAIL_KINDS])),
      },
      order: { id: 'ASC' },
      take: 100,
    });
    if (!pending.length) return 0;
    const context = await this.contexts.context();
    let sent = 0;
    for (const send of pending) {
      const outcome = await this.sendOne(send, context);
      if (outcome.sent) sent += 1;
      // The mail server is away: the rest waits for the next sweep.
      else if (!outcome.taken && !outcome.failed) break;
    }
    return sent;
  }
}
