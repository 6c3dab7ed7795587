import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PROFILE_SERVER_NAMES, REQUIRED_PROFILE_MESSAGE, normaliseEmail, validateProfileUpdate } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { AccountChangeListener } from './account-changes.js';
import { ACCOUNT_MESSAGES, AccountService } from './account.service.js';
import { AuthService } from './auth.service.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import { type ApplicationSummary, applyProfile, profileFromUpdate, profileView } from './profile.mapper.js';
import { User } from './user.entity.js';
import { CallerCache } from './caller-cache.js';

export const PROFILE_UPDATED = 'Profile Updated';

/** Implemented by the applications module: whether a user has an application this edition, and its status id, for the profile. */
export abstract class ApplicationStatusLookup {
  abstract summaryFor(userId: number): Promise<ApplicationSummary>;
}

@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: AccountService,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
    private readonly callers: CallerCache,
    private readonly auth: AuthService,
  ) {}

  // The applications module provides the lookup; it depends on this one, so it is found at run time.
  private applicationOf(userId: number): Promise<ApplicationSummary> {
    return this.moduleRef.get(ApplicationStatusLookup, { strict: false }).summaryFor(userId);
  }

  async view(caller: AuthUser) {
    const user = await this.users.findOneByOrFail({ id: caller.id });
    return {
      user: profileView(user, await this.applicationOf(user.id)),
      session: { is_authenticated: true, is_verified: user.verified, is_admin: user.isAdmin, is_team_leader: user.role === 'Team-Leader' },
    };
  }

  /**
   * Saves the whole profile. A new email address needs the current password (a session left open
   * must not be enough to take the account over), is verified again, ends every session, and the
   * old address is told.
   */
  async update(caller: AuthUser, dto: UpdateProfileDto) {
    if (dto.sv_id !== undefined && dto.sv_id !== caller.svid) throw AppException.forbidden('You can only update your own profile.');
    const user = await this.users.findOneByOrFail({ id: caller.id });
    const profile = profileFromUpdate(dto);
    const problems = validateProfileUpdate(profile, this.clock.now());
    if (problems.length) {
      const errors = Object.fromEntries(
        problems.map((p) => [PROFILE_SERVER_NAMES[p.field as keyof typeof PROFILE_SERVER_NAMES] ?? p.field, p.message]),
      );
      const missing = problems.some((p) => p.message.endsWith('is required'));
      throw AppException.badRequest(missing ? REQUIRED_PROFILE_MESSAGE : problems[0]!.message, errors);
    }
    const nameBefore = `${user.firstName} ${user.lastName}`;
    const oldEmail = user.email;
    applyProfile(user, profile);
    const newEmail = dto.email === undefined ? user.email : normaliseEmail(dto.email);
    const emailChanged = newEmail !== user.email;
    if (emailChanged) {
      await this.auth.checkCurrentPassword(user.id, dto.current_password);
      if (await this.users.existsBy({ email: newEmail })) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, ErrorCode.EmailTaken);
      user.email = newEmail;
      user.verified = false;
      user.tokenVersion += 1;
    }
    user.updatedAt = this.clock.now();
    try {
      await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, ErrorCode.EmailTaken);
      throw error;
    }
    this.callers.forget(user.id);
    // After the save, so nothing rebuilt from it keeps the old name (team leaders' names in built schedules).
    if (`${user.firstName} ${user.lastName}` !== nameBefore) {
      await this.moduleRef.get(AccountChangeListener, { strict: false }).renamed(this.users.manager, user.id);
    }
    const mailSent = emailChanged ? await this.accounts.sendVerificationCode(user) : undefined;
    if (emailChanged) this.accounts.tellOldAddress(oldEmail, user.firstName, newEmail);
    return {
      message: PROFILE_UPDATED,
      user: profileView(user, await this.applicationOf(user.id)),
      email_changed: emailChanged,
      ...(emailChanged ? { mail_sent: mailSent, session: null } : {}),
    };
  }
}
