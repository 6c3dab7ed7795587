import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type CatalogueEntry, allowedTargets, entryForWireId, statusLabel } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { findUserByKey } from '../users/user-keys.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { ApplicationStatusService } from './application-status.service.js';
import { ApplicationsService, type ApplicationView } from './applications.service.js';
import { CallerCache } from '../users/caller-cache.js';

export const STATUS_UPDATED = 'Updated application status';

/** Applications one bulk change may name. */
export const BULK_STATUS_LIMIT = 500;

/** What a bulk change did to one application: changed, or refused and why. */
export type BulkStatusOutcome =
  | { id: number; name: string | null; outcome: 'changed'; status: string }
  | { id: number; name: string | null; outcome: 'refused'; code: ErrorCode; message: string };

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
    const entry = await this.entryOf(statusId);
    const user = await findUserByKey(this.users, key);
    if (!user) throw AppException.notFound(`There is no user ${key}.`);
    const application = await this.applications.findOneBy({ userId: user.id, editionId: await this.settings.currentId() });
    if (!application) throw AppException.notFound('This user has not started an application.');
    const updated = await this.apply(actor, application, user, entry, grantTeamLeader);
    return this.views.view(updated, user, 'admin');
  }

  /** The admin resource's update: one application by id, of any edition (an earlier one's is refused, 409). */
  async setStatusById(actor: AuthUser, id: number, statusId: number | null, grantTeamLeader = false): Promise<void> {
    const entry = await this.entryOf(statusId);
    const application = await this.applications.findOneBy({ id });
    if (!application) throw AppException.notFound(`There is no application with id ${id}.`);
    const user = await this.users.findOneByOrFail({ id: application.userId });
    await this.apply(actor, application, user, entry, grantTeamLeader);
  }

  /**
   * The same change for each application named, one after the other, each by the lifecycle's rules
   * and with its own audit entry: one refused does not stop the others. Answers each outcome.
   */
  async setStatusOfMany(
    actor: AuthUser,
    ids: readonly number[],
    statusId: number | null,
    grantTeamLeader = false,
  ): Promise<BulkStatusOutcome[]> {
    const entry = await this.entryOf(statusId);
    const { statusCatalogue } = await this.settings.get();
    const outcomes: BulkStatusOutcome[] = [];
    for (const id of new Set(ids)) {
      const application = await this.applications.findOneBy({ id });
      const user = application ? await this.users.findOneBy({ id: application.userId }) : null;
      const name = user ? `${user.firstName} ${user.lastName}` : null;
      const refuse = (code: ErrorCode, message: string) => outcomes.push({ id, name, outcome: 'refused', code, message });
      if (!application || !user) {
        refuse(ErrorCode.NotFound, `There is no application with id ${id}.`);
        continue;
      }
      const now = statusLabel(statusCatalogue, application.status, application.statusTag);
      if (
        application.completed &&
        !allowedTargets(statusCatalogue, application.status, application.statusTag).some((target) => target.id === entry.id)
      ) {
        const same = application.status === entry.state && application.statusTag === entry.tag;
        refuse(
          same ? ErrorCode.Unchanged : ErrorCode.IllegalTransition,
          same ? `It is already ${now}.` : `It cannot go from ${now} to ${entry.label}.`,
        );
        continue;
      }
      try {
        await this.apply(actor, application, user, entry, grantTeamLeader);
        outcomes.push({ id, name, outcome: 'changed', status: entry.label });
      } catch (error) {
        if (!(error instanceof AppException)) throw error;
        refuse(error.code, error.message);
      }
    }
    return outcomes;
  }

  private async entryOf(statusId: number | null): Promise<CatalogueEntry> {
    const { statusCatalogue } = await this.settings.get();
    const entry = entryForWireId(statusCatalogue, statusId);
    if (!entry) {
      throw AppException.badRequest(`statusId ${statusId} is not a status of catalogue ${statusCatalogue}`, {
        statusId: 'unknown status id',
      });
    }
    return entry;
  }

  private async apply(
    actor: AuthUser,
    application: Application,
    user: User,
    entry: CatalogueEntry,
    grantTeamLeader: boolean,
  ): Promise<Application> {
    await this.settings.assertCurrent(application.editionId);
    if (!application.completed) throw AppException.conflict('Only submitted applications can be decided.', ErrorCode.NotSubmitted);
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
        await this.audit.record(
          actorRef,
          { action: 'user.update', entity: 'user', entityId: user.id, before: { role: user.role }, after: { role: 'Team-Leader' } },
          manager,
        );
        user.role = 'Team-Leader';
      }
      return changed;
    });
    this.callers.forget(user.id);
    return updated;
  }
}
