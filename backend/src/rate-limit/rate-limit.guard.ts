import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { clientAddressKey } from './client-address.js';
import { EmailKeys } from './email-keys.js';
import { RateLimiter } from './rate-limiter.js';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Limits sign-in, registration, codes and resets to AUTH_RATE_LIMIT a minute on each route per client
 * and per account, counted across every server (RateLimiter), so a password or a code cannot be
 * guessed by hammering one account from many places, or many accounts from one.
 *
 * The client is the address Express reports under TRUST_PROXY (an IPv6 client by its /64). The
 * account is the email in the body, as the database compares it (EmailKeys). Routes that carry
 * only a token (a reset link, a referee's link) have no account counter: their tokens are signed
 * or random, so they cannot be guessed, and a counter on whatever a token claims would only let a
 * stranger lock its owner out.
 *
 * Written here rather than with @nestjs/throttler: that package is CommonJS and requires the
 * ESM-only @nestjs/common 12, which jest's ESM runtime cannot load, so it could not be tested.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly emailKeys: EmailKeys,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const route = `${request.method} ${request.route?.path ?? request.path}`;
    const keys = [`client|${clientAddressKey(request.ip)}|${route}`];
    const email: unknown = request.body?.email;
    if (typeof email === 'string' && email.trim()) {
      const account = await this.emailKeys.keyOf(email);
      if (account !== null) keys.push(`account|${account}|${route}`);
    }
    const retryAfterMs = await this.limiter.attempt(keys, this.config.authRateLimit);
    if (retryAfterMs > 0) {
      context
        .switchToHttp()
        .getResponse<Response>()
        .setHeader('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      throw new AppException(429, ErrorCode.TooManyRequests, TOO_MANY_ATTEMPTS);
    }
    return true;
  }
}
