import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { normaliseEmail } from '@svp/domain';
import { AfterAnswer } from '../common/after-answer.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { MailContextService } from '../mail/mail-context.service.js';
import { MailDeliveryError, type MailMessage, MailService } from '../mail/mail.service.js';
import { emailChangedMail, passwordChangedMail, passwordResetMail, verificationCodeMail } from '../mail/templates.js';
import { AccountChangeListener } from './account-changes.js';
import { AuthService, type SignedIn } from './auth.service.js';
import { OneTimeCodeService, codeRefused } from './one-time-code.service.js';
import { PasswordService } from './password.service.js';
import { RESET_TOKEN_MESSAGES, ResetTokenService } from './reset-token.service.js';
import { SVID_PATTERN, generateSvid, generateUsername } from './user-identifiers.js';
import { User } from './user.entity.js';
import { CallerCache } from './caller-cache.js';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
  registeredNoMail:
    'Your account was created, but we could not send the verification email right now. Ask for a new code in a few minutes.',
  confirmed: 'Your email address is confirmed.',
  codeResent: 'If an account with this email is waiting for confirmation, we sent it a new code.',
  resetSent: 'Check your email for a link to reset your password.',
  passwordChanged: 'Successfully changed password',
  resetLinkUsable: 'This link can be used to choose a new password.',
} as const;

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  svid?: string;
}

export type Registration = SignedIn & { mailSent: boolean };

