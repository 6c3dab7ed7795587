import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { REQUIRED_PROFILE_MESSAGE, validateProfileUpdate } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { Application } from '../applications/application.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { isUniqueViolation } from '../database/dialect.js';
import { ACCOUNT_MESSAGES, AccountService } from './account.service.js';
import { AuthService } from './auth.service.js';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import { type ApplicationSummary, SERVER_FIELD_NAMES, applyProfile, profileFromUpdate, profileView } from './profile.mapper.js';
import { normaliseEmail } from './user-identifiers.js';
import { User } from './user.entity.js';
import { CallerCache } from './caller-cache.js';

export const PROFILE_UPDATED = 'Profile Updated';

/** Implemented by the applications module: a user's application status id, for the profile. */
export abstract class ApplicationStatusLookup {
  abstract statusIdFor(userId: number): Promise<number | null>;
}

@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly accounts: AccountService,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
    private readonly callers: CallerCache,
    private readonly settings: SettingsService,
    private readonly auth: AuthService,
  ) {}

  // The applications module provides the lookup; it depends on this one, so it is found at run time.
  private async applicationOf(userId: number): Promise<ApplicationSummary> {
    const statusId = await this.moduleRef.get(ApplicationStatusLookup, { strict: false }).statusIdFor(userId);
    // A status id means an application; null is both "pending" and "none", which only the table tells apart.
    const exists = statusId !== null || (await this.users.manager.existsBy(Application, { userId, editionId: await this.settings.currentId() }));
    return { statusId, exists };
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
      const errors = Object.fromEntries(problems.map((p) => [SERVER_FIELD_NAMES[p.field as keyof typeof SERVER_FIELD_NAMES] ?? p.field, p.message]));
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
      if (await this.users.existsBy({ email: newEmail })) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      user.email = newEmail;
      user.verified = false;
      user.tokenVersion += 1;
    }
    user.updatedAt = this.clock.now();
    try {
      await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppException.conflict(ACCOUNT_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      throw error;
    }
    this.callers.forget(user.id);
    // Team leaders' names are part of the schedules servers keep built (after the save, so none keeps the old name).
    if (`${user.firstName} ${user.lastName}` !== nameBefore) await bumpScheduleRevision(this.users.manager);
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
