import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EditionsModule } from '../editions/editions.module.js';
import { FilesModule } from '../files/files.module.js';
import { JuryModule } from '../jury/jury.module.js';
import { ApplicationStatusLookup } from '../users/profile.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { AdminApplicationsController } from './admin-applications.controller.js';
import { AdminApplicationsService } from './admin-applications.service.js';
import { AdminStatusService } from './admin-status.service.js';
import { ApplicationRows } from './application-rows.js';
import { ApplicationStatusService } from './application-status.service.js';
import { ApplicationsController, ConfirmationController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';
import { ConfirmationService } from './confirmation.service.js';
import { ReceiptsService } from './receipts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Application, User, AuditEntry]), FilesModule, JuryModule, EditionsModule],
  controllers: [ApplicationsController, ConfirmationController, AdminApplicationsController],
  providers: [AdminApplicationsService, AdminStatusService, ApplicationRows, ApplicationsService, ApplicationStatusService, ConfirmationService, ReceiptsService, { provide: ApplicationStatusLookup, useExisting: ApplicationsService }],
  exports: [ApplicationsService, ApplicationStatusService, ApplicationStatusLookup],
})
export class ApplicationsModule {}
