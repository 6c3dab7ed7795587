import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import type { User } from './user.entity.js';

/** Claims of an access token (docs/api.md); `ver` ties it to the user's current token version. */
export interface AccessTokenClaims {
  sub: number;
  role: User['role'];
  admin: boolean;
  type: 'access';
  ver: number;
  iat: number;
  exp: number;
}

export interface Session {
  access_token: string;
  expires_at: string;
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Signs an access token; issue and expiry times come from the injected clock. */
  issueSession(user: User): Session {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const exp = iat + this.config.accessTokenTtlSeconds;
    const claims: AccessTokenClaims = {
      sub: user.id,
      role: user.role,
      admin: user.isAdmin,
      type: 'access',
      ver: user.tokenVersion,
      iat,
      exp,
    };
    return { access_token: this.jwt.sign(claims), expires_at: new Date(exp * 1000).toISOString() };
  }
}
