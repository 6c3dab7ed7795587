import type { DataSource, EntityManager } from 'typeorm';
import type { Clock } from '../clock/clock.js';
import { isMysql } from '../database/dialect.js';
import { isDeadlock } from '../database/database-errors.js';
import { RateLimitStore, type WindowCount } from './rate-limit.store.js';

/** How often a server deletes the counters whose window has ended. */
export const SWEEP_EVERY_MS = 5 * 60_000;
const DEADLOCK_RETRIES = 2;

interface CounterRow {
  key_hash: string;
  hits: number | string;
  expires_at: number | string;
}

/**
 * Counters in the `rate_limits` table of the database every server shares: one row per key, whose
 * window ends at `expires_at` (milliseconds since 1970, from the app's clock). A hit is one upsert
 * that either adds one or, once the window has ended, starts a new one; on SQLite that statement
 * answers the row (RETURNING), on MySQL the row is read back in the same transaction, which holds its
 * lock, so two servers never both see the same count.
 */
export class DatabaseRateLimitStore extends RateLimitStore {
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  async hit(keys: string[], windowMs: number): Promise<WindowCount[]> {
    const now = this.clock.now().getTime();
    await this.sweepIfDue(now);
    const expiresAt = now + windowMs;
    const rows = isMysql(this.dataSource) ? await this.hitMysql(keys, now, expiresAt) : await this.hitSqlite(keys, now, expiresAt);
    return keys.map((key) => {
      const row = rows.get(key)!;
      return { hits: Number(row.hits), resetInMs: Number(row.expires_at) - now };
    });
  }

  private async hitSqlite(keys: string[], now: number, expiresAt: number): Promise<Map<string, CounterRow>> {
    const rows = new Map<string, CounterRow>();
    for (const key of keys) {
      const [row] = (await this.dataSource.query(
        `INSERT INTO rate_limits (key_hash, hits, expires_at) VALUES (?, 1, ?)
         ON CONFLICT (key_hash) DO UPDATE SET
           hits = CASE WHEN rate_limits.expires_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
           expires_at = CASE WHEN rate_limits.expires_at <= ? THEN excluded.expires_at ELSE rate_limits.expires_at END
         RETURNING key_hash, hits, expires_at`,
        [key, expiresAt, now, now],
      )) as CounterRow[];
      rows.set(key, row!);
    }
    return rows;
  }

  private async hitMysql(keys: string[], now: number, expiresAt: number): Promise<Map<string, CounterRow>> {
    // Rows are locked in one order, so two requests sharing a key cannot wait on each other.
    const ordered = [...new Set(keys)].sort();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.dataSource.transaction(async (manager: EntityManager) => {
          for (const key of ordered) {
            // MySQL assigns left to right: `hits` is decided on the old `expires_at`, then `expires_at` moves.
            await manager.query(
              `INSERT INTO rate_limits (key_hash, hits, expires_at) VALUES (?, 1, ?)
               ON DUPLICATE KEY UPDATE hits = IF(expires_at <= ?, 1, hits + 1), expires_at = IF(expires_at <= ?, ?, expires_at)`,
              [key, expiresAt, now, now, expiresAt],
            );
          }
          const rows = (await manager.query(
            `SELECT key_hash, hits, expires_at FROM rate_limits WHERE key_hash IN (${ordered.map(() => '?').join(', ')})`,
            ordered,
          )) as CounterRow[];
          return new Map(rows.map((row) => [row.key_hash, row]));
        });
      } catch (error) {
        if (!isDeadlock(error) || attempt >= DEADLOCK_RETRIES) throw error;
      }
    }
  }

  /** Deletes the counters whose window has ended, at most every SWEEP_EVERY_MS per server; a failure waits for the next turn. */
  private async sweepIfDue(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS && now >= this.lastSweep) return;
    this.lastSweep = now;
    await this.dataSource.query('DELETE FROM rate_limits WHERE expires_at <= ?', [now]).catch(() => undefined);
  }
}
