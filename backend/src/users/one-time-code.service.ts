import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { AppException } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { type CodePurpose, OneTimeCode } from './one-time-code.entity.js';

export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LIFETIME_MS: Readonly<Record<CodePurpose, number>> = {
  'verify-email': 24 * 3600_000,
  'reset-password': 3600_000,
};

export const CODE_MESSAGES = {
  wrong: 'That code is not right. Check the email we sent you and try again.',
  expired: 'This code has expired. Request a new one.',
  none: 'There is no active code for this email. Request a new one.',
  tooMany: 'Too many wrong codes: this code no longer works. Request a new one.',
} as const;

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

  /** Uses up the code if it is right; otherwise counts the try and says what is wrong (400). */
  async consume(userId: number, purpose: CodePurpose, code: string): Promise<void> {
    const active = await this.codes.findOne({ where: { userId, purpose, usedAt: IsNull() }, order: { id: 'DESC' } });
    if (!active) throw AppException.badRequest(CODE_MESSAGES.none, { code: CODE_MESSAGES.none }, 'CODE_INVALID');
    const now = this.clock.now();
    if (active.expiresAt.getTime() <= now.getTime()) {
      throw AppException.badRequest(CODE_MESSAGES.expired, { code: CODE_MESSAGES.expired }, 'CODE_EXPIRED');
    }
    const expected = Buffer.from(active.codeHash, 'hex');
    const given = Buffer.from(hashCode(userId, purpose, code.trim()), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Conditional update: of two concurrent right answers, only one uses the code.
      const result = await this.codes.update({ id: active.id, usedAt: IsNull() }, { usedAt: now });
      if (!result.affected) throw AppException.badRequest(CODE_MESSAGES.none, { code: CODE_MESSAGES.none }, 'CODE_INVALID');
      return;
    }
    await this.codes.increment({ id: active.id }, 'attempts', 1);
    if (active.attempts + 1 >= MAX_CODE_ATTEMPTS) {
      await this.codes.update({ id: active.id }, { usedAt: now });
      throw AppException.badRequest(CODE_MESSAGES.tooMany, { code: CODE_MESSAGES.tooMany }, 'CODE_ATTEMPTS_EXCEEDED');
    }
    throw AppException.badRequest(CODE_MESSAGES.wrong, { code: CODE_MESSAGES.wrong }, 'CODE_WRONG');
  }
}

function hashCode(userId: number, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');
}
