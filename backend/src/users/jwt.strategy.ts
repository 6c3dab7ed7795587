import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { createSecretKey } from 'node:crypto';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Repository } from 'typeorm';
import type { AuthUser, UserRole } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import { rawBool, rawInt } from '../database/raw-values.js';
import { type Caller, CallerCache } from './caller-cache.js';
import { VerifiedTokens } from './verified-tokens.js';
import type { AccessTokenClaims } from './token.service.js';
import { User } from './user.entity.js';

interface CallerRow {
  id: number | string;
  email: string;
  role: UserRole;
  is_admin: unknown;
  svid: string;
  username: string;
  verified: unknown;
  token_version: number | string;
}

/** Where an access token travels: `Authorization: Bearer <token>`. */
export const accessTokenOf: (request: Request) => string | null = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Accepts only HS256 access tokens of a user whose token version still matches. Passport checks a
 * token's signature the first time this process sees it; JwtAuthGuard then takes its claims from
 * VerifiedTokens and calls callerOf itself.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly clock: Clock,
    private readonly callers: CallerCache,
    private readonly verified: VerifiedTokens,
  ) {
    super({
      jwtFromRequest: accessTokenOf,
      passReqToCallback: true,
      // A prepared key: given a string, jsonwebtoken first tries (and fails) to read it as a public key on
      // every request, which cost ~300 µs of CPU per call against ~6 µs for the key object.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
      algorithms: ['HS256'],
      // Expiry is judged against the injected clock below, so deadlines and sessions share one "now".
      ignoreExpiration: true,
    });
  }

  /** Called by passport once the token's signature is good. */
  async validate(request: Request, claims: Partial<AccessTokenClaims>): Promise<AuthUser> {
    const user = await this.callerOf(claims);
    const token = accessTokenOf(request);
    if (token) this.verified.remember(token, claims);
    return user;
  }

  /** The caller a token with good signature and these claims stands for, if the session still holds. */
  async callerOf(claims: Partial<AccessTokenClaims>): Promise<AuthUser> {
    if (claims.type !== 'access' || typeof claims.sub !== 'number' || typeof claims.exp !== 'number') {
      throw AppException.unauthorized('Your session is not valid. Please sign in again.');
    }
    if (claims.exp * 1000 <= this.clock.now().getTime()) {
      throw AppException.unauthorized('Your session has expired. Please sign in again.', ErrorCode.TokenExpired);
    }
    const caller = await this.callers.get(claims.sub, (id) => this.load(id));
    if (!caller || caller.tokenVersion !== claims.ver) {
      throw AppException.unauthorized('Your session has ended. Please sign in again.', ErrorCode.TokenExpired);
    }
    const { tokenVersion: _version, ...user } = caller;
    return user;
  }

  /** Every authenticated request needs this (unless checked within CALLER_TTL_MS): plain SQL for eight columns, not an entity load. */
  private async load(id: number): Promise<Caller | null> {
    const [row] = await this.users.query<CallerRow[]>(
      'SELECT id, email, role, is_admin, svid, username, verified, token_version FROM users WHERE id = ?',
      [id],
    );
    if (!row) return null;
    return {
      id: rawInt(row.id),
      email: row.email,
      role: row.role,
      isAdmin: rawBool(row.is_admin),
      svid: row.svid,
      username: row.username,
      verified: rawBool(row.verified),
      tokenVersion: rawInt(row.token_version),
    };
  }
}
