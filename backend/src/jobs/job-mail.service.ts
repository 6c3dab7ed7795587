import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, MoreThan, type Repository } from 'typeorm';
import { MailContextService } from '../mail/mail-context.service.js';
import { type LedgerMailKind, MailLedgerService, type OwedMail } from '../mail/mail-ledger.service.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { JobRunsService } from './job-runs.service.js';
import type { JobRun } from './job-run.entity.js';

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
  /** Refused by the mail server for good (a referee's address that does not exist); only when there are some. */
  mailsFailed?: number;
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
    private readonly ledger: MailLedgerService,
    private readonly contexts: MailContextService,
    private readonly runs: JobRunsService,
  ) {}

  /** Writes down that the run owes this email; false when it was already owed, by this run or as the same message by another (`ledgerKey`).
   * */
  async owe(manager: EntityManager, run: JobRun, mail: OwedMail): Promise<boolean> {
    return (await this.oweMany(manager, run, [mail])) === 1;
  }

  /** owe for a batch: one query for the messages already in the ledger, one insert for the rest; answers how many were new. */
  async oweMany(manager: EntityManager, run: JobRun, mails: readonly OwedMail[]): Promise<number> {
    return (await this.ledger.oweMany(manager, { edition: run.edition, at: run.dueAt, jobRunId: run.id }, mails)).length;
  }

  /** How many emails of a kind the run owes (sent or not): what it has done so far, across attempts. */
  countOwed(run: JobRun, kind: LedgerMailKind): Promise<number> {
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
      const batch = await this.sends.find({
        where: { jobRunId: run.id, status: 'pending', id: MoreThan(lastId) },
        order: { id: 'ASC' },
        take: BATCH,
      });
      if (!batch.length) break;
      for (const send of batch) {
        if (this.stopping) return { refused, lastError, interrupted: true };
        lastId = send.id;
        await this.runs.keepAlive(run);
        const outcome = await this.ledger.sendOne(send, context);
        // Refused for good (a referee's address): recorded as failed, never retried; the server is up.
        if (outcome.sent || outcome.taken || outcome.failed) {
          if (outcome.sent || outcome.failed) consecutive = 0;
          continue;
        }
        lastError = outcome.error;
        refused += 1;
        consecutive += 1;
        if (consecutive >= GIVE_UP_AFTER_FAILURES) {
          this.logger.warn(`Run ${run.id} of ${run.job}: ${consecutive} sends refused in a row; the rest waits for the retry.`);
          return { refused, lastError, interrupted: false };
        }
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
    const [sent, pending, sending, failed] = [of('sent'), of('pending'), of('sending'), of('failed')];
    return {
      mailsOwed: sent + pending + sending + failed,
      mailsSent: sent,
      mailsPending: pending,
      mailsUncertain: sending,
      ...(failed ? { mailsFailed: failed } : {}),
    };
  }
}
