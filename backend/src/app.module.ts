import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { AppConfig } from './config/app.config.js';
import { ConfigModule } from './config/config.module.js';
import { AuditEntry } from './audit/audit-entry.entity.js';
import { AuditModule } from './audit/audit.module.js';
import { AuditLogModule } from './audit-log/audit-log.module.js';
import { ClockModule } from './clock/clock.js';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter.js';
import { RolesGuard } from './common/guards/roles.guard.js';
import { databaseModule } from './database/database.module.js';
import { LOCK_ENTITIES, LocksModule } from './database/locks.module.js';
import { HealthModule } from './health/health.module.js';
import { RunningServer } from './health/running-server.entity.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { JOB_ENTITIES, JobsModule } from './jobs/jobs.module.js';
import { JuryAssignment } from './jury/jury-assignment.entity.js';
import { JuryScore } from './jury/jury-score.entity.js';
import { JuryModule } from './jury/jury.module.js';
import { SCHEDULE_ENTITIES, ScheduleModule } from './schedule/schedule.module.js';
import { SWAP_ENTITIES, SwapModule } from './swap/swap.module.js';
import { Edition } from './settings/edition.entity.js';
import { EditionRole } from './settings/edition-role.entity.js';
import { Setting } from './settings/setting.entity.js';
import { SettingsModule } from './settings/settings.module.js';
import { Application } from './applications/application.entity.js';
import { ApplicationsModule } from './applications/applications.module.js';
import { ProofFile } from './files/proof-file.entity.js';
import { UploadTicket } from './files/upload-ticket.entity.js';
import { MAIL_ENTITIES, MailModule } from './mail/mail.module.js';
import { BUILDER_ENTITIES, BuilderModule } from './builder/builder.module.js';
import { REFERENCE_ENTITIES, ReferencesModule } from './references/references.module.js';
import { MESSAGE_ENTITIES, MessagesModule } from './messages/messages.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { EditionsModule } from './editions/editions.module.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import { PRIVACY_ENTITIES, PrivacyModule } from './privacy/privacy.module.js';
import { Consent } from './users/consent.entity.js';
import { OneTimeCode } from './users/one-time-code.entity.js';
import { User } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';
import { JwtAuthGuard } from './users/jwt-auth.guard.js';
import { CallerCacheModule } from './users/caller-cache.js';
import { UserSearchKeysSubscriber } from './users/user-search.js';

export const ENTITIES = [
  User,
  OneTimeCode,
  Setting,
  Edition,
  EditionRole,
  AuditEntry,
  Application,
  ProofFile,
  UploadTicket,
  JuryAssignment,
  JuryScore,
  ...SCHEDULE_ENTITIES,
  ...SWAP_ENTITIES,
  ...JOB_ENTITIES,
  ...MAIL_ENTITIES,
  ...BUILDER_ENTITIES,
  ...REFERENCE_ENTITIES,
  ...LOCK_ENTITIES,
  ...MESSAGE_ENTITIES,
  RunningServer,
  Consent,
  ...PRIVACY_ENTITIES,
];

/** Entity subscribers of the modules, beside database/'s own (after-commit actions). */
export const SUBSCRIBERS = [UserSearchKeysSubscriber];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        CallerCacheModule,
        databaseModule(config, ENTITIES, SUBSCRIBERS),
        LocksModule,
        RateLimitModule,
        AuditModule,
        AuditLogModule,
        SettingsModule,
        MailModule,
        UsersModule,
        ApplicationsModule,
        JuryModule,
        ScheduleModule,
        SwapModule,
        BuilderModule,
        ReferencesModule,
        ReportsModule,
        EditionsModule,
        CertificatesModule,
        MessagesModule,
        JobsModule,
        PrivacyModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
