import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, LessThan, type Repository } from 'typeorm';
import {
  type AudienceNode,
  type AudiencePreview,
  DELIVERY_STATES,
  type DeliveryCounts,
  type DeliveryState,
  type EditionSettings,
  type MergeValues,
  type MessageDetail,
  type MessagePreview,
  type MessageRecipientRow,
  type MessageState,
  type MessageSummary,
  type ReceivedMessage,
  audienceProblem,
  markdownLimitProblem,
  mergeFieldProblem,
  textMessageBody,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { LIKE_ESCAPE, type ListQuery, likePattern } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { rawDate, rawInt } from '../database/raw-values.js';
import { MailContextService } from '../mail/mail-context.service.js';
import { MailLedgerService, type OwedMail } from '../mail/mail-ledger.service.js';
import { MailSend, type MailSendStatus } from '../mail/mail-send.entity.js';
import { MailDeliveryError, MailService } from '../mail/mail.service.js';
import { type MessageRendering, fillMessageBody, renderSubject } from '../mail/markdown.js';
import { type Notice, NotificationsService } from '../mail/notifications/notifications.service.js';
import { type MailContext, organisersMessageMail } from '../mail/templates.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { AudienceService, type Person } from './audience.service.js';
import { MessageDismissal } from './message-dismissal.entity.js';
import { Message } from './message.entity.js';
import { MessageOutbox } from './message-outbox.js';
import { MessageRenderings } from './message-renderings.js';
import { MessageSignatures } from './message-signatures.js';

/** How many of a person's messages are filled between two turns of the event loop (GET /api/messages). */
const RECEIVED_AT_ONCE = 20;

/** A 'sending' recipient claimed longer ago than this was being sent by a server that stopped. */
export const INTERRUPTED_AFTER_MS = 2 * 60_000;

export const MESSAGE_TEXTS = {
  noRecipients: 'Nobody is in this audience now: change the segments before sending.',
  subjectNeeded: 'Write a subject.',
  bodyNeeded: 'Write the message.',
  bannerPast: 'The banner must be shown until a moment in the future.',
  finished: 'Nothing is waiting to be sent: every recipient has had their turn.',
  nothingToResume: 'No recipient of this message was cancelled, so there is nothing to resume.',
  nothingToRetry: 'No recipient of this message is failed or interrupted, so there is nothing to send again.',
  notFound: 'There is no such message.',
  notSentToYou: 'There is no such message among the ones sent to you.',
  testRefused: (answer: string) => `The mail server did not take the test message: ${answer}`,
} as const;

/** What a new message says and to whom. */
export interface NewMessage {
  subject: string;
  body: string;
  bannerUntil?: string | null;
  /** Also a notification on the recipients' phones, and a text to those who consented (organisers only). */
  urgent?: boolean;
}

/** Who writes: an administrator for the organisers, or a team leader for one of their venues. */
export interface MessageAuthorContext {
  actor: AuthUser;
  kind: 'organisers' | 'team-leader';
  venueId: number | null;
  /** The signature under the message. */
  from: string;
  /** Where the organisers' copy goes (team leaders' messages). */
  organisersCopy: string | null;
  /** Runs in the transaction that writes the message, before it is written: may refuse it (a team leader's limit). */
  admit?: (manager: EntityManager, now: Date) => Promise<void>;
}

const DELIVERY_OF: Record<MailSendStatus, DeliveryState> = {
  pending: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
};
const STATUS_OF: Record<DeliveryState, MailSendStatus> = {
  queued: 'pending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
};

export const MESSAGE_SORTABLE = ['id', 'createdAt', 'subject'] as const;

/**
 * Organisers' messages: the audience counted and listed, a preview and a test, and the message
 * itself, whose recipients are fixed when it is created, each written to the mail ledger in the same
 * transaction; `MessageOutbox` sends them. Also the recipients' own view: their messages and banners.
 */
@Injectable()
export class MessagesService {
  constructor(
    @InjectRepository(Message) private readonly messages: Repository<Message>,
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    @InjectRepository(MessageDismissal) private readonly dismissals: Repository<MessageDismissal>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly audiences: AudienceService,
    private readonly settings: SettingsService,
    private readonly ledger: MailLedgerService,
    private readonly mail: MailService,
    private readonly contexts: MailContextService,
    private readonly audit: AuditService,
    private readonly outbox: MessageOutbox,
    private readonly signatures: MessageSignatures,
    private readonly notifications: NotificationsService,
    private readonly renderings: MessageRenderings,
    private readonly clock: Clock,
  ) {}

  /** Refuses an audience that is not well formed, naming what to fix. */
  assertAudience(audience: unknown, settings: EditionSettings): asserts audience is AudienceNode {
    const problem = audienceProblem(audience, settings.statusCatalogue);
    if (problem) throw AppException.badRequest(problem, { audience: problem });
  }

  /** How many the audience holds now, who, and the audience in words. */
  async preview(audience: AudienceNode, settings: EditionSettings, members?: Person[]): Promise<AudiencePreview> {
    const people = members ?? (await this.audiences.members(audience, settings));
    return {
      count: people.length,
      recipients: people.map((person) => this.audiences.member(person, settings)),
      description: await this.audiences.describe(audience, settings),
    };
  }

  /**
   * The message as `person` (or, without one, the writer) would get it in a message to `audience`:
   * the same merge values `create` gives them.
   */
  async render(
    text: NewMessage,
    settings: EditionSettings,
    person: Person | null,
    from: string,
    audience: AudienceNode | null,
  ): Promise<MessagePreview> {
    this.assertText(text);
    const values = person ? this.audiences.mergeValues(person, settings, this.clock.now(), audience) : null;
    const context = await this.contexts.context();
    const filled = values ?? (await this.writerValues(null, settings));
    const body = await this.renderings.render(text.body);
    const mail = organisersMessageMail('', { subject: text.subject, body, from }, filled, context);
    return {
      recipient: person ? { id: person.id, name: `${person.firstName} ${person.lastName}` } : null,
      subject: mail.subject,
      html: fillMessageBody(body, filled, context.publicUrl).html,
      text: mail.text,
    };
  }

  /** Sends the message now to the writer's own address, with their own merge values. */
  async sendTest(author: MessageAuthorContext, text: NewMessage): Promise<{ sentTo: string }> {
    this.assertText(text);
    const settings = await this.settings.get();
    const values = await this.writerValues(author.actor.id, settings);
    const context = await this.contexts.context();
    const body = await this.renderings.render(text.body);
    const mail = organisersMessageMail(author.actor.email, { subject: text.subject, body, from: author.from }, values, context);
    try {
      await this.mail.send({ ...mail, subject: `[Test] ${mail.subject}` });
    } catch (error) {
      const answer = error instanceof MailDeliveryError || error instanceof Error ? error.message : String(error);
      throw new AppException(503, ErrorCode.MailUnavailable, MESSAGE_TEXTS.testRefused(answer));
    }
    await this.audit.record(
      { id: author.actor.id, email: author.actor.email },
      { action: 'message.test', entity: 'message', after: { subject: text.subject } },
    );
    return { sentTo: author.actor.email };
  }

  /**
   * Creates the message: its recipients are the audience's members now, each owed one email in the
   * mail ledger, written in the same transaction as the message; the outbox then sends them.
   */
  async create(
    author: MessageAuthorContext,
    text: NewMessage,
    audience: AudienceNode,
    members: Person[],
    settings: EditionSettings,
  ): Promise<MessageDetail> {
    this.assertText(text);
    const now = this.clock.now();
    const bannerUntil = text.bannerUntil ? new Date(text.bannerUntil) : null;
    if (bannerUntil && bannerUntil.getTime() <= now.getTime())
      throw AppException.badRequest(MESSAGE_TEXTS.bannerPast, { bannerUntil: MESSAGE_TEXTS.bannerPast });
    if (!members.length)
      throw AppException.badRequest(MESSAGE_TEXTS.noRecipients, { audience: MESSAGE_TEXTS.noRecipients }, ErrorCode.NoRecipients);
    const edition = await this.settings.editionKey();
    const audienceText = await this.audiences.describe(audience, settings);
    // Rendered once here; every copy is filled from it.
    const rendering = await this.renderings.render(text.body);
    const urgentContext = text.urgent ? await this.contexts.context() : null;
    const message = await this.messages.manager.transaction(async (manager) => {
      await author.admit?.(manager, now);
      const created = await manager.getRepository(Message).save(
        manager.getRepository(Message).create({
          edition,
          authorId: author.actor.id,
          authorKind: author.kind,
          venueId: author.venueId,
          subject: text.subject,
          body: text.body,
          renderedHtml: rendering.html,
          renderedText: rendering.text,
          renderedLinks: rendering.links,
          audience,
          audienceText,
          state: 'sending',
          recipients: members.length,
          bannerUntil,
          urgent: !!text.urgent,
          organisersCopy: author.organisersCopy,
          createdAt: now,
          finishedAt: null,
          cancelledAt: null,
        }),
      );
      const owed: OwedMail[] = members.map((person) => ({
        userId: person.id,
        recipient: person.email,
        kind: 'message',
        messageId: created.id,
        params: { messageId: created.id, values: this.audiences.mergeValues(person, settings, now, audience) },
      }));
      if (author.organisersCopy) {
        owed.push({
          userId: author.actor.id,
          recipient: author.organisersCopy,
          kind: 'message-copy',
          messageId: created.id,
          params: {
            messageId: created.id,
            values: this.audiences.mergeValues(members[0], settings, now, audience),
            note:
              `A copy for the organisers: ${author.from} wrote to ${members.length} volunteer${members.length === 1 ? '' : 's'} ` +
              `(${audienceText}). The merge fields show the values of ${members[0].firstName} ${members[0].lastName}.`,
          },
        });
      }
      await this.ledger.oweMany(manager, { edition, at: now, jobRunId: null }, owed);
      if (text.urgent) await this.notifications.owe(manager, edition, urgentNotices(created, owed, rendering, urgentContext!));
      await this.audit.record(
        { id: author.actor.id, email: author.actor.email },
        {
          action: 'message.sent',
          entity: 'message',
          entityId: created.id,
          after: { subject: text.subject, audience: audienceText, recipients: members.length, bannerUntil, venueId: author.venueId },
        },
        manager,
      );
      return created;
    });
    this.outbox.wake();
    if (text.urgent) this.notifications.kick();
    return this.detail(message);
  }

  /** A message of the current edition, which may still be cancelled, resumed or retried (409 for an earlier edition's). */
  private async writable(id: number): Promise<Message> {
    const message = await this.findOrFail(id);
    const current = await this.settings.current();
    if (message.edition !== current.key) {
      const edition = await this.settings.editionByKey(message.edition);
      if (edition) await this.settings.assertCurrent(edition.id);
    }
    return message;
  }

  async findOrFail(id: number): Promise<Message> {
    const message = await this.messages.findOneBy({ id });
    if (!message) throw AppException.notFound(MESSAGE_TEXTS.notFound);
    return message;
  }

  /** The admin list of messages, newest first by default, with each one's progress. */
  async list(query: ListQuery): Promise<{ rows: MessageSummary[]; total: number }> {
    const state = query.filter.state;
    if (state !== undefined && state !== 'sending' && state !== 'sent' && state !== 'cancelled') {
      throw AppException.badRequest("state must be 'sending', 'sent' or 'cancelled'", {
        state: "state must be 'sending', 'sent' or 'cancelled'",
      });
    }
    const edition = await this.settings.editionFor(query.filter.edition);
    const where = { edition: edition.key, ...(state ? { state: state as MessageState } : {}) };
    const [found, total] = await this.messages.findAndCount({
      where,
      order: { [query.sort.field]: query.sort.order, id: 'DESC' },
      skip: query.offset,
      take: query.limit,
    });
    return { rows: await this.summaries(found), total };
  }

  /** A team leader's own messages, newest first. */
  async ownMessages(authorId: number): Promise<MessageSummary[]> {
    return this.summaries(await this.messages.find({ where: { authorId, authorKind: 'team-leader' }, order: { id: 'DESC' }, take: 100 }));
  }

  async detail(message: Message): Promise<MessageDetail> {
    const [summary] = await this.summaries([message]);
    const queued = summary.counts.queued;
    const rate = this.outbox.ratePerSecond;
    const interrupted = summary.counts.sending
      ? await this.sends.countBy({
          messageId: message.id,
          kind: 'message',
          status: 'sending',
          claimedAt: LessThan(new Date(this.clock.now().getTime() - INTERRUPTED_AFTER_MS)),
        })
      : 0;
    return {
      ...summary,
      body: message.body,
      audienceRule: message.audience,
      venueId: message.venueId,
      organisersCopy: message.organisersCopy,
      cancelledAt: message.cancelledAt?.toISOString() ?? null,
      ratePerSecond: rate,
      secondsLeft: queued ? Math.ceil(queued / rate) : null,
      interrupted,
    };
  }

  /** The recipients of a message with their delivery, as a react-admin list. Filter { state?, q? }. */
  async recipients(messageId: number, query: ListQuery): Promise<{ rows: MessageRecipientRow[]; total: number }> {
    await this.findOrFail(messageId);
    const { state, q } = query.filter;
    if (state !== undefined && !DELIVERY_STATES.includes(state as DeliveryState)) {
      const text = `state must be one of ${DELIVERY_STATES.join(', ')}`;
      throw AppException.badRequest(text, { state: text });
    }
    const builder = this.sends
      .createQueryBuilder('m')
      .innerJoin(User, 'u', 'u.id = m.userId')
      .where('m.messageId = :messageId', { messageId })
      .andWhere("m.kind = 'message'");
    if (state !== undefined) builder.andWhere('m.status = :status', { status: STATUS_OF[state as DeliveryState] });
    if (typeof q === 'string' && q.trim()) {
      builder.andWhere(
        `(LOWER(m.recipient) LIKE :q ${LIKE_ESCAPE} OR u.searchFirstName LIKE :q ${LIKE_ESCAPE} ` +
          `OR u.searchLastName LIKE :q ${LIKE_ESCAPE} OR LOWER(u.svid) LIKE :q ${LIKE_ESCAPE})`,
        { q: likePattern(q) },
      );
    }
    const total = await builder.getCount();
    const rows = await builder
      .select([
        'm.id AS id',
        'm.userId AS userId',
        'm.recipient AS email',
        'm.status AS status',
        'm.attempts AS attempts',
        'm.lastError AS lastError',
        'm.sentAt AS sentAt',
      ])
      .addSelect(['u.firstName AS firstName', 'u.lastName AS lastName', 'u.svid AS svid'])
      .orderBy('m.id', query.sort.order)
      .offset(query.offset)
      .limit(query.limit)
      .getRawMany<{
        id: unknown;
        userId: unknown;
        email: string;
        status: MailSendStatus;
        attempts: unknown;
        lastError: string | null;
        sentAt: unknown;
        firstName: string;
        lastName: string;
        svid: string;
      }>();
    return {
      total,
      rows: rows.map((row) => ({
        id: rawInt(row.id),
        userId: rawInt(row.userId),
        name: `${row.firstName} ${row.lastName}`,
        svid: row.svid,
        email: row.email,
        state: DELIVERY_OF[row.status],
        attempts: rawInt(row.attempts),
        error: row.lastError,
        sentAt: row.sentAt ? rawDate(row.sentAt).toISOString() : null,
      })),
    };
  }

  /** Stops a message: the recipients still queued are cancelled (one being sent right now finishes). */
  async cancel(messageId: number, actor: AuthUser): Promise<MessageDetail> {
    const message = await this.writable(messageId);
    const now = this.clock.now();
    const changed = await this.messages.manager.transaction(async (manager) => {
      const result = await manager.getRepository(MailSend).update({ messageId, status: 'pending' }, { status: 'cancelled' });
      if (!result.affected) return 0;
      await manager.getRepository(Message).update({ id: messageId }, { state: 'cancelled', cancelledAt: now, finishedAt: now });
      await this.audit.record(
        actorOf(actor),
        { action: 'message.cancelled', entity: 'message', entityId: messageId, after: { cancelled: result.affected } },
        manager,
      );
      return result.affected;
    });
    if (!changed) throw AppException.conflict(MESSAGE_TEXTS.finished, ErrorCode.MessageFinished);
    return this.detail(await this.findOrFail(message.id));
  }

  /** Queues the cancelled recipients again. */
  async resume(messageId: number, actor: AuthUser): Promise<MessageDetail> {
    await this.writable(messageId);
    const changed = await this.requeue(messageId, actor, ['cancelled'], 'message.resumed');
    if (!changed) throw AppException.conflict(MESSAGE_TEXTS.nothingToResume, ErrorCode.NothingToResume);
    return this.detail(await this.findOrFail(messageId));
  }

  /**
   * Queues again the recipients the mail server refused for good, and (asked for explicitly) those a
   * stopped server left in the middle of sending, who may or may not have received it.
   */
  async retry(messageId: number, actor: AuthUser, include: readonly ('failed' | 'sending')[]): Promise<MessageDetail> {
    await this.writable(messageId);
    const changed = await this.requeue(messageId, actor, include, 'message.retried');
    if (!changed) throw AppException.conflict(MESSAGE_TEXTS.nothingToRetry, ErrorCode.NothingToRetry);
    return this.detail(await this.findOrFail(messageId));
  }

  private async requeue(
    messageId: number,
    actor: AuthUser,
    from: readonly ('cancelled' | 'failed' | 'sending')[],
    action: string,
  ): Promise<number> {
    const now = this.clock.now();
    const changed = await this.messages.manager.transaction(async (manager) => {
      let affected = 0;
      const repository = manager.getRepository(MailSend);
      for (const status of from) {
        // A send in progress on a live server is not interrupted: only one claimed long enough ago.
        const where =
          status === 'sending'
            ? { messageId, status, claimedAt: LessThan(new Date(now.getTime() - INTERRUPTED_AFTER_MS)) }
            : { messageId, status };
        affected += (await repository.update(where, { status: 'pending', retryAt: null, attempts: 0, lastError: null })).affected ?? 0;
      }
      if (!affected) return 0;
      await manager.getRepository(Message).update({ id: messageId }, { state: 'sending', finishedAt: null });
      await this.audit.record(
        actorOf(actor),
        { action, entity: 'message', entityId: messageId, after: { queued: affected, from } },
        manager,
      );
      return affected;
    });
    if (changed) this.outbox.wake();
    return changed;
  }

  /**
   * The messages sent to a person, newest first, each made for them, as the JSON of GET /api/messages
   * (`{ success, data: { messages } }`, ReceivedMessages) in pieces. The kept HTML is read, filled and
   * written out a few messages at a time, with other requests let in between: 200 messages of 20,000
   * characters are some 5 MB, which read, filled and serialised in one go held the event loop (and
   * the young heap, whose collections then copied it all) for a tenth of a second.
   */
  async receivedJson(userId: number): Promise<Buffer[]> {
    const pieces = [Buffer.from('{"success":true,"data":{"messages":[')];
    const close = Buffer.from(']}}');
    const entries = await this.sends.find({
      where: { userId, kind: 'message', status: In(['pending', 'sending', 'sent', 'failed']) },
      select: { id: true, messageId: true, params: true, sentAt: true },
      order: { id: 'DESC' },
      take: 200,
    });
    if (!entries.length) return [...pieces, close];
    // This edition's messages only: last year's stay with last year. Neither the Markdown nor the text is read.
    const { key } = await this.settings.current();
    const messages = new Map(
      (
        await this.messages.find({
          where: { id: In(entries.map((e) => e.messageId!)), edition: key },
          select: { id: true, subject: true, authorId: true, authorKind: true, venueId: true, bannerUntil: true, createdAt: true },
        })
      ).map((m) => [m.id, m]),
    );
    const dismissed = new Set(
      (await this.dismissals.find({ where: { userId, messageId: In([...messages.keys()]) } })).map((d) => d.messageId),
    );
    const signatures = await this.signatures.of([...messages.values()]);
    const context = await this.contexts.context();
    const listed = entries.filter((entry) => messages.has(entry.messageId!));
    for (let start = 0; start < listed.length; start += RECEIVED_AT_ONCE) {
      if (start) await nextTurn();
      const group = listed.slice(start, start + RECEIVED_AT_ONCE);
      const renderings = await this.renderings.of(
        await this.messages.find({
          where: { id: In(group.map((entry) => entry.messageId!)) },
          select: { id: true, renderedHtml: true, renderedLinks: true },
        }),
      );
      for (const entry of group) {
        const message = messages.get(entry.messageId!)!;
        const values = (entry.params as { values: MergeValues }).values;
        const received: ReceivedMessage = {
          id: message.id,
          subject: renderSubject(message.subject, values),
          html: fillMessageBody(renderings.get(message.id)!, values, context.publicUrl).html,
          from: signatures.get(message.id)!,
          sentAt: (entry.sentAt ?? message.createdAt).toISOString(),
          bannerUntil: message.bannerUntil?.toISOString() ?? null,
          dismissed: dismissed.has(message.id),
        };
        pieces.push(Buffer.from(`${pieces.length > 1 ? ',' : ''}${JSON.stringify(received)}`));
      }
    }
    return [...pieces, close];
  }

  /**
   * Every message sent to a person, in every edition, in plain text as they received it (their merge
   * values filled in), oldest first: for the archive of their data (docs/api.md, 'Personal data').
   */
  async receivedEverywhere(userId: number): Promise<{ edition: string; subject: string; text: string; from: string; sentAt: string }[]> {
    const entries = await this.sends.find({
      where: { userId, kind: 'message', status: In(['pending', 'sending', 'sent', 'failed']) },
      order: { id: 'ASC' },
    });
    if (!entries.length) return [];
    const messages = new Map((await this.messages.find({ where: { id: In(entries.map((e) => e.messageId!)) } })).map((m) => [m.id, m]));
    const signatures = await this.signatures.of([...messages.values()]);
    const renderings = await this.renderings.of([...messages.values()]);
    const context = await this.contexts.context();
    return entries.flatMap((entry) => {
      const message = messages.get(entry.messageId!);
      if (!message) return [];
      const values = (entry.params as { values: MergeValues }).values;
      return [
        {
          edition: message.edition,
          subject: renderSubject(message.subject, values),
          text: fillMessageBody(renderings.get(message.id)!, values, context.publicUrl).text,
          from: signatures.get(message.id)!,
          sentAt: (entry.sentAt ?? message.createdAt).toISOString(),
        },
      ];
    });
  }

  /** Hides a message's banner for this person from now on. */
  async dismiss(userId: number, messageId: number): Promise<void> {
    const entry = await this.sends.findOneBy({ userId, messageId, kind: 'message' });
    if (!entry || entry.status === 'cancelled') throw AppException.notFound(MESSAGE_TEXTS.notSentToYou);
    if (await this.dismissals.existsBy({ userId, messageId })) return;
    try {
      await this.dismissals.insert({ userId, messageId, dismissedAt: this.clock.now() });
    } catch (error) {
      // Dismissed twice at once: the other insert won, which is the same outcome.
      if (!(await this.dismissals.existsBy({ userId, messageId }))) throw error;
    }
  }

  private async summaries(messages: readonly Message[]): Promise<MessageSummary[]> {
    if (!messages.length) return [];
    const ids = messages.map((m) => m.id);
    const counted = await this.sends
      .createQueryBuilder('m')
      .select(['m.messageId AS messageId', 'm.status AS status', 'COUNT(*) AS n'])
      .where('m.messageId IN (:...ids)', { ids })
      .andWhere("m.kind = 'message'")
      .groupBy('m.messageId')
      .addGroupBy('m.status')
      .getRawMany<{ messageId: unknown; status: MailSendStatus; n: unknown }>();
    const counts = new Map<number, DeliveryCounts>(ids.map((id) => [id, emptyCounts()]));
    for (const row of counted) counts.get(rawInt(row.messageId))![DELIVERY_OF[row.status]] += rawInt(row.n);
    const signatures = await this.signatures.of(messages);
    const authorIds = [...new Set(messages.map((m) => m.authorId))];
    const authors = new Map(
      (await this.users.find({ where: { id: In(authorIds) }, select: { id: true, firstName: true, lastName: true } })).map((u) => [
        u.id,
        `${u.firstName} ${u.lastName}`,
      ]),
    );
    return messages.map((m) => ({
      id: m.id,
      subject: m.subject,
      author: { id: m.authorId, name: authors.get(m.authorId) ?? signatures.get(m.id)!, kind: m.authorKind },
      audience: m.audienceText,
      state: m.state,
      recipients: m.recipients,
      counts: counts.get(m.id)!,
      createdAt: m.createdAt.toISOString(),
      finishedAt: m.finishedAt?.toISOString() ?? null,
      bannerUntil: m.bannerUntil?.toISOString() ?? null,
    }));
  }

  /** The writer's own merge values (a test to themself), or sample values without a writer. */
  private async writerValues(userId: number | null, settings: EditionSettings): Promise<MergeValues> {
    const [person] = userId === null ? [] : await this.audiences.people([userId]);
    if (person) return this.audiences.mergeValues(person, settings, this.clock.now(), null);
    const user = userId === null ? null : await this.users.findOneBy({ id: userId });
    return this.audiences.mergeValues(
      {
        id: user?.id ?? 0,
        email: user?.email ?? 'volunteer@example.org',
        firstName: user?.firstName ?? 'Ada',
        lastName: user?.lastName ?? 'Lovelace',
        svid: user?.svid ?? 'SV-0000',
        application: null,
        shifts: [],
        facts: { role: user?.role ?? 'Student-Volunteer', application: null, ledVenueIds: [], shifts: [] },
      },
      settings,
      this.clock.now(),
      null,
    );
  }

  private assertText(text: NewMessage): void {
    const errors: Record<string, string> = {};
    if (!text.subject?.trim()) errors.subject = MESSAGE_TEXTS.subjectNeeded;
    else {
      const problem = mergeFieldProblem(text.subject);
      if (problem) errors.subject = problem;
    }
    let overLimit = false;
    if (!text.body?.trim()) errors.body = MESSAGE_TEXTS.bodyNeeded;
    else {
      const problem = mergeFieldProblem(text.body);
      const limit = problem ? null : markdownLimitProblem(text.body);
      if (problem) errors.body = problem;
      else if (limit) {
        errors.body = limit.message;
        overLimit = true;
      }
    }
    const fields = Object.keys(errors);
    if (!fields.length) return;
    const unknownField = Object.values(errors).some((e) => e.startsWith('Unknown merge field'));
    const code = unknownField ? ErrorCode.UnknownMergeField : overLimit ? ErrorCode.MarkdownLimit : undefined;
    throw AppException.badRequest(errors[fields[0]], errors, code);
  }
}

const emptyCounts = (): DeliveryCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 });
const actorOf = (user: AuthUser) => ({ id: user.id, email: user.email });

/**
 * An urgent message's notices: one per recipient, with their merge values filled in, as a notification
 * opening the message, and as a text (for those who consented) of its subject and start.
 */
function urgentNotices(message: Message, owed: OwedMail[], rendering: MessageRendering, context: MailContext): Notice[] {
  return owed.flatMap((mail) => {
    if (mail.kind !== 'message') return [];
    const values = (mail.params as { values: MergeValues }).values;
    const subject = renderSubject(message.subject, values);
    const text = fillMessageBody(rendering, values, context.publicUrl).text;
    return [
      {
        userId: mail.userId,
        kind: 'urgent' as const,
        about: `message:${message.id}`,
        title: subject,
        body: text,
        // The recipient's Messages page, at this message (the applicant app's address of it).
        url: `/messages#message-${message.id}`,
        text: textMessageBody(`${context.conferenceName} SVs`, subject, text),
      },
    ];
  });
}
