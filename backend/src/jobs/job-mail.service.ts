import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, MoreThan, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/dialect.js';
import { MailContextService } from '../mail/mail-context.service.js';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import {
  type DecisionOutcome,
  type MailContext,
  applicationReminderMail,
  confirmationReminderMail,
  decisionMail,
  offerLapsedMail,
  schedulesReleasedMail,
  teamLeaderClosedMail,
  waitlistOfferMail,
} from '../mail/templates.js';
import { JobRunsService } from './job-runs.service.js';
import type { JobRun } from './job-run.entity.js';
import { ledgerKey } from './ledger-key.js';
import { MailSend } from './mail-send.entity.js';

/** What each kind of job email needs, captured when the run decides to send it. */
export interface JobMailParams {
  'team-leader-closed': { firstName: string; applicationEndDate: string };
  'application-reminder': { firstName: string; applicationEndDate: string; daysLeft: number };
  decision: { firstName: string; outcome: DecisionOutcome; confirmBy?: string; teamLeader?: boolean };
  'confirmation-reminder': { firstName: string; confirmBy: string; daysLeft: number };
  'offer-lapsed': { firstName: string };
  'waitlist-offer': { firstName: string; confirmBy: string };
  'schedules-released': { firstName: string };
}
export type JobMailKind = keyof JobMailParams;

export interface OwedMail<K extends JobMailKind = JobMailKind> {
  userId: number;
  recipient: string;
  kind: K;
  params: JobMailParams[K];
}

export function renderJobMail(kind: JobMailKind, to: string, params: Record<string, unknown>, context: MailContext): MailMessage {
  switch (kind) {
    case 'team-leader-closed': {
      const p = params as unknown as JobMailParams['team-leader-closed'];
      return teamLeaderClosedMail(to, p.firstName, p.applicationEndDate, context);
    }
    case 'application-reminder': {
      const p = params as unknown as JobMailParams['application-reminder'];
      return applicationReminderMail(to, p.firstName, p.applicationEndDate, p.daysLeft, context);
    }
    case 'decision': {
      const p = params as unknown as JobMailParams['decision'];
      return decisionMail(to, p.firstName, p, context);
    }
    case 'confirmation-reminder': {
      const p = params as unknown as JobMailParams['confirmation-reminder'];
      return confirmationReminderMail(to, p.firstName, p.confirmBy, p.daysLeft, context);
    }
    case 'offer-lapsed':
      return offerLapsedMail(to, (params as unknown as JobMailParams['offer-lapsed']).firstName, context);
    case 'waitlist-offer': {
      const p = params as unknown as JobMailParams['waitlist-offer'];
      return waitlistOfferMail(to, p.firstName, p.confirmBy, context);
    }
    case 'schedules-released':
      return schedulesReleasedMail(to, (params as unknown as JobMailParams['schedules-released']).firstName, context);
  }
}

/** Consecutive refused sends after which a run stops trying (the mail server is away) and retries later. */
const GIVE_UP_AFTER_FAILURES = 3;
const BATCH = 100;

export interface Delivery {
  /** Sends refused in this attempt: the run failed and is retried. */
  refused: number;
  lastError: string | null;
  /** The server is shutting down: the rest waits for the next start. */
  interrupted: boolean;
}

/** The emails a run owes: each written down before it is sent, so a resumed run sends nobody a second copy. */
export interface MailTally {
  mailsOwed: number;
  mailsSent: number;
  mailsPending: number;
  /** Being sent when a server stopped: they may or may not have gone out, and are never sent again. */
  mailsUncertain: number;
}

/**
 * The outbox of the deadline jobs (mail_sends). A job writes each email it owes in the same
 * transaction as the change it reports; `deliver` then sends what is pending, one at a time.
 */
@Injectable()
export class JobMailService {
  private readonly logger = new Logger('Jobs');
  private stopping = false;

  constructor(
    @InjectRepository(MailSend) private readonly sends: Repository<MailSend>,
    private readonly mail: MailService,
    private readonly contexts: MailContextService,
    private readonly runs: JobRunsService,
    private readonly clock: Clock,
  ) {}

