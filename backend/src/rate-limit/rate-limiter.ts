import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../clock/clock.js';
import { MemoryRateLimitStore, RateLimitStore } from './rate-limit.store.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Counts attempts in the store every server shares (RateLimitStore: the database, or Redis). Keys are
 * stored as their sha256, so the counters hold no client address or email. When the shared store
 * fails, this server counts in its own memory until it answers again, with one warning each way:
 * attempts stay limited (per server, as before shared counters) and sign-in stays open
 * (docs/decisions.md, "Rate limits shared by every server").
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimit');
  private readonly local: MemoryRateLimitStore;
  private sharedFailing = false;

  constructor(
    private readonly store: RateLimitStore,
    clock: Clock,
  ) {
    this.local = new MemoryRateLimitStore(() => clock.now().getTime());
  }

  /** Counts one attempt on each key in a window of `windowMs`; answers the milliseconds to wait when one of them is past `limit`, else 0.
   * */
  async attempt(keys: string[], limit: number, windowMs = RATE_LIMIT_WINDOW_MS): Promise<number> {
    const hashed = keys.map((key) => createHash('sha256').update(key).digest('hex'));
    const counts = await this.count(hashed, windowMs);
    const over = counts.filter((count) => count.hits > limit);
    return over.length ? Math.max(1, ...over.map((count) => count.resetInMs)) : 0;
  }

  private async count(keys: string[], windowMs: number) {
    try {
      const counts = await this.store.hit(keys, windowMs);
      if (this.sharedFailing) {
        this.sharedFailing = false;
        this.logger.log('The shared rate-limit counters answer again');
      }
      return counts;
    } catch (error) {
      if (!this.sharedFailing) {
        this.sharedFailing = true;
        this.logger.warn(
          `The shared rate-limit counters failed (${error instanceof Error ? error.message : String(error)}); ` +
            `this server counts attempts on its own until they answer`,
        );
      }
      return this.local.hit(keys, windowMs);
    }
  }
}
