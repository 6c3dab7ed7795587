import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims } from './token.service.js';

/** Enough for every signed-in user of an edition, each on a few devices; the oldest goes first beyond it. */
export const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Access tokens whose signature this process has already checked, with their claims.
 *
 * Checking a token through passport costs about a third of the CPU of a whole schedule read (the
 * strategy object built per request, the HMAC, the JSON of the header and the payload), and a
 * signed-in user sends the same token with every call. A signature is a pure function of the token
 * and the process's secret, so a token checked once stays checked: the guard takes the claims from
 * here and only the checks that can change (expiry against the clock, the user's token version,
 * role and flags) run again on every request. Only tokens that passed passport are ever added.
 */
@Injectable()
export class VerifiedTokens {
  private readonly tokens = new Map<string, Partial<AccessTokenClaims>>();

  get(token: string): Partial<AccessTokenClaims> | undefined {
    return this.tokens.get(token);
  }

  /** Call only with a token whose signature has just been checked. */
  remember(token: string, claims: Partial<AccessTokenClaims>): void {
    if (this.tokens.has(token)) return;
    if (this.tokens.size >= MAX_VERIFIED_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(token, Object.freeze({ ...claims }));
  }

  get size(): number {
    return this.tokens.size;
  }
}
