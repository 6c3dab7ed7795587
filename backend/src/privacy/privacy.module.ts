import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FilesModule } from '../files/files.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { KeptFigures } from '../reports/kept-figures.js';
import { ReportsModule } from '../reports/reports.module.js';
import { User } from '../users/user.entity.js';
import { UsersModule } from '../users/users.module.js';
import { AdminErasuresController, AdminRetentionController } from './admin-privacy.controller.js';
import { DataExport } from './data-export.entity.js';
import { DataExportsService } from './data-exports.service.js';
import { DataRemoval } from './data-removal.entity.js';
import { ErasureRequest } from './erasure-request.entity.js';
import { ErasureService } from './erasure.service.js';
import { MyDataController } from './my-data.controller.js';
import { PersonalArchiveService } from './personal-archive.service.js';
import { PrivacyCron } from './privacy.cron.js';
import { RetentionKeptFigures } from './retention-kept-figures.js';
import { RetentionService } from './retention.service.js';

export const PRIVACY_ENTITIES = [DataExport, ErasureRequest, DataRemoval];

/** Personal data: "My data" archives, retention removals per edition, erasure on request (docs/decisions.md, 'Personal data'). */
@Module({
  imports: [TypeOrmModule.forFeature([...PRIVACY_ENTITIES, User]), FilesModule, JobsModule, ReportsModule, MessagesModule, UsersModule],
  controllers: [MyDataController, AdminRetentionController, AdminErasuresController],
  providers: [
    PersonalArchiveService,
    DataExportsService,
    RetentionService,
    ErasureService,
    PrivacyCron,
    { provide: KeptFigures, useClass: RetentionKeptFigures },
  ],
  exports: [RetentionService, DataExportsService, ErasureService],
})
export class PrivacyModule {}
