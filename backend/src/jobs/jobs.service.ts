import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type Repository } from 'typeorm';
import { type EditionSettings } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { SettingsService } from '../settings/settings.service.js';
import { DeadlineJobsService, type JobResult } from './deadline-jobs.service.js';
import {
  JOBS,
  JOB_NAMES,
  type JobDefinition,
  type JobName,
  type Occurrence,
  allOccurrences,
  anchorLabel,
  isJobName,
  jobDefinition,
  occurrencesOf,
  timelineDue,
} from './job-catalogue.js';
import { JobMailService, type MailTally } from './job-mail.service.js';
import type { JobCounts, JobRun } from './job-run.entity.js';
import { JobRunsService, LeaseLostError, RETRY_DELAY_MS } from './job-runs.service.js';

/** A run that starts later than this after its due time was caught up (the server was down, or the date was moved into the past). */
export const CATCH_UP_AFTER_MS = 60_000;
/** Runs listed per job in the admin list, and on one job's page. */
const RUNS_IN_LIST = 5;
const RUNS_ON_PAGE = 25;

export type JobState = 'scheduled' | 'due' | 'running' | 'failed' | 'done' | 'not-scheduled';

export function runView(run: JobRun) {
  return {
    id: run.id,
    job: run.job,
    edition: run.edition,
    slot: run.slot,
    dueAt: run.dueAt.toISOString(),
    triggeredBy: run.triggeredBy,
    outcome: run.outcome,
    attempts: run.attempts,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    counts: run.counts ?? {},
    message: run.message,
  };
}
export type JobRunView = ReturnType<typeof runView>;

/**
 * Runs the deadline jobs: every occurrence whose time has come and that has not run in this
 * edition, once, across every server sharing the database (job_runs), emails included (mail_sends).
 */
@Injectable()
export class JobsService {
  private readonly logger = new Logger('Jobs');

  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly settings: SettingsService,
    private readonly runs: JobRunsService,
    private readonly deadlineJobs: DeadlineJobsService,
    private readonly mails: JobMailService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Runs, earliest first, every occurrence that is due and has not run (or failed and may be retried); answers the runs it finished. */
  async runDue(): Promise<JobRun[]> {
    const settings = await this.settings.get();
    const now = this.clock.now();
    const edition = await this.settings.editionKey();
    const finished: JobRun[] = [];
    for (const occurrence of allOccurrences(settings.timeline, await this.offerDeadlines())) {
      if (occurrence.dueAt.getTime() > now.getTime()) break;
      const existing = await this.runs.find(occurrence, edition);
      if (existing && (existing.outcome === 'succeeded' || existing.outcome === 'skipped')) continue;
      const late = this.clock.now().getTime() - occurrence.dueAt.getTime() > CATCH_UP_AFTER_MS;
      const claim = await this.runs.claim(occurrence, edition, late ? 'catch-up' : 'schedule');
      if (claim.state !== 'claimed') continue;
      finished.push(await this.execute(claim.run, settings));
    }
    return finished;
  }

  /** The server is shutting down: a run in progress stops after the email it is sending, and resumes at the next start. */
  stop(): void {
    this.mails.stop();
  }

  /** The earliest due time still ahead, for the timer; null when nothing is left this edition. */
  async nextDueAt(): Promise<Date | null> {
    const settings = await this.settings.get();
    const now = this.clock.now().getTime();
    return allOccurrences(settings.timeline, await this.offerDeadlines()).find((o) => o.dueAt.getTime() > now)?.dueAt ?? null;
  }

  /** An administrator runs a job again now: its latest due occurrence, which changes nothing already done and mails nobody twice. */
  async runNow(name: string, actor: AuditActor): Promise<JobRunView> {
    const job = this.definition(name);
    if (!job.manualRun) {
      throw AppException.conflict(
        `${job.title} runs only on its schedule: run again by hand, it could decline places offered since.`,
        ErrorCode.JobNotManual,
      );
    }
    const settings = await this.settings.get();
    const now = this.clock.now();
    const occurrences = occurrencesOf(job, settings.timeline, await this.offerDeadlines());
    const due = occurrences.filter((o) => o.dueAt.getTime() <= now.getTime());
    if (!due.length) {
      const next = occurrences[0];
      throw AppException.conflict(
        next
          ? `${job.title} is not due until ${next.dueAt.toISOString()}; it runs by itself then. ` +
              `Running it early would act before the deadline.`
          : `${job.title} has no date in this edition's timeline.`,
        ErrorCode.JobNotDue,
      );
    }
    const occurrence = due[due.length - 1]!;
    const claim = await this.runs.claim(occurrence, await this.settings.editionKey(), 'manual');
    if (claim.state !== 'claimed') {
      throw AppException.conflict(
        `${job.title} is running now (since ${claim.run.startedAt.toISOString()}). Try again when it has finished.`,
        ErrorCode.JobRunning,
      );
    }
    const run = await this.execute(claim.run, settings);
    await this.audit.record(actor, {
      action: 'job.run',
      entity: 'job',
      entityId: job.name,
      after: { runId: run.id, edition: run.edition, slot: run.slot, outcome: run.outcome, counts: run.counts, message: run.message },
    });
    return runView(run);
  }

  /** Every job with its dates, state and latest runs, in timeline order. */
  async overview() {
    const settings = await this.settings.get();
    const offerDeadlines = await this.offerDeadlines();
    const edition = await this.settings.editionKey();
    const thisEdition = await this.runs.forEdition(edition);
    return Promise.all(
      JOBS.map(async (job) =>
        this.jobView(job, settings, edition, offerDeadlines, thisEdition, await this.runs.recent(job.name, RUNS_IN_LIST)),
      ),
    );
  }

