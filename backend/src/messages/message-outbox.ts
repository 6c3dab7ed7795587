import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { NamedLocksService } from '../database/named-locks.service.js';
import { MailContextService } from '../mail/mail-context.service.js';
import { MailLedgerService } from '../mail/mail-ledger.service.js';
import { MailSend } from '../mail/mail-send.entity.js';
import type { OrganisersMessage } from '../mail/templates.js';
import { MessageRenderings } from './message-renderings.js';
import { MessageSignatures } from './message-signatures.js';
import { Message } from './message.entity.js';

/** The lock every server sees: one sends organisers' messages at a time, so the pace holds across servers. */
export const OUTBOX_LOCK = 'message-outbox';
/** The sender's lease, renewed while it sends: a server that stops hands over within this. */
export const OUTBOX_LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
/** How often a server looks for messages written on another server. */
export const OUTBOX_POLL_MS = 5_000;
const BATCH = 50;
/** Emails handed to the mail server at once (the pace still decides how many a second). */
const IN_FLIGHT = 4;
/** A recipient the mail server refuses for a while (not for good) is tried this often, then failed. */
export const MAX_ATTEMPTS = 5;
export const RETRY_AFTER_MS = 60_000;
/** This many refusals in a row: the mail server is away, so the outbox waits for its next round. */
const AWAY_AFTER_REFUSALS = 3;

/**
 * Sends organisers' messages in the background: the recipients each message owes (mail-ledger
 * entries with a `message_id`), oldest message first, at `MAIL_RATE_PER_SECOND`. One server sends at
 * a time (a named lock with a lease); each email is claimed in the ledger before it goes out, so a
 * crash, a restart or a second server never sends anyone a second copy. A temporary refusal is
 * tried again later (MAX_ATTEMPTS, RETRY_AFTER_MS apart), a permanent one is `failed` with the
 * server's answer. Servers with JOBS_ENABLED=false do not send; tests call `drain()`.
 */
