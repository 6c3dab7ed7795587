import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { SettingsService } from '../settings/settings.service.js';
import { DataExportsService } from './data-exports.service.js';
import { RetentionService } from './retention.service.js';

/** Longest sleep between two looks: a retention date moved on another server, or an archive left by a stopped one, is seen within it. */
export const PRIVACY_MAX_SLEEP_MS = 60_000;

/**
 * The timer of the retention removals and of the archives' upkeep; it only calls the services. At
 * start it catches up on every removal that fell due while the server was down (as the deadline
 * jobs do), then wakes at the next due time or after a minute; a settings change made on this
 * server wakes it at once. Off when JOBS_ENABLED is false (the test harness's default).
 */
@Injectable()
export class PrivacyCron implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Retention');
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly retention: RetentionService,
    private readonly exports: DataExportsService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    this.unsubscribe = this.settings.onChange(() => void this.wake());
    void this.wake();
  }

  /** Runs what is due now (after any tick in progress), then sleeps until the next due time. */
  wake(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.current = this.current.then(() => this.tick());
    return this.current;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      for (const run of await this.retention.runDue())
        this.logger.log(
          `${run.job} (${run.edition}, due ${run.dueAt.toISOString()}): ${run.outcome}${run.message ? ` — ${run.message}` : ''}`,
        );
    } catch (error) {
      this.logger.error(`Retention removals could not run: ${(error as Error).message}`);
    }
    try {
      await this.exports.sweep();
    } catch (error) {
      this.logger.error(`Archives of people's data could not be swept: ${(error as Error).message}`);
    }
    if (this.stopped) return;
    let next: Date | null = null;
    try {
      next = await this.retention.nextDueAt();
    } catch (error) {
      this.logger.warn(`Could not read the next retention date: ${(error as Error).message}`);
    }
    const wait = next ? Math.min(PRIVACY_MAX_SLEEP_MS, Math.max(0, next.getTime() - this.clock.now().getTime())) : PRIVACY_MAX_SLEEP_MS;
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.wake(), wait);
    this.timer.unref?.();
  }
}
