import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { MailLedgerService } from './mail-ledger.service.js';

/** How often a server that runs the jobs looks for receipts left pending. */
export const RECEIPT_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Sends receipts that were owed but not sent (the server stopped right after the change, the mail
 * server refused): at start and every few minutes, on the servers that run the deadline jobs. It
 * only calls the ledger, which claims each send so that two servers never both send it.
 */
@Injectable()
export class ReceiptSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly ledger: MailLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobsEnabled) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), RECEIPT_SWEEP_EVERY_MS);
    this.timer.unref?.();
  }

  /** One sweep, after the one in progress. */
  sweep(): Promise<void> {
    this.current = this.current.then(async () => {
      try {
        const sent = await this.ledger.sweepReceipts();
        if (sent) this.logger.log(`${sent} receipt${sent === 1 ? '' : 's'} sent late.`);
      } catch (error) {
        this.logger.warn(`Receipts could not be swept: ${(error as Error).message}`);
      }
    });
    return this.current;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.current;
  }
}
