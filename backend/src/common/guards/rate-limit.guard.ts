import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { Clock } from '../../clock/clock.js';
import { AppException, ErrorCode } from '../errors/app.exception.js';

const WINDOW_MS = 60_000;
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Limits sign-in, registration, codes and resets to AUTH_RATE_LIMIT a minute per client address
 * and per email address on each route, so a password or a code cannot be guessed by hammering
 * one account from many places, or many accounts from one.
 *
 * Written here rather than with @nestjs/throttler: that package is CommonJS and requires the
 * ESM-only @nestjs/common 12, which jest's ESM runtime cannot load, so it could not be tested.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const route = `${request.method} ${request.route?.path ?? request.path}`;
    const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
    const keys = [`ip|${request.ip}|${route}`, ...(email ? [`email|${email}|${route}`] : [])];
    const now = this.clock.now().getTime();
    if (this.windows.size > 50_000) this.sweep(now);

    let retryAfterMs = 0;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + WINDOW_MS };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.config.authRateLimit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) {
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      throw new AppException(429, ErrorCode.TooManyRequests, TOO_MANY_ATTEMPTS);
    }
    return true;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
