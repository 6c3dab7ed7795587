import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { isDeadlock, isUniqueViolation } from '../database/database-errors.js';
import type { Occurrence } from './job-catalogue.js';
import { type JobCounts, type JobOutcome, JobRun, type JobTrigger } from './job-run.entity.js';

/** How long a running job is held without a sign of life; a run whose server stopped is taken over after it. */
export const LEASE_MS = 2 * 60_000;
/** A failed run is tried again after this long, at most MAX_AUTOMATIC_ATTEMPTS times in all; after that only by hand. */
export const RETRY_DELAY_MS = 5 * 60_000;
export const MAX_AUTOMATIC_ATTEMPTS = 5;

/** An occurrence of a deadline job, or of another job run the same way (a retention removal: 'retention-<kind>'). */
export type RunOccurrence = Omit<Occurrence, 'job'> & { job: string };

/** The run lost its lease to another server (this one stalled for longer than LEASE_MS): it stops at once. */
export class LeaseLostError extends Error {}

export type Claim =
  | { state: 'claimed'; run: JobRun }
  /** Another server (or this one) is running it now. */
  | { state: 'busy'; run: JobRun }
  /** It already ran for this occurrence. */
  | { state: 'done'; run: JobRun }
  /** It failed and waits for its retry time, or has used up its automatic attempts. */
  | { state: 'waiting'; run: JobRun };

/**
 * The job_runs table: one row per job, edition and slot, claimed by one server at a time with a
 * unique insert, then a compare-and-set on the attempt number; a lease that the holder renews.
 */
@Injectable()
export class JobRunsService {
  /** Names this process (and this application context, when a test starts two in one process). */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(0, 100);

  constructor(
    @InjectRepository(JobRun) private readonly runs: Repository<JobRun>,
    private readonly clock: Clock,
  ) {}

  find(occurrence: RunOccurrence, edition: string): Promise<JobRun | null> {
    return this.runs.findOneBy({ job: occurrence.job, edition, slot: occurrence.slot });
  }

  /**
   * Takes the occurrence for this process: a new row, or a failed run due for its retry, or one
   * whose holder stopped renewing its lease. `manual` also takes a finished or waiting run.
   */
  async claim(occurrence: RunOccurrence, edition: string, trigger: JobTrigger): Promise<Claim> {
    const now = this.clock.now();
    const manual = trigger === 'manual';
    try {
      const run = await this.runs.save(
        this.runs.create({
          job: occurrence.job,
          edition,
          slot: occurrence.slot,
          dueAt: occurrence.dueAt,
          triggeredBy: trigger,
          outcome: 'running',
          attempts: 1,
          owner: this.owner,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          startedAt: now,
          finishedAt: null,
          counts: null,
          message: null,
        }),
      );
      return { state: 'claimed', run };
    } catch (error) {
      // Two servers inserting the same occurrence at once: one row wins, the other reads it below.
      if (!isUniqueViolation(error) && !isDeadlock(error)) throw error;
    }
    const existing = await this.find(occurrence, edition);
    if (!existing) throw new Error(`The run of ${occurrence.job} (${occurrence.slot}) vanished while it was claimed.`);
    const leaseHeld = existing.leaseUntil.getTime() > now.getTime();
    if (existing.outcome === 'running' && leaseHeld) return { state: 'busy', run: existing };
    if (!manual) {
      if (existing.outcome === 'succeeded' || existing.outcome === 'skipped') return { state: 'done', run: existing };
      if (existing.outcome === 'failed' && (leaseHeld || existing.attempts >= MAX_AUTOMATIC_ATTEMPTS))
        return { state: 'waiting', run: existing };
    }
    // The attempt number is the compare-and-set: of two servers taking over the same run, one wins.
    const result = await this.runs.update(
      { id: existing.id, attempts: existing.attempts, outcome: existing.outcome },
      {
        outcome: 'running',
        attempts: existing.attempts + 1,
        owner: this.owner,
        triggeredBy: trigger,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        startedAt: now,
        finishedAt: null,
        message: null,
      },
    );
    const current = (await this.runs.findOneBy({ id: existing.id }))!;
    return result.affected ? { state: 'claimed', run: current } : { state: 'busy', run: current };
  }

  /** Extends the lease of a run this process holds; throws LeaseLostError when another server took it over. */
  async renew(run: JobRun): Promise<void> {
    const leaseUntil = new Date(this.clock.now().getTime() + LEASE_MS);
    const result = await this.runs.update({ id: run.id, owner: this.owner, attempts: run.attempts, outcome: 'running' }, { leaseUntil });
    if (!result.affected) throw new LeaseLostError(`Another server took over run ${run.id} of ${run.job}.`);
    run.leaseUntil = leaseUntil;
  }

  /** Renews the lease when half of it has gone: cheap enough to call before every step of a run. */
  async keepAlive(run: JobRun): Promise<void> {
    if (run.leaseUntil.getTime() - this.clock.now().getTime() < LEASE_MS / 2) await this.renew(run);
  }

  /** Records how the attempt ended; a failure also sets when it may be retried (at once, for a run a shutdown interrupted). */
  async finish(
    run: JobRun,
    outcome: Exclude<JobOutcome, 'running'>,
    counts: JobCounts,
    message: string | null,
    retryAtOnce = false,
  ): Promise<JobRun> {
    const now = this.clock.now();
    const change = {
      outcome,
      counts,
      message: message ? message.slice(0, 1000) : null,
      finishedAt: now,
      leaseUntil: outcome === 'failed' && !retryAtOnce ? new Date(now.getTime() + RETRY_DELAY_MS) : now,
    };
    const result = await this.runs.update({ id: run.id, owner: this.owner, attempts: run.attempts }, change);
    if (!result.affected) throw new LeaseLostError(`Another server took over run ${run.id} of ${run.job}.`);
    return Object.assign(run, change);
  }

  /** The latest runs of a job, newest first. */
  recent(job: string, limit: number): Promise<JobRun[]> {
    return this.runs.find({ where: { job }, order: { startedAt: 'DESC', id: 'DESC' }, take: limit });
  }

  forEdition(edition: string): Promise<JobRun[]> {
    return this.runs.findBy({ edition });
  }
}

/**
 * Occurrences that will never run, each recorded as a skipped run with the reason (the runner never
 * runs an occurrence that has one); an occurrence that has a run already is left as it is.
 */
export async function recordNotRun(
  manager: EntityManager,
  occurrences: readonly Occurrence[],
  edition: string,
  at: Date,
  message: string,
): Promise<void> {
  for (const occurrence of occurrences) {
    if (await manager.existsBy(JobRun, { job: occurrence.job, edition, slot: occurrence.slot })) continue;
    await manager.insert(JobRun, {
      job: occurrence.job,
      edition,
      slot: occurrence.slot,
      dueAt: occurrence.dueAt,
      triggeredBy: 'schedule',
      outcome: 'skipped',
      attempts: 1,
      owner: 'install',
      leaseUntil: at,
      startedAt: at,
      finishedAt: at,
      counts: {},
      message: message.slice(0, 1000),
    });
  }
}
