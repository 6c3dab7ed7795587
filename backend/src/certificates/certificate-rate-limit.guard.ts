import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';

export const TOO_MANY_CERTIFICATES = 'Too many certificate downloads. Please wait a minute and try again.';

/**
 * CERTIFICATE_RATE_LIMIT downloads a minute per account, over every certificate route and every
 * server (the shared RateLimiter): a drawn certificate is kept, but a new one costs a second of a
 * worker's time, and one person must not queue dozens.
 */
@Injectable()
export class CertificateRateLimitGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (!caller) return true;
    const retryAfterMs = await this.limiter.attempt([`certificate|user|${caller.id}`], this.config.certificateRateLimit);
    if (retryAfterMs > 0) {
      context
        .switchToHttp()
        .getResponse<Response>()
        .setHeader('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      throw new AppException(429, ErrorCode.TooManyRequests, TOO_MANY_CERTIFICATES);
    }
    return true;
  }
}