@Injectable()
export class MessageOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Messages');
  readonly ratePerSecond: number;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private nextSlot = 0;

  constructor(
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    @InjectRepository(Message) private readonly messages: Repository<Message>,
    private readonly locks: NamedLocksService,
    private readonly ledger: MailLedgerService,
    private readonly contexts: MailContextService,
    private readonly signatures: MessageSignatures,
    private readonly renderings: MessageRenderings,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.ratePerSecond = config.mailRatePerSecond;
  }

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    this.wake();
    this.timer = setInterval(() => this.wake(), OUTBOX_POLL_MS);
    this.timer.unref?.();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Starts sending soon on a server that sends (a new message, a resume). */
  wake(): void {
    if (!this.config.jobsEnabled || this.stopped) return;
    void this.drain().catch((error: Error) => this.logger.warn(`Messages could not be sent now: ${error.message}`));
  }

  /**
   * Sends everything that can be sent now and settles with how many went out; a call while a drain
   * runs makes that drain look again before it settles.
   */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      try {
        do {
          this.again = false;
          sent += await this.round();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
      return sent;
    })();
    return this.running;
  }

  /**
   * One round under the lock: every due recipient, a few at a time over the kept-open connections
   * (one at a time, each email's dozen steps wait behind every request a busy server is answering),
   * then the messages that are done are marked so.
   */
  private async round(): Promise<number> {
    const lock = await this.locks.acquire(OUTBOX_LOCK, 'Sending messages', OUTBOX_LEASE_MS);
    if (!lock.acquired) return 0;
    let renewedAt = Date.now();
    const templates = new Map<number, OrganisersMessage>();
    const context = { ...(await this.contexts.context()), message: (id: number) => templates.get(id) };
    let sent = 0;
    let refusalsInARow = 0;
    const inFlight = new Set<Promise<void>>();
    const away = () => refusalsInARow >= AWAY_AFTER_REFUSALS;
    const sendOne = async (send: MailSend, slot: number) => {
      const outcome = await this.ledger.sendOne(send, context);
      if (outcome.sent) {
        sent += 1;
        refusalsInARow = 0;
      } else if (outcome.taken) {
        // Cancelled (or taken) meanwhile: nothing went out, so its place in the pace is given back.
        this.nextSlot = Math.min(this.nextSlot, slot);
      } else if (outcome.failed) {
        refusalsInARow = 0;
      } else {
        refusalsInARow += 1;
        await this.refused(send);
      }
    };
    try {
      while (!this.stopped && !away()) {
        const batch = await this.due();
        if (!batch.length) break;
        const missing = [...new Set(batch.map((send) => send.messageId!))].filter((id) => !templates.has(id));
        if (missing.length) {
          // Each message's kept rendering: every email is filled from it, never parsed again.
          const found = await this.messages.findBy({ id: In(missing) });
          const signatures = await this.signatures.of(found);
          const renderings = await this.renderings.of(found);
          for (const message of found)
            templates.set(message.id, { subject: message.subject, body: renderings.get(message.id)!, from: signatures.get(message.id)! });
        }
        for (const send of batch) {
          if (this.stopped || away()) break;
          if (Date.now() - renewedAt >= RENEW_EVERY_MS) {
            await this.locks.renew(OUTBOX_LOCK, lock.token, OUTBOX_LEASE_MS);
            renewedAt = Date.now();
          }
          while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
          const slot = await this.pace();
          const sending: Promise<void> = sendOne(send, slot).finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        // The next batch is read once this one is out, so no email is read twice while it is being sent.
        await Promise.all(inFlight);
      }
      await Promise.all(inFlight);
      await this.finish();
    } finally {
      await this.locks.release(OUTBOX_LOCK, lock.token);
    }
    if (away()) this.logger.warn('The mail server refused several messages in a row; sending goes on at the next round.');
    return sent;
  }

  /** The next recipients due: queued, not waiting for a retry, oldest message first. */
  private due(): Promise<MailSend[]> {
    return this.sends
      .createQueryBuilder('m')
      .where('m.messageId IS NOT NULL')
      .andWhere("m.status = 'pending'")
      .andWhere('(m.retryAt IS NULL OR m.retryAt <= :now)', { now: this.clock.now() })
      .orderBy('m.messageId', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .take(BATCH)
      .getMany();
  }

  /** Waits for the next moment the pace allows; answers the slot it took, to give back if unused. */
  private async pace(): Promise<number> {
    const now = performance.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 1000 / this.ratePerSecond;
    if (at > now) await sleep(at - now);
    return at;
  }

  /** A temporary refusal: tried again later, or failed once it has had its attempts. */
  private async refused(send: MailSend): Promise<void> {
    const attempts = send.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      await this.sends.update({ id: send.id, status: 'pending' }, { status: 'failed' });
      return;
    }
    await this.sends.update(
      { id: send.id, status: 'pending' },
      { retryAt: new Date(this.clock.now().getTime() + RETRY_AFTER_MS * attempts) },
    );
  }

  /** Messages still marked sending whose recipients have all had their turn are finished. */
  private async finish(): Promise<void> {
    const open = await this.messages.find({ where: { state: 'sending' }, select: { id: true } });
    if (!open.length) return;
    const waiting = await this.sends
      .createQueryBuilder('m')
      .select('DISTINCT m.messageId', 'messageId')
      .where('m.messageId IN (:...ids)', { ids: open.map((m) => m.id) })
      .andWhere("m.status = 'pending'")
      .getRawMany<{ messageId: unknown }>();
    const busy = new Set(waiting.map((row) => Number(row.messageId)));
    const done = open.filter((m) => !busy.has(m.id)).map((m) => m.id);
    if (done.length) await this.messages.update({ id: In(done), state: 'sending' }, { state: 'sent', finishedAt: this.clock.now() });
  }
}
