import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { DatabaseRateLimitStore } from './database-rate-limit.store.js';
import { EmailKeys } from './email-keys.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RateLimiter } from './rate-limiter.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

/**
 * The attempt counters behind RateLimitGuard, shared by every server: in Redis when REDIS_URL is
 * set, else in the database (docs/architecture.md, "State shared by the servers").
 */
@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [APP_CONFIG, getDataSourceToken(), Clock],
      useFactory: (config: AppConfig, dataSource: DataSource, clock: Clock): RateLimitStore =>
        config.redisUrl ? new RedisRateLimitStore(config.redisUrl, config.redisKeyPrefix) : new DatabaseRateLimitStore(dataSource, clock),
    },
    EmailKeys,
    RateLimiter,
  ],
  exports: [RateLimiter, EmailKeys],
})
export class RateLimitModule {}
