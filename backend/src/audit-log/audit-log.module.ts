import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { User } from '../users/user.entity.js';
import { AdminAuditController } from './admin-audit.controller.js';
import { AuditReferencesService } from './audit-references.service.js';

/**
 * The audit log for administrators: its entries with the names of the people, applications, venues
 * and shifts they mention. Apart from audit/, which every module writes through: reading the names
 * needs the modules that write.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry, User])],
  controllers: [AdminAuditController],
  providers: [AuditReferencesService],
})
export class AuditLogModule {}
