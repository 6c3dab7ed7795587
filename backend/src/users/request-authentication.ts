import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { accessTokenOf, JwtStrategy } from './jwt.strategy.js';
import type { AccessTokenClaims } from './token.service.js';
import { VerifiedTokens } from './verified-tokens.js';

/**
 * The caller of a request, checked as the global guard checks it (signature, expiry, the user's
 * token version), for code that runs before the guards: the middleware that refuses a stranger
 * before a large body is read. Throws the guard's 401.
 */
@Injectable()
export class RequestAuthentication {
  constructor(
    private readonly strategy: JwtStrategy,
    private readonly verified: VerifiedTokens,
    private readonly jwt: JwtService,
  ) {}

  async caller(request: Request): Promise<AuthUser> {
    const token = accessTokenOf(request);
    if (!token) throw AppException.unauthorized();
    const known = this.verified.get(token);
    if (known) return this.strategy.callerOf(known);
    let claims: Partial<AccessTokenClaims>;
    try {
      claims = this.jwt.verify<AccessTokenClaims>(token, { algorithms: ['HS256'], ignoreExpiration: true });
    } catch {
      throw AppException.unauthorized('Your session is not valid. Please sign in again.');
    }
    const caller = await this.strategy.callerOf(claims);
    this.verified.remember(token, claims);
    return caller;
  }

  /** An administrator's request, else the guards' 401 or 403. */
  async administrator(request: Request): Promise<AuthUser> {
    const caller = await this.caller(request);
    if (!caller.isAdmin) throw AppException.forbidden('Only administrators can do this.');
    return caller;
  }
}
