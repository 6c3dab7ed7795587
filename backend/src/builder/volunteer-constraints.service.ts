import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type VolunteerConstraintsInput, conferenceDays, validateConstraints } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { VolunteerConstraints } from '../schedule/volunteer-constraints.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';

export const CONSTRAINT_MESSAGES = {
  released: (contact: string) => `Your availability can no longer be changed online: schedules are out. Write to ${contact}.`,
  noPlace: 'Availability is asked of volunteers with an offered or confirmed place.',
  noUser: (id: number) => `There is no user with id ${id}.`,
} as const;

const EMPTY: VolunteerConstraintsInput = { unavailable: [], maxHoursPerDay: null, minRestMinutes: null };

/** Days or hours a volunteer cannot work, their daily maximum and their minimum rest: the volunteer's until schedules are out, an
 * administrator's always. */
@Injectable()
export class VolunteerConstraintsService {
  constructor(
    @InjectRepository(VolunteerConstraints) private readonly constraints: Repository<VolunteerConstraints>,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async current(userId: number): Promise<VolunteerConstraintsInput & { updatedAt: string | null }> {
    const row = await this.constraints.findOneBy({ userId, editionId: await this.settings.currentId() });
    if (!row) return { ...EMPTY, updatedAt: null };
    return {
      unavailable: row.unavailable,
      maxHoursPerDay: row.maxHoursPerDay,
      minRestMinutes: row.minRestMinutes,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** GET /api/users/availability: the caller's, and whether they may still change them. */
  async own(caller: AuthUser) {
    await this.assertHasPlace(caller.id);
    const { settings, now } = await this.settings.gates();
    const editableUntil = settings.timeline.schedulesReleaseDate;
    return { ...(await this.current(caller.id)), editable: now.getTime() < Date.parse(editableUntil), editableUntil };
  }

  /** PUT /api/users/availability: until schedules are out (409 after). */
  async saveOwn(caller: AuthUser, input: VolunteerConstraintsInput) {
    await this.assertHasPlace(caller.id);
    const { settings, now } = await this.settings.gates();
    if (now.getTime() >= Date.parse(settings.timeline.schedulesReleaseDate)) {
      throw AppException.conflict(CONSTRAINT_MESSAGES.released(settings.contactEmail), ErrorCode.SchedulesReleased);
    }
    await this.write(caller, caller.id, input);
    return this.own(caller);
  }

  async forAdmin(userId: number) {
    if (!(await this.constraints.manager.existsBy(User, { id: userId }))) throw AppException.notFound(CONSTRAINT_MESSAGES.noUser(userId));
    return { userId, ...(await this.current(userId)) };
  }

  async saveForAdmin(actor: AuthUser, userId: number, input: VolunteerConstraintsInput) {
    if (!(await this.constraints.manager.existsBy(User, { id: userId }))) throw AppException.notFound(CONSTRAINT_MESSAGES.noUser(userId));
    await this.write(actor, userId, input);
    return this.forAdmin(userId);
  }

  private async write(actor: AuthUser, userId: number, input: VolunteerConstraintsInput): Promise<void> {
    const settings = await this.settings.get();
    const normalised: VolunteerConstraintsInput = {
      unavailable: input.unavailable.map((gap) => ({ day: gap.day, from: gap.from || null, to: gap.to || null })),
      maxHoursPerDay: input.maxHoursPerDay ?? null,
      minRestMinutes: input.minRestMinutes || null,
    };
    const problems = validateConstraints(normalised, conferenceDays(settings.conference));
    if (problems.length) {
      throw AppException.badRequest(
        problems.length === 1 ? problems[0]!.message : `Please correct these answers: ${problems.map((p) => p.message).join(' ')}`,
        Object.fromEntries(problems.map((p) => [p.field, p.message])),
      );
    }
    const before = await this.current(userId);
    await this.constraints.manager.transaction(async (manager) => {
      const editionId = await this.settings.currentId();
      const existing = await manager.findOneBy(VolunteerConstraints, { userId, editionId });
      const values = { ...normalised, updatedAt: this.clock.now(), updatedBy: actor.id };
      if (existing) await manager.update(VolunteerConstraints, { id: existing.id }, values as never);
      else await manager.insert(VolunteerConstraints, { editionId, userId, ...values } as never);
      await this.audit.record(
        actor,
        { action: 'volunteer-constraints.update', entity: 'user', entityId: userId, before, after: normalised },
        manager,
      );
    });
  }

  private async assertHasPlace(userId: number): Promise<void> {
    const application = await this.constraints.manager.findOne(Application, {
      where: { userId, editionId: await this.settings.currentId() },
      select: { id: true, status: true },
    });
    if (application?.status !== 'offered' && application?.status !== 'confirmed') throw AppException.forbidden(CONSTRAINT_MESSAGES.noPlace);
  }
}
