import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { ApplicationStatusLookup } from '../users/profile.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { AdminApplicationsController } from './admin-applications.controller.js';
import { AdminApplicationQuery } from './admin-application-query.js';
import { AdminApplicationsService } from './admin-applications.service.js';
import { ApplicationExportService } from './application-export.service.js';
import { ApplicationStatisticsService } from './application-statistics.service.js';
import { AdminStatusService } from './admin-status.service.js';
import { ApplicationRows } from './application-rows.js';
import { ApplicationStatusService } from './application-status.service.js';
import { ApplicationsController, ConfirmationController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';
import { ConfirmationService } from './confirmation.service.js';
import { PortalYears } from './portal-years.service.js';
import { ReceiptsService } from './receipts.service.js';
import { ApplicationProofEditability } from './editability.js';
import { ProofEditability } from '../files/proof-editability.js';

@Module({
  imports: [TypeOrmModule.forFeature([Application, User, AuditEntry]), FilesModule],
  controllers: [ApplicationsController, ConfirmationController, AdminApplicationsController],
  providers: [
    AdminApplicationQuery,
    AdminApplicationsService,
    ApplicationExportService,
    ApplicationStatisticsService,
    AdminStatusService,
    ApplicationRows,
    ApplicationsService,
    ApplicationStatusService,
    ConfirmationService,
    PortalYears,
    ReceiptsService,
    { provide: ApplicationStatusLookup, useExisting: ApplicationsService },
    { provide: ProofEditability, useClass: ApplicationProofEditability },
  ],
  exports: [ApplicationsService, ApplicationStatusService, ApplicationStatusLookup, PortalYears],
})
export class ApplicationsModule {}
