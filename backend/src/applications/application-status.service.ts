import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { type StatusState, type StatusTag, canTransition } from '@svp/domain';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { Application } from './application.entity.js';
import { applicationStatusChanged } from './application-status-events.js';

export interface TransitionOptions {
  tag?: StatusTag | null;
  actor: AuditActor | null;
  /** Why: 'admin', 'applicant', 'deadline'… kept in the audit log. */
  reason: string;
  /** Other columns written in the same update (confirmation form, timestamps). */
  changes?: Partial<Application>;
}

/** Moves an application along the lifecycle in docs/decisions.md; refuses any other move (409) and audit-logs each one. */
@Injectable()
export class ApplicationStatusService {
  constructor(
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async transition(manager: EntityManager, application: Application, to: StatusState, options: TransitionOptions): Promise<Application> {
    const tag = options.tag === undefined ? (to === application.status ? application.statusTag : null) : options.tag;
    const retag = to === application.status && tag !== application.statusTag;
    if (!canTransition(application.status, to) && !retag) {
      throw AppException.conflict(`This application cannot go from ${application.status} to ${to}.`, ErrorCode.IllegalTransition);
    }
    const before = { state: application.status, tag: application.statusTag };
    const now = this.clock.now();
    const updatedAt = new Date(Math.max(now.getTime(), application.updatedAt.getTime() + 1));
    const result = await manager.update(Application, { id: application.id, version: application.version, status: application.status }, {
      ...options.changes,
      status: to,
      statusTag: tag,
      version: application.version + 1,
      updatedAt,
    } as QueryDeepPartialEntity<Application>);
    if (!result.affected)
      throw AppException.conflict('This application changed at the same moment. Reload it and try again.', ErrorCode.Stale);
    applicationStatusChanged(manager, application.userId);
    await this.audit.record(
      options.actor,
      {
        action: 'application.status',
        entity: 'application',
        entityId: application.id,
        before,
        after: { state: to, tag, reason: options.reason },
      },
      manager,
    );
    return Object.assign(application, options.changes, { status: to, statusTag: tag, version: application.version + 1, updatedAt });
  }
}
