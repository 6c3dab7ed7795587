import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import { PasswordService } from './password.service.js';
import { generateSvid, generateUsername, normaliseEmail } from './user-identifiers.js';
import { User } from './user.entity.js';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword: string | null;
}

/** On the first start of an empty database, creates the administrator (docs/architecture.md). */
@Injectable()
export class BootstrapAdminService {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async ensureAdministrator(): Promise<BootstrapResult | null> {
    if ((await this.users.count()) > 0) return null;
    const email = normaliseEmail(this.config.adminEmail ?? 'admin@svportal.local');
    const generatedPassword = this.config.adminPassword ? null : randomBytes(12).toString('base64url');
    const now = this.clock.now();
    await this.users.insert({
      email,
      passwordHash: await this.passwords.hash(this.config.adminPassword ?? generatedPassword!),
      firstName: 'Portal',
      lastName: 'Administrator',
      svid: generateSvid(),
      username: generateUsername(),
      role: 'Student-Volunteer',
      isAdmin: true,
      verified: true,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    });
    this.logger.log(`Created the administrator ${email}`);
    return { email, generatedPassword };
  }
}
