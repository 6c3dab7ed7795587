import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { SettingsService } from '../settings/settings.service.js';
import { JobsService } from './jobs.service.js';

/**
 * Longest sleep between two looks at the clock: a timeline changed on another server, or a failed
 * run's retry time, is noticed within this.
 */
export const MAX_SLEEP_MS = 60_000;
const TIMEOUT_NAME = 'deadline-jobs';

/** How long to sleep until `next`, at most MAX_SLEEP_MS (and never negative). */
export function sleepFor(next: Date | null, now: Date): number {
  if (!next) return MAX_SLEEP_MS;
  return Math.min(MAX_SLEEP_MS, Math.max(0, next.getTime() - now.getTime()));
}

/**
 * The timer of the deadline jobs; it only calls JobsService. At start it catches up on what fell
 * due while the server was down, then sleeps until the next due time; a timeline change through
 * the settings wakes it at once. Off when JOBS_ENABLED is false (the test harness's default).
 */
@Injectable()
export class JobsCron implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private stopped = false;
  private current: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly jobs: JobsService,
    private readonly registry: SchedulerRegistry,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    this.unsubscribe = this.settings.onChange(() => this.wake());
    this.wake();
  }

  /** Runs what is due now (after any tick in progress), then sleeps until the next due time. */
  wake(): Promise<void> {
    this.clearTimer();
    this.current = this.current.then(() => this.tick());
    return this.current;
  }

  /** Settles when the tick in progress (if any) has finished. */
  whenIdle(): Promise<void> {
    return this.current;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.jobs.stop();
    this.unsubscribe?.();
    this.clearTimer();
    // A run in progress finishes its step before the database connection closes.
    await this.current;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      const runs = await this.jobs.runDue();
      for (const run of runs)
        this.logger.log(
          `${run.job} (${run.slot}, due ${run.dueAt.toISOString()}): ${run.outcome}${run.message ? ` — ${run.message}` : ''}`,
        );
    } catch (error) {
      this.logger.error(`Deadline jobs could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.stopped) return;
    let next: Date | null = null;
    try {
      next = await this.jobs.nextDueAt();
    } catch (error) {
      this.logger.warn(`Could not read the next due time: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (this.stopped) return;
    const timer = setTimeout(() => void this.wake(), sleepFor(next, this.clock.now()));
    timer.unref?.();
    this.clearTimer();
    this.registry.addTimeout(TIMEOUT_NAME, timer);
  }

  private clearTimer(): void {
    if (this.registry.doesExist('timeout', TIMEOUT_NAME)) this.registry.deleteTimeout(TIMEOUT_NAME);
  }
}
