import { Global, Injectable, Module } from '@nestjs/common';
import type { AuthUser } from '../common/auth-user.js';
import { KeptValues } from '../common/kept-values.js';
import { VerifiedTokens } from './verified-tokens.js';

/** What the access-token check needs of a user: who they are now, and the token version still accepted. */
export interface Caller extends AuthUser {
  tokenVersion: number;
}

/**
 * How long a checked caller is reused. Every authenticated request checks its user's token version,
 * role and flags, which change a few times a year per user (a password change, a role granted): a
 * change made through this server is forgotten here at once, and one made by another server of the
 * deployment takes effect here within this time.
 */
export const CALLER_TTL_MS = 1_000;
const MAX_CALLERS = 10_000;

/** The callers this process checked in the last CALLER_TTL_MS, by user id (null: there is no such user). */
@Injectable()
export class CallerCache {
  private readonly callers = new KeptValues<number, Caller | null>(CALLER_TTL_MS, MAX_CALLERS);

  /** The caller `id`, kept or read by `load`. */
  get(id: number, load: (id: number) => Promise<Caller | null>): Promise<Caller | null> {
    return this.callers.get(id, load);
  }

  /** Call after changing a user's token version, role, admin flag, email or verification. */
  forget(id: number): void {
    this.callers.forget(id);
  }
}

@Global()
@Module({ providers: [CallerCache, VerifiedTokens], exports: [CallerCache, VerifiedTokens] })
export class CallerCacheModule {}
