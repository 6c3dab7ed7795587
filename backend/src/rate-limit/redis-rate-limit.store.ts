import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimitStore, type WindowCount } from './rate-limit.store.js';

/**
 * One script, so each key's increment and the start of its window are one step for Redis: a key
 * gets its expiry with its first hit, and a key found without one (left by an older writer) gets it too.
 */
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local hits = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = hits
  out[#out + 1] = ttl
end
return out`;

type ScriptedRedis = Redis & { rateLimitHit(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]> };

/**
 * Counters in Redis (REDIS_URL), as `<REDIS_KEY_PREFIX>rate-limit:<key>`: each expires with its window, so nothing
 * needs sweeping. Commands fail at once while Redis is away (no queue, one retry, a short timeout),
 * so a sign-in never waits on it; the caller then counts in memory (RateLimiter).
 */
export class RedisRateLimitStore extends RateLimitStore implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  readonly redis: ScriptedRedis;
  private reachable = true;

  constructor(url: string, keyPrefix: string) {
    super();
    this.redis = new Redis(url, {
      keyPrefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
    }) as ScriptedRedis;
    this.redis.defineCommand('rateLimitHit', { lua: HIT_SCRIPT });
    this.redis.on('error', (error: Error) => {
      if (!this.reachable) return;
      this.reachable = false;
      this.logger.warn(`Redis at ${redactedUrl(url)} cannot be reached (${error.message}); retrying in the background`);
    });
    this.redis.on('ready', () => {
      if (this.reachable) return;
      this.reachable = true;
      this.logger.log(`Redis at ${redactedUrl(url)} answers again`);
    });
  }

  /** Connects before the first request; a Redis that is away does not stop the start (see docs/decisions.md). */
  async onModuleInit(): Promise<void> {
    await this.redis.connect().catch(() => undefined);
  }

  /** Says goodbye to Redis and waits until the connection is closed (a second at most), so nothing keeps the process up. */
  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'end') return;
    const ended = new Promise<void>((resolve) => {
      this.redis.once('end', () => resolve());
      setTimeout(resolve, 1_000).unref();
    });
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
    await ended;
  }

  async hit(keys: string[], windowMs: number): Promise<WindowCount[]> {
    const flat = await this.redis.rateLimitHit(keys.length, ...keys.map((key) => `rate-limit:${key}`), windowMs);
    return keys.map((_, i) => ({ hits: Number(flat[2 * i]), resetInMs: Number(flat[2 * i + 1]) }));
  }
}

function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