  async one(name: string) {
    const job = this.definition(name);
    const settings = await this.settings.get();
    const edition = await this.settings.editionKey();
    const thisEdition = await this.runs.forEdition(edition);
    return this.jobView(job, settings, edition, await this.offerDeadlines(), thisEdition, await this.runs.recent(job.name, RUNS_ON_PAGE));
  }

  private definition(name: string): JobDefinition {
    if (!isJobName(name)) throw AppException.notFound(`There is no job "${name}". The jobs are: ${JOB_NAMES.join(', ')}.`);
    return jobDefinition(name);
  }

  private jobView(
    job: JobDefinition,
    settings: EditionSettings,
    edition: string,
    offerDeadlines: Date[],
    thisEdition: JobRun[],
    recent: JobRun[],
  ) {
    const now = this.clock.now().getTime();
    const occurrences = occurrencesOf(job, settings.timeline, offerDeadlines);
    const runOf = (o: Occurrence) => thisEdition.find((r) => r.job === job.name && r.slot === o.slot);
    const isDone = (o: Occurrence) => ['succeeded', 'skipped'].includes(runOf(o)?.outcome ?? '');
    const pending = occurrences.filter((o) => !isDone(o));
    const next = pending[0] ?? null;
    const nextRun = next ? runOf(next) : undefined;
    let state: JobState;
    if (!occurrences.length) state = 'not-scheduled';
    else if (nextRun?.outcome === 'running' && nextRun.leaseUntil.getTime() > now) state = 'running';
    else if (nextRun?.outcome === 'failed' || (nextRun?.outcome === 'running' && nextRun.leaseUntil.getTime() <= now)) state = 'failed';
    else if (!next) state = 'done';
    else state = next.dueAt.getTime() <= now ? 'due' : 'scheduled';
    const due = timelineDue(job, settings.timeline);
    return {
      id: job.name,
      name: job.name,
      title: job.title,
      description: job.description,
      anchor: job.anchor,
      anchorLabel: anchorLabel(job),
      manualRun: job.manualRun,
      runnableNow: job.manualRun && occurrences.some((o) => o.dueAt.getTime() <= now),
      edition,
      dueAt: due?.toISOString() ?? null,
      nextDueAt: next?.dueAt.toISOString() ?? null,
      state,
      lastRuns: recent.map(runView),
    };
  }

  private async execute(run: JobRun, settings: EditionSettings): Promise<JobRun> {
    const previous = run.counts ?? {};
    try {
      const result = await this.deadlineJobs.execute(run.job as JobName, {
        run,
        settings,
        editionId: await this.settings.currentId(),
        now: this.clock.now(),
      });
      const delivery = await this.mails.deliver(run);
      const tally = await this.mails.tally(run);
      const counts = mergeCounts(previous, result, tally);
      if (delivery.interrupted) {
        const message =
          `Stopped by a server shutdown with ${tally.mailsPending} email${tally.mailsPending === 1 ? '' : 's'} still to ` +
          `send; it resumes at the next start.`;
        return await this.runs.finish(run, 'failed', counts, message, true);
      }
      if (delivery.refused) {
        const retryAt = new Date(this.clock.now().getTime() + RETRY_DELAY_MS).toISOString();
        return await this.runs.finish(
          run,
          'failed',
          counts,
          `${delivery.refused} email${delivery.refused === 1 ? ' was' : 's were'} refused by the mail server ` +
            `(${delivery.lastError}); ${tally.mailsPending} still to send. Tried again after ${retryAt}.`,
        );
      }
      const uncertain = tally.mailsUncertain
        ? `${tally.mailsUncertain} email${tally.mailsUncertain === 1 ? ' was' : 's were'} being sent when a server ` +
          `stopped: ${tally.mailsUncertain === 1 ? 'it' : 'they'} may have gone out and ${tally.mailsUncertain === 1 ? 'is' : 'are'} ` +
          `not sent again.`
        : null;
      const message = [result.skipped ?? null, uncertain].filter(Boolean).join(' ') || null;
      return await this.runs.finish(run, result.skipped ? 'skipped' : 'succeeded', counts, message);
    } catch (error) {
      if (error instanceof LeaseLostError) {
        this.logger.warn(error.message);
        return run;
      }
      this.logger.error(`Run ${run.id} of ${run.job} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      try {
        const tally = await this.mails.tally(run);
        return await this.runs.finish(
          run,
          'failed',
          { ...previous, ...tally },
          `Failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      } catch (finishing) {
        if (finishing instanceof LeaseLostError) return run;
        throw finishing;
      }
    }
  }

  /** The own deadlines of places offered from the waitlist that are still open: later occurrences of the confirmation deadline. */
  private async offerDeadlines(): Promise<Date[]> {
    const rows = await this.applications.find({
      where: { editionId: await this.settings.currentId(), status: 'offered', offerExpiresAt: Not(IsNull()) },
      select: { id: true, offerExpiresAt: true },
    });
    return rows.map((r) => r.offerExpiresAt!);
  }
}

/** Changes add up across the attempts of a run; figures about the run as a whole and the email tally are the latest. */
export function mergeCounts(previous: JobCounts, result: JobResult, tally: MailTally): JobCounts {
  const counts: JobCounts = { ...previous, ...result.counts };
  for (const [key, value] of Object.entries(result.added ?? {})) counts[key] = (previous[key] ?? 0) + value;
  return { ...counts, ...tally };
}
