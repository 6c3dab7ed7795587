import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { User } from '../users/user.entity.js';
import { AdminReferencesService } from './admin-references.service.js';
import { ApplicantReferencesService } from './applicant-references.service.js';
import { ApplicationReference } from './application-reference.entity.js';
import { RefereeService } from './referee.service.js';
import {
  AdminReferencesController,
  ApplicantReferencesController,
  BounceSecretGuard,
  BouncesController,
  RefereeController,
} from './references.controller.js';
import { ReferencesService } from './references.service.js';

export const REFERENCE_ENTITIES = [ApplicationReference];

/** References collected from the referees each application names (docs/architecture.md). */
@Module({
  imports: [TypeOrmModule.forFeature([ApplicationReference, Application, User, MailSend])],
  controllers: [RefereeController, ApplicantReferencesController, BouncesController, AdminReferencesController],
  providers: [ReferencesService, RefereeService, ApplicantReferencesService, AdminReferencesService, RateLimitGuard, BounceSecretGuard],
  exports: [ReferencesService],
})
export class ReferencesModule {}