  /** Writes down that the run owes this email; false when it was already owed, by this run or as the same message by another (`ledgerKey`). */
  async owe<K extends JobMailKind>(manager: EntityManager, run: JobRun, mail: OwedMail<K>): Promise<boolean> {
    return (await this.oweMany(manager, run, [mail])) === 1;
  }

  /** owe for a batch: one query for the messages already in the ledger, one insert for the rest; answers how many were new. */
  async oweMany(manager: EntityManager, run: JobRun, mails: readonly OwedMail[]): Promise<number> {
    if (!mails.length) return 0;
    const repository = manager.getRepository(MailSend);
    const keyed = mails.map((mail) => ({ mail, key: ledgerKey(run.edition, run.dueAt, mail) }));
    const owed = await repository.find({ select: { ledgerKey: true }, where: { ledgerKey: In(keyed.map((m) => m.key)) } });
    const known = new Set(owed.map((o) => o.ledgerKey));
    const fresh = keyed.filter(({ key }) => {
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
    if (!fresh.length) return 0;
    const now = this.clock.now();
    const rows = fresh.map(({ mail, key }) =>
      repository.create({
        jobRunId: run.id,
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
      }),
    );
    // One INSERT of every row (save() would write them one by one); the JSON column is typed loosely for TypeORM.
    try {
      await repository.insert(rows as QueryDeepPartialEntity<MailSend>[]);
      return fresh.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Another run wrote one of these messages meanwhile: each row alone, the ledger's unique key deciding.
    let written = 0;
    for (const row of rows) {
      try {
        await repository.insert(row as QueryDeepPartialEntity<MailSend>);
        written += 1;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return written;
  }

  /** How many emails of a kind the run owes (sent or not): what it has done so far, across attempts. */
  countOwed(run: JobRun, kind: JobMailKind): Promise<number> {
    return this.sends.countBy({ jobRunId: run.id, kind });
  }

  /** Sends nothing more after the email in progress: the server is shutting down. */
  stop(): void {
    this.stopping = true;
  }

  /** Sends every email the run still owes; a refused one stays pending for the next attempt. */
  async deliver(run: JobRun): Promise<Delivery> {
    const context = await this.contexts.context();
    let lastId = 0;
    let refused = 0;
    let consecutive = 0;
    let lastError: string | null = null;
    for (;;) {
      const batch = await this.sends.find({ where: { jobRunId: run.id, status: 'pending', id: MoreThan(lastId) }, order: { id: 'ASC' }, take: BATCH });
      if (!batch.length) break;
      for (const send of batch) {
        if (this.stopping) return { refused, lastError, interrupted: true };
        lastId = send.id;
        await this.runs.keepAlive(run);
        const taken = await this.sends.update({ id: send.id, status: 'pending' }, { status: 'sending', attempts: send.attempts + 1 });
        if (!taken.affected) continue;
        try {
          await this.mail.send(renderJobMail(send.kind as JobMailKind, send.recipient, send.params, context));
        } catch (error) {
          // The mailer refused it, so it did not go out: it stays owed.
          lastError = (error as Error).message;
          await this.sends.update({ id: send.id, status: 'sending' }, { status: 'pending', lastError: lastError.slice(0, 500) });
          refused += 1;
          consecutive += 1;
          if (consecutive >= GIVE_UP_AFTER_FAILURES) {
            this.logger.warn(`Run ${run.id} of ${run.job}: ${consecutive} sends refused in a row; the rest waits for the retry.`);
            return { refused, lastError, interrupted: false };
          }
          continue;
        }
        consecutive = 0;
        await this.sends.update({ id: send.id, status: 'sending' }, { status: 'sent', sentAt: this.clock.now() });
      }
    }
    return { refused, lastError, interrupted: false };
  }

  async tally(run: JobRun): Promise<MailTally> {
    const rows = await this.sends
      .createQueryBuilder('m')
      .select('m.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where('m.job_run_id = :id', { id: run.id })
      .groupBy('m.status')
      .getRawMany<{ status: string; n: number | string }>();
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    const [sent, pending, sending] = [of('sent'), of('pending'), of('sending')];
    return { mailsOwed: sent + pending + sending, mailsSent: sent, mailsPending: pending, mailsUncertain: sending };
  }
}
