import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity.js';
import { AuditEntry } from './audit-entry.entity.js';
import { AuditReferencesService } from './audit-references.service.js';
import { AuditService } from './audit.service.js';
import { AdminAuditController } from './admin-audit.controller.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry, User])],
  controllers: [AdminAuditController],
  providers: [AuditService, AuditReferencesService],
  exports: [AuditService],
})
export class AuditModule {}
