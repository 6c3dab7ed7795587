import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { type CodePurpose, OneTimeCode } from './one-time-code.entity.js';

export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LIFETIME_MS: Readonly<Record<CodePurpose, number>> = {
  'verify-email': 24 * 3600_000,
  'reset-password': 3600_000,
};

/**
 * One answer for every code that does not work (wrong, expired, used, cancelled, or no account at
 * all): a different one would tell a stranger which addresses have an account.
 */
export const CODE_REFUSED = 'That code is not right, or it no longer works. Check the latest email we sent you, or ask for a new code.';

export function codeRefused(): AppException {
  return AppException.badRequest(CODE_REFUSED, { code: CODE_REFUSED }, ErrorCode.CodeWrong);
}

/** 6-digit codes sent by email: hashed at rest, single-use, expiring, and cancelled after five wrong tries. */
@Injectable()
export class OneTimeCodeService {
  constructor(
    @InjectRepository(OneTimeCode) private readonly codes: Repository<OneTimeCode>,
    private readonly clock: Clock,
  ) {}

  /** Issues a new code, cancelling any earlier one of the same purpose. */
  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    await this.codes.delete({ userId, purpose });
    await this.codes.insert({
      userId,
      purpose,
      codeHash: hashCode(userId, purpose, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS[purpose]),
      usedAt: null,
      createdAt: now,
    });
    return code;
  }

  async cancel(userId: number, purpose: CodePurpose): Promise<void> {
    await this.codes.delete({ userId, purpose });
  }

  /** Uses up the code if it is right; refuses it otherwise (400, one answer whatever the reason). */
  async consume(userId: number, purpose: CodePurpose, code: string): Promise<void> {
    const active = await this.codes.findOne({ where: { userId, purpose, usedAt: IsNull() }, order: { id: 'DESC' } });
    const now = this.clock.now();
    if (!active || active.expiresAt.getTime() <= now.getTime()) throw codeRefused();
    // The try is counted before the code is compared, in one conditional update: however many guesses
    // arrive at once, at most MAX_CODE_ATTEMPTS of them are ever compared.
    const counted = await this.codes
      .createQueryBuilder()
      .update(OneTimeCode)
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND used_at IS NULL AND attempts < :max', { id: active.id, max: MAX_CODE_ATTEMPTS })
      .execute();
    if (!counted.affected) throw codeRefused();
    const expected = Buffer.from(active.codeHash, 'hex');
    const given = Buffer.from(hashCode(userId, purpose, code.trim()), 'hex');
    if (!(expected.length === given.length && timingSafeEqual(expected, given))) throw codeRefused();
    // Conditional update: of two concurrent right answers, only one uses the code.
    const used = await this.codes.update({ id: active.id, usedAt: IsNull() }, { usedAt: now });
    if (!used.affected) throw codeRefused();
  }
}

function hashCode(userId: number, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');
}
