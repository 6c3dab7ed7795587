import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { normaliseEmail } from '@svp/domain';
import { APP_CONFIG, type AppConfig, ConfigError } from '../config/app.config.js';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { PasswordService } from './password.service.js';
import { generateSvid, generateUsername } from './user-identifiers.js';
import { User } from './user.entity.js';

export interface BootstrapResult {
  email: string;
  /** Set only in development, when the password was generated here and must be shown once. */
  generatedPassword: string | null;
  /** In production, when the password was generated here: it is never shown, and is chosen through this page's "Forgot password?". */
  choosePasswordAt: string | null;
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
    const generated = !this.config.adminPassword;
    if (generated && this.config.production && !this.config.adminEmail) {
      throw new ConfigError(
        'Invalid configuration:\n  - ADMIN_EMAIL must be set for the first start in production ' +
          '(the administrator chooses a password through a link sent there), or ADMIN_PASSWORD',
      );
    }
    const email = normaliseEmail(this.config.adminEmail ?? 'admin@svportal.local');
    const generatedPassword = generated ? randomBytes(12).toString('base64url') : null;
    const now = this.clock.now();
    const passwordHash = await this.passwords.hash(this.config.adminPassword ?? generatedPassword!);
    try {
      await this.users.insert({
        email,
        passwordHash,
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
    } catch (error) {
      // Servers starting together on an empty database: another one created the administrator a moment ago.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    this.logger.log(`Created the administrator ${email}`);
    // A password printed in production would sit in the logs of the host for good.
    if (generated && this.config.production) return { email, generatedPassword: null, choosePasswordAt: `${this.config.publicUrl}/login` };
    return { email, generatedPassword, choosePasswordAt: null };
  }
}
