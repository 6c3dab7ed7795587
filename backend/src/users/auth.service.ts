import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { normaliseEmail } from '@svp/domain';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { CallerCache } from './caller-cache.js';
import { PasswordService } from './password.service.js';
import { type PublicUser, toPublicUser } from './public-user.js';
import { type Session, TokenService } from './token.service.js';
import { User } from './user.entity.js';

export interface SignedIn {
  user: PublicUser;
  session: Session;
}

// One text whether the email exists or not, so the form cannot be used to find accounts.
export const LOGIN_FAILED = 'Incorrect email or password.';

export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Enter your current password to change your email address.',
  wrong: 'That is not your current password.',
  tooMany: 'Too many wrong passwords. Please wait 15 minutes and try again.',
} as const;

/** Current passwords a signed-in user may give in WRONG_PASSWORD_WINDOW_MS, on all servers together: a stolen session cannot guess the
 * password. */
const MAX_WRONG_PASSWORDS = 5;
const WRONG_PASSWORD_WINDOW_MS = 15 * 60_000;

@Injectable()
export class AuthService {
  // Verifying against a real hash when the account is missing keeps both failures equally slow.
  private dummyHash: Promise<string> | null = null;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly callers: CallerCache,
    private readonly limiter: RateLimiter,
  ) {}

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email: normaliseEmail(email) })
      .getOne();
    if (!user) {
      this.dummyHash ??= this.passwords.hash('not-a-real-password');
      await this.passwords.verify(await this.dummyHash, password);
      throw AppException.unauthorized(LOGIN_FAILED, ErrorCode.InvalidCredentials);
    }
    // An erased account keeps no usable password; it is refused as any wrong password is, whatever is sent.
    if (user.erasedAt || !(await this.passwords.verify(user.passwordHash, password))) {
      throw AppException.unauthorized(LOGIN_FAILED, ErrorCode.InvalidCredentials);
    }
    return this.signIn(user);
  }

  signIn(user: User): SignedIn {
    return { user: toPublicUser(user), session: this.tokens.issueSession(user) };
  }

  /** Ends every session of the user: tokens carry the token version, which goes up. */
  async signOut(userId: number): Promise<void> {
    await this.users.increment({ id: userId }, 'tokenVersion', 1);
    this.callers.forget(userId);
  }

  /** Refuses (400, field `current_password`) unless `password` is the user's password; 429 after too many wrong ones. */
  async checkCurrentPassword(userId: number, password: string | undefined): Promise<void> {
    if (!password)
      throw AppException.badRequest(CURRENT_PASSWORD_MESSAGES.missing, { current_password: CURRENT_PASSWORD_MESSAGES.missing });
    // Counted in the limiter every server shares (a per-process count would grow with the servers).
    if (await this.limiter.attempt([`current-password|${userId}`], MAX_WRONG_PASSWORDS, WRONG_PASSWORD_WINDOW_MS)) {
      throw new AppException(429, ErrorCode.TooManyRequests, CURRENT_PASSWORD_MESSAGES.tooMany);
    }
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id: userId })
      .getOneOrFail();
    if (await this.passwords.verify(user.passwordHash, password)) return;
    throw AppException.badRequest(
      CURRENT_PASSWORD_MESSAGES.wrong,
      { current_password: CURRENT_PASSWORD_MESSAGES.wrong },
      ErrorCode.CurrentPasswordWrong,
    );
  }
}
