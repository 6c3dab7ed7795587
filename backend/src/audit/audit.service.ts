import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { AuditEntry } from './audit-entry.entity.js';

export interface AuditActor {
  id: number | null;
  email?: string | null;
}

export interface AuditRecord {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

@Injectable()
export class AuditService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    private readonly clock: Clock,
  ) {}

  /** Records a change; pass the transaction's manager so the entry commits or rolls back with it. */
  async record(actor: AuditActor | null, record: AuditRecord, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(AuditEntry) : this.entries;
    await repository.insert({
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action: record.action,
      entity: record.entity,
      entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
      before: (record.before ?? null) as object | null,
      after: (record.after ?? null) as object | null,
      createdAt: this.clock.now(),
    });
  }
}