/** Registration with email verification, and password reset by link or code. */
@Injectable()
export class AccountService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
    private readonly codes: OneTimeCodeService,
    private readonly resetTokens: ResetTokenService,
    private readonly mail: MailService,
    private readonly mailContext: MailContextService,
    private readonly clock: Clock,
    private readonly callers: CallerCache,
    private readonly afterAnswer: AfterAnswer,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Creates the account and signs it in; the verification code goes out by email. */
  async register(input: RegisterInput): Promise<Registration> {
    const email = normaliseEmail(input.email);
    if (await this.users.existsBy({ email })) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, ErrorCode.EmailTaken);
    const now = this.clock.now();
    const user = this.users.create({
      email,
      passwordHash: await this.passwords.hash(input.password),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      svid: await this.svidFor(input.svid),
      username: generateUsername(),
      role: 'Student-Volunteer',
      isAdmin: false,
      verified: false,
      tokenVersion: 0,
      canText: false,
      canCall: false,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.users.insert(user);
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if (isUniqueViolation(error)) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, ErrorCode.EmailTaken);
      throw error;
    }
    const mailSent = await this.sendVerificationCode(user);
    return { ...this.auth.signIn(user), mailSent };
  }

  /**
   * Confirms the email address with the mailed code and signs the user in afresh. An unknown address,
   * one already confirmed and a code that does not work get one answer (codeRefused), so that the
   * route does not tell which addresses have an account.
   */
  async confirmRegistration(emailInput: string, code: string): Promise<SignedIn> {
    const user = await this.users.findOneBy({ email: normaliseEmail(emailInput) });
    if (!user || user.verified) throw codeRefused();
    await this.codes.consume(user.id, 'verify-email', code);
    user.verified = true;
    user.updatedAt = this.clock.now();
    await this.users.update({ id: user.id }, { verified: true, updatedAt: user.updatedAt });
    this.callers.forget(user.id);
    return this.auth.signIn(user);
  }

  /**
   * Sends a new code to an unconfirmed account. Everything, even finding the account, happens after
   * the answer, which is therefore the same, as fast, whether or not there is one.
   */
  resendCode(emailInput: string): void {
    const email = normaliseEmail(emailInput);
    this.afterAnswer.run('Sending a new verification code', async () => {
      const user = await this.users.findOneBy({ email });
      if (user && !user.verified) await this.sendVerificationCode(user);
    });
  }

  /** Mails a reset link (and code) when the account exists; like resendCode, all of it after the answer. */
  forgotPassword(emailInput: string): void {
    const email = normaliseEmail(emailInput);
    this.afterAnswer.run('Sending a password reset link', async () => {
      const user = await this.users.findOneBy({ email });
      if (!user) return;
      const token = this.resetTokens.issue(user);
      const code = await this.codes.issue(user.id, 'reset-password');
      await this.sendOrLog(
        passwordResetMail(user.email, user.firstName, this.resetTokens.link(token), code, await this.mailContext.context()),
      );
    });
  }

  /** Sets a new password from a reset link's token, or from the email and the mailed code. */
  async changePassword(input: { token?: string; email?: string; code?: string; password: string }): Promise<void> {
    let user: User | null;
    if (input.token !== undefined || input.email === undefined) {
      user = await this.userOfResetToken(input.token);
    } else {
      user = await this.users.findOneBy({ email: normaliseEmail(input.email) });
      if (!user) throw codeRefused();
      await this.codes.consume(user.id, 'reset-password', input.code ?? '');
    }
    const passwordHash = await this.passwords.hash(input.password);
    // Bumping the version signs out every session and kills every other reset link of this user.
    const result = await this.users
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash, tokenVersion: () => 'token_version + 1', verified: true, updatedAt: this.clock.now() })
      .where('id = :id AND token_version = :version', { id: user.id, version: user.tokenVersion })
      .execute();
    if (!result.affected) throw this.resetTokens.refuse(RESET_TOKEN_MESSAGES.used, ErrorCode.TokenUsed);
    this.callers.forget(user.id);
    await this.codes.cancel(user.id, 'reset-password');
    // Whatever else was made with the old password ends too (calendar links).
    await this.moduleRef.get(AccountChangeListener, { strict: false }).passwordChanged(this.users.manager, user.id);
    const changed = user;
    this.afterAnswer.run('Sending the password-changed notice', async () =>
      this.sendOrLog(passwordChangedMail(changed.email, changed.firstName, await this.mailContext.context())),
    );
  }

  /** Tells the address an account had until now that it was changed; after the answer. */
  tellOldAddress(oldEmail: string, firstName: string, newEmail: string): void {
    this.afterAnswer.run('Sending the email-changed notice', async () =>
      this.sendOrLog(emailChangedMail(oldEmail, firstName, newEmail, await this.mailContext.context())),
    );
  }

  /** Sends a message whose failure the sender can do nothing about: MailService has already logged it. */
  private async sendOrLog(message: MailMessage): Promise<void> {
    try {
      await this.mail.send(message);
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
    }
  }

  /** Refuses a reset link's token as changing the password would (expired, not valid, already used), without using it. */
  async checkResetToken(token: string | undefined): Promise<void> {
    await this.userOfResetToken(token);
  }

  /** The user a reset link's token may still change the password of. */
  private async userOfResetToken(token: string | undefined): Promise<User> {
    const { userId, version } = this.resetTokens.read(token);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw this.resetTokens.refuse(RESET_TOKEN_MESSAGES.wrongType, ErrorCode.TokenInvalid);
    if (user.tokenVersion !== version) throw this.resetTokens.refuse(RESET_TOKEN_MESSAGES.used, ErrorCode.TokenUsed);
    return user;
  }

  /** Issues and mails a verification code; false when the mail could not go out. */
  async sendVerificationCode(user: User): Promise<boolean> {
    const code = await this.codes.issue(user.id, 'verify-email');
    try {
      await this.mail.send(verificationCodeMail(user.email, user.firstName, code, await this.mailContext.context()));
      return true;
    } catch (error) {
      if (error instanceof MailDeliveryError) return false;
      throw error;
    }
  }

  private async svidFor(requested: string | undefined): Promise<string> {
    if (requested && SVID_PATTERN.test(requested) && !(await this.users.existsBy({ svid: requested }))) return requested;
    for (;;) {
      const svid = generateSvid();
      if (!(await this.users.existsBy({ svid }))) return svid;
    }
  }
}
