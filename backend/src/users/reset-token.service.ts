import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import type { User } from './user.entity.js';

export const RESET_TOKEN_LIFETIME_SECONDS = 3600;

/** The kept texts for a reset link that cannot be used (docs/product.md, 'Texts kept to the letter'). */
export const RESET_TOKEN_MESSAGES = {
  missing: 'Invalid password reset token',
  expired: 'Token has expired',
  wrongType: 'Token is not valid',
  used: 'This password reset link has already been used. Request a new one.',
} as const;

interface ResetClaims {
  sub: number;
  type: 'password-reset';
  ver: number;
  jti: string;
  iat: number;
  exp: number;
}

/** Password-reset links: JWTs of type "password-reset", valid one hour, dead once the password changes. */
@Injectable()
export class ResetTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(user: User): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: ResetClaims = {
      sub: user.id,
      type: 'password-reset',
      ver: user.tokenVersion,
      jti: randomUUID(),
      iat,
      exp: iat + RESET_TOKEN_LIFETIME_SECONDS,
    };
    return this.jwt.sign(claims);
  }

  link(token: string): string {
    return `${this.config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
  }

  /** The user id and token version a valid token names; 400 with the kept text otherwise. */
  read(token: string | undefined): { userId: number; version: number } {
    if (!token?.trim()) throw this.refuse(RESET_TOKEN_MESSAGES.missing, ErrorCode.TokenMissing);
    let claims: Partial<ResetClaims>;
    try {
      claims = this.jwt.verify<ResetClaims>(token.trim(), { algorithms: ['HS256'], ignoreExpiration: true });
    } catch {
      throw this.refuse(RESET_TOKEN_MESSAGES.wrongType, ErrorCode.TokenInvalid);
    }
    if (claims.type !== 'password-reset' || typeof claims.sub !== 'number' || typeof claims.exp !== 'number') {
      throw this.refuse(RESET_TOKEN_MESSAGES.wrongType, ErrorCode.TokenInvalid);
    }
    if (claims.exp * 1000 <= this.clock.now().getTime()) throw this.refuse(RESET_TOKEN_MESSAGES.expired, ErrorCode.TokenExpired);
    return { userId: claims.sub, version: claims.ver ?? -1 };
  }

  refuse(message: string, code: ErrorCode): AppException {
    return AppException.badRequest(message, { token: message }, code);
  }
}
