import { Module } from '@nestjs/common';
import { ScheduleModule as TimerModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { JuryScore } from '../jury/jury-score.entity.js';
import { AdminJobsController } from './admin-jobs.controller.js';
import { DeadlineJobsService } from './deadline-jobs.service.js';
import { JobMailService } from './job-mail.service.js';
import { JobRun } from './job-run.entity.js';
import { JobRunsService } from './job-runs.service.js';
import { JobsCron } from './jobs.cron.js';
import { JobsService } from './jobs.service.js';
import { MailSend } from '../mail/mail-send.entity.js';
import { ReferencesModule } from '../references/references.module.js';

export const JOB_ENTITIES = [JobRun];

/** Deadline enforcement and notifications on the edition's timeline (docs/architecture.md). */
@Module({
  imports: [
    TimerModule.forRoot(),
    TypeOrmModule.forFeature([...JOB_ENTITIES, MailSend, Application, JuryScore]),
    ApplicationsModule,
    ReferencesModule,
  ],
  controllers: [AdminJobsController],
  providers: [JobRunsService, JobMailService, DeadlineJobsService, JobsService, JobsCron],
  exports: [JobsService, JobsCron, JobRunsService],
})
export class JobsModule {}
