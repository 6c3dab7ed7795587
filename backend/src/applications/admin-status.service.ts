import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { entryForWireId } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { findUserByKey } from '../files/files.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { ApplicationStatusService } from './application-status.service.js';
import { ApplicationsService, type ApplicationView } from './applications.service.js';
import { CallerCache } from '../users/caller-cache.js';

export const STATUS_UPDATED = 'Updated application status';

/** An administrator sets an application's processing status from the active catalogue. */
@Injectable()
export class AdminStatusService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly status: ApplicationStatusService,
    private readonly views: ApplicationsService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly callers: CallerCache,
  ) {}

  async setStatus(actor: AuthUser, key: string, statusId: number | null, grantTeamLeader = false): Promise<ApplicationView> {
    const { statusCatalogue } = await this.settings.get();
    const entry = entryForWireId(statusCatalogue, statusId);
    if (!entry) {
      throw AppException.badRequest(`statusId ${statusId} is not a status of catalogue ${statusCatalogue}`, { statusId: 'unknown status id' });
    }
    const user = await findUserByKey(this.users, key);
    if (!user) throw AppException.notFound(`There is no user ${key}.`);
    const application = await this.applications.findOneBy({ userId: user.id });
    if (!application) throw AppException.notFound('This user has not started an application.');
    if (!application.completed) throw AppException.conflict('Only submitted applications can be decided.', 'NOT_SUBMITTED');
    const actorRef = { id: actor.id, email: actor.email };

    const updated = await this.applications.manager.transaction(async (manager) => {
      const changed = await this.status.transition(manager, application, entry.state, {
        tag: entry.tag,
        actor: actorRef,
        reason: 'admin',
        changes: entry.state === 'declined' ? { declinedAt: this.clock.now(), declineReason: 'admin' } : {},
      });
      if (grantTeamLeader && entry.state === 'offered' && application.teamLeader && user.role !== 'Team-Leader') {
        await manager.update(User, { id: user.id }, { role: 'Team-Leader' });
        await this.audit.record(actorRef, { action: 'user.update', entity: 'user', entityId: user.id, before: { role: user.role }, after: { role: 'Team-Leader' } }, manager);
        user.role = 'Team-Leader';
      }
      return changed;
    });
    this.callers.forget(user.id);
    return this.views.view(updated, user, 'admin');
  }
}
