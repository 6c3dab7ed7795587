import type { INestApplication } from '@nestjs/common';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UserRole } from '../common/auth-user.js';
import { Clock } from '../clock/clock.js';
import { PasswordService } from '../users/password.service.js';
import { TokenService } from '../users/token.service.js';
import { generateSvid, generateUsername } from '../users/user-identifiers.js';
import { User } from '../users/user.entity.js';
import type { ApplicationData, ConfirmationForm, StatusState, StatusTag } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { completeApplicationData, completeProfileFields } from './fixtures.js';

export interface UserOptions {
  email?: string;
  password?: string;
  role?: UserRole;
  admin?: boolean;
  verified?: boolean;
  firstName?: string;
  lastName?: string;
}

export interface ApplicationOptions {
  data?: Partial<ApplicationData>;
  completed?: boolean;
  teamLeader?: boolean;
  financialAid?: boolean;
  status?: StatusState;
  statusTag?: StatusTag | null;
  /** The confirmation form, for a confirmed place. */
  confirmation?: ConfirmationForm | null;
  /** The edition it belongs to; the current one by default. */
  editionId?: number;
}

export interface CreatedUser {
  user: User;
  password: string;
  token: string;
  /** `Authorization` header value. */
  auth: string;
}

let sequence = 0;

/** Builds users in one line each, straight into the database, with a signed-in token. */
export class Factories {
  private hashes = new Map<string, Promise<string>>();

  constructor(private readonly app: INestApplication) {}

  async user(options: UserOptions = {}): Promise<CreatedUser> {
    sequence += 1;
    const password = options.password ?? 'password123';
    const users = this.app.get<Repository<User>>(getRepositoryToken(User));
    const now = this.app.get(Clock).now();
    // Hashing is slow on purpose; tests reuse one hash per distinct password.
    if (!this.hashes.has(password)) this.hashes.set(password, this.app.get(PasswordService).hash(password));
    const user = await users.save(
      users.create({
        email: options.email ?? `user${sequence}-${Date.now().toString(36)}@example.edu`,
        passwordHash: await this.hashes.get(password)!,
        firstName: options.firstName ?? 'Ada',
        lastName: options.lastName ?? `Tester${sequence}`,
        svid: generateSvid(),
        username: generateUsername(),
        role: options.role ?? 'Student-Volunteer',
        isAdmin: options.admin ?? false,
        verified: options.verified ?? true,
        tokenVersion: 0,
        createdAt: now,
        updatedAt: now,
      }),
    );
    const token = this.app.get(TokenService).issueSession(user).access_token;
    return { user, password, token, auth: `Bearer ${token}` };
  }

  /** A user whose profile is complete (submission needs it). */
  async applicant(options: UserOptions = {}): Promise<CreatedUser> {
    const created = await this.user(options);
    const users = this.app.get<Repository<User>>(getRepositoryToken(User));
    await users.update({ id: created.user.id }, completeProfileFields);
    Object.assign(created.user, completeProfileFields);
    return created;
  }

  /** An application written straight to the database, in any state. */
  async application(user: User, options: ApplicationOptions = {}): Promise<Application> {
    const applications = this.app.get<Repository<Application>>(getRepositoryToken(Application));
    const now = this.app.get(Clock).now();
    const editionId = options.editionId ?? (await this.app.get(SettingsService).currentId());
    return applications.save(
      applications.create({
        editionId,
        userId: user.id,
        data: options.data ?? completeApplicationData(),
        step: 7,
        completed: options.completed ?? true,
        teamLeader: options.teamLeader ?? false,
        financialAid: options.financialAid ?? false,
        status: options.status ?? 'pending',
        statusTag: options.statusTag ?? null,
        closed: false,
        submittedAt: (options.completed ?? true) ? now : null,
        confirmation: options.confirmation ?? null,
        confirmedAt: null,
        declinedAt: null,
        declineReason: null,
        version: 1,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }

  /** A fresh `Authorization` value signed at the clock's current time (tests that move the clock by days need one). */
  auth(user: User): string {
    return `Bearer ${this.app.get(TokenService).issueSession(user).access_token}`;
  }

  admin(options: UserOptions = {}) {
    return this.user({ ...options, admin: true });
  }

  teamLeader(options: UserOptions = {}) {
    return this.user({ ...options, role: 'Team-Leader' });
  }
}
