import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentException,
  EXCEPTION_MESSAGES,
  type RuleName,
  type ScheduleException,
  findOverlap,
  overlapMessage,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { User } from '../users/user.entity.js';
import type { CreateShiftAssignmentDto, UpdateShiftAssignmentDto } from './dto/shift-assignment.dto.js';
import { lockRows } from './locks.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { ScheduleWorldService } from './schedule-world.service.js';
import { ScheduleChangeNotices } from './schedule-change-notices.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { MailSend } from '../mail/mail-send.entity.js';

type Pair = { shiftId: number; volunteerId: number };
import { ShiftAssignment } from './shift-assignment.entity.js';
import { Shift } from './shift.entity.js';
import { personName } from './shift.view.js';
import { bumpScheduleRevision } from './schedule-revision.js';

export const ASSIGNMENT_SORTABLE = ['id', 'shiftId', 'volunteerId', 'createdAt'] as const;

/** The exception an assignment was made through, as the API shows it; null for an assignment that keeps every rule. */
export function exceptionView(
  assignment: Pick<ShiftAssignment, 'exceptionRules' | 'exceptionReason' | 'exceptionBy' | 'exceptionAt'>,
  names: ReadonlyMap<number, string> = new Map(),
): ScheduleException | null {
  if (!assignment.exceptionRules || !assignment.exceptionAt) return null;
  const by = assignment.exceptionBy ?? 0;
  return {
    rules: assignment.exceptionRules.split(',') as RuleName[],
    reason: assignment.exceptionReason ?? '',
    madeBy: { id: by, name: names.get(by) ?? `User ${by}` },
    madeAt: assignment.exceptionAt.toISOString(),
  };
}

/** The columns an exception fills on its assignment, or clears. */
export function exceptionColumns(exception: AssignmentException | null, actorId: number, at: Date) {
  return exception
    ? { exceptionRules: exception.rules.join(','), exceptionReason: exception.reason, exceptionBy: actorId, exceptionAt: at }
    : { exceptionRules: null, exceptionReason: null, exceptionBy: null, exceptionAt: null };
}

/** A shift assignment as the admin panel lists it, with the names it needs to show. */
export function adminAssignmentView(
  assignment: ShiftAssignment,
  volunteer?: Pick<User, 'firstName' | 'lastName' | 'svid'> | null,
  names: ReadonlyMap<number, string> = new Map(),
) {
  return {
    id: assignment.id,
    shiftId: assignment.shiftId,
    volunteerId: assignment.volunteerId,
    volunteerName: volunteer ? personName(volunteer) : null,
    svid: volunteer?.svid ?? null,
    startBackToBack: assignment.startBackToBack ?? '',
    endBackToBack: assignment.endBackToBack ?? '',
    accommodations: assignment.accommodations ?? '',
    pinned: assignment.pinned ?? false,
    exception: exceptionView(assignment, names),
    createdAt: assignment.createdAt.toISOString(),
    updatedAt: assignment.updatedAt.toISOString(),
  };
}

@Injectable()
export class ShiftAssignmentsService {
  constructor(
    @InjectRepository(ShiftAssignment) private readonly assignments: Repository<ShiftAssignment>,
    private readonly reader: ScheduleReader,
    private readonly world: ScheduleWorldService,
    private readonly notices: ScheduleChangeNotices,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Once schedules are out, the people a change touches are told (one email each per change). */
  private async oweNotices(manager: EntityManager, change: string, removed: Pair[], added: Pair[]): Promise<MailSend[]> {
    return this.notices.owe(manager, await this.settings.get(), change, removed, added);
  }

  async list(query: ListQuery) {
    const { id, shiftId, volunteerId } = query.filter as { id?: unknown; shiftId?: unknown; volunteerId?: unknown };
    const edition = await this.settings.editionFor(query.filter.edition);
    const builder = this.assignments
      .createQueryBuilder('a')
      .innerJoin(Shift, 's', 's.id = a.shiftId')
      .where('s.editionId = :editionId', { editionId: edition.id });
    if (Number.isInteger(shiftId)) builder.andWhere('a.shiftId = :shiftId', { shiftId });
    if (Number.isInteger(volunteerId)) builder.andWhere('a.volunteerId = :volunteerId', { volunteerId });
    if (Array.isArray(id) && id.every(Number.isInteger)) builder.andWhere(id.length ? 'a.id IN (:...ids)' : '1 = 0', { ids: id });
    const [rows, total] = await builder
      .orderBy(`a.${query.sort.field}`, query.sort.order)
      .addOrderBy('a.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    const userIds = [...new Set(rows.flatMap((a) => (a.exceptionBy === null ? [a.volunteerId] : [a.volunteerId, a.exceptionBy])))];
    const users = userIds.length
      ? await this.assignments.manager.find(User, {
          where: { id: In(userIds) },
          select: { id: true, firstName: true, lastName: true, svid: true },
        })
      : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const names = new Map(users.map((u) => [u.id, personName(u)]));
    return { rows: rows.map((a) => adminAssignmentView(a, byId.get(a.volunteerId), names)), total };
  }

  async get(id: number) {
    const assignment = await this.find(this.assignments.manager, id);
    const ids = assignment.exceptionBy === null ? [assignment.volunteerId] : [assignment.volunteerId, assignment.exceptionBy];
    const users = await this.assignments.manager.find(User, { where: { id: In(ids) } });
    const names = new Map(users.map((u) => [u.id, personName(u)]));
    return adminAssignmentView(
      assignment,
      users.find((u) => u.id === assignment.volunteerId),
      names,
    );
  }

  /**
   * Assigns a confirmed volunteer to a shift by the schedule rules (409 otherwise); with
   * `exceptionReason`, an administrator assigns them despite any rule but capacity and overlap, and the
   * exception is kept with the assignment and audit-logged.
   */
  async create(actor: AuthUser, dto: CreateShiftAssignmentDto) {
    let notices: MailSend[] = [];
    const id = await this.write(async (manager) => {
      const exception = await this.assertCanHold(manager, dto.shiftId, dto.volunteerId, null, dto.exceptionReason ?? null);
      const now = this.clock.now();
      const assignment = await manager.save(
        manager.create(ShiftAssignment, {
          shiftId: dto.shiftId,
          volunteerId: dto.volunteerId,
          startBackToBack: dto.startBackToBack || null,
          endBackToBack: dto.endBackToBack || null,
          accommodations: dto.accommodations || null,
          pinned: dto.pinned ?? false,
          ...exceptionColumns(exception, actor.id, now),
          createdAt: now,
          updatedAt: now,
        }),
      );
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        { action: 'shift-assignment.create', entity: 'shift-assignment', entityId: assignment.id, after: adminAssignmentView(assignment) },
        manager,
      );
      if (exception) await this.recordException(manager, actor, assignment.id, dto.shiftId, dto.volunteerId, exception);
      notices = await this.oweNotices(manager, `assignment:${assignment.id}:create`, [], [assignment]);
      return assignment.id;
    });
    this.notices.send(notices);
    return this.get(id);
  }

  /** Changes the notes; moving to another shift or volunteer is checked like a new assignment. */
  async update(actor: AuthUser, id: number, dto: UpdateShiftAssignmentDto) {
    let notices: MailSend[] = [];
    await this.write(async (manager) => {
      const assignment = await this.find(manager, id);
      await this.assertCurrentShift(manager, assignment.shiftId);
      const before = adminAssignmentView(assignment);
      const shiftId = dto.shiftId ?? assignment.shiftId;
      const volunteerId = dto.volunteerId ?? assignment.volunteerId;
      const moved = shiftId !== assignment.shiftId || volunteerId !== assignment.volunteerId;
      // A move is judged like a new assignment; the old exception was for the old pair and goes with it.
      const exception = moved ? await this.assertCanHold(manager, shiftId, volunteerId, id, dto.exceptionReason ?? null) : undefined;
      const change: Partial<ShiftAssignment> = { shiftId, volunteerId, updatedAt: this.clock.now() };
      if (exception !== undefined) Object.assign(change, exceptionColumns(exception, actor.id, change.updatedAt!));
      if (dto.startBackToBack !== undefined) change.startBackToBack = dto.startBackToBack || null;
      if (dto.endBackToBack !== undefined) change.endBackToBack = dto.endBackToBack || null;
      if (dto.accommodations !== undefined) change.accommodations = dto.accommodations || null;
      if (dto.pinned !== undefined) change.pinned = dto.pinned;
      await manager.update(ShiftAssignment, { id }, change);
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        {
          action: 'shift-assignment.update',
          entity: 'shift-assignment',
          entityId: id,
          before,
          after: adminAssignmentView({ ...assignment, ...change }),
        },
        manager,
      );
      if (exception) await this.recordException(manager, actor, id, shiftId, volunteerId, exception);
      if (shiftId !== assignment.shiftId || volunteerId !== assignment.volunteerId) {
        notices = await this.oweNotices(
          manager,
          `assignment:${id}:update:${change.updatedAt!.getTime()}`,
          [assignment],
          [{ shiftId, volunteerId }],
        );
      }
    });
    this.notices.send(notices);
    return this.get(id);
  }

  async remove(actor: AuthUser, id: number) {
    const before = await this.get(id);
    await this.assertCurrentShift(this.assignments.manager, before.shiftId);
    const notices = await this.assignments.manager.transaction(async (manager) => {
      await manager.delete(ShiftAssignment, { id });
      await bumpScheduleRevision(manager);
      await this.audit.record(actor, { action: 'shift-assignment.delete', entity: 'shift-assignment', entityId: id, before }, manager);
      return this.oweNotices(manager, `assignment:${id}:delete`, [before], []);
    });
    this.notices.send(notices);
    return before;
  }

  /**
   * The schedule rules (domain assignmentVerdict, as every path), checked under row locks on MySQL;
   * answers the exception an administrator's reason makes, or null when no rule is broken.
   */
  private async assertCanHold(
    manager: EntityManager,
    shiftId: number,
    volunteerId: number,
    ignoreAssignmentId: number | null,
    exceptionReason: string | null,
  ): Promise<AssignmentException | null> {
    await lockRows(manager, 'users', [volunteerId]);
    await lockRows(manager, 'shifts', [shiftId]);
    const [shift, volunteer, application] = await Promise.all([
      manager.findOneBy(Shift, { id: shiftId }),
      manager.findOne(User, { where: { id: volunteerId }, select: { id: true, firstName: true, lastName: true } }),
      manager.findOne(Application, {
        where: { userId: volunteerId, editionId: await this.settings.currentId() },
        select: { id: true, status: true },
      }),
    ]);
    if (!shift) throw AppException.badRequest(ASSIGNMENT_MESSAGES.noShift(shiftId), { shiftId: ASSIGNMENT_MESSAGES.noShift(shiftId) });
    await this.settings.assertCurrent(shift.editionId);
    if (!volunteer)
      throw AppException.badRequest(ASSIGNMENT_MESSAGES.noVolunteer(volunteerId), {
        volunteerId: ASSIGNMENT_MESSAGES.noVolunteer(volunteerId),
      });
    const name = personName(volunteer);
    if (application?.status !== 'confirmed')
      throw AppException.conflict(ASSIGNMENT_MESSAGES.notConfirmed(name), ErrorCode.VolunteerNotConfirmed);

    const ignored = ignoreAssignmentId === null ? null : await manager.findOneBy(ShiftAssignment, { id: ignoreAssignmentId });
    const duplicate = await manager.findOneBy(ShiftAssignment, { shiftId, volunteerId });
    if (duplicate && duplicate.id !== ignoreAssignmentId)
      throw AppException.conflict(ASSIGNMENT_MESSAGES.already(name), ErrorCode.AlreadyAssigned);

    // The assignment being moved no longer holds its old shift.
    const freed = ignored?.volunteerId === volunteerId ? ignored.shiftId : null;
    const held = (await this.reader.shiftsOfVolunteer(volunteerId, manager)).filter((s) => s.id !== shiftId && s.id !== freed);
    const clash = findOverlap(shift, held);
    if (clash) throw AppException.conflict(overlapMessage(name, clash, clash.venueName), ErrorCode.ShiftOverlap);

    const taken = (await manager.countBy(ShiftAssignment, { shiftId })) - (ignored?.shiftId === shiftId ? 1 : 0);
    if (taken >= shift.svSlots) throw AppException.conflict(ASSIGNMENT_MESSAGES.full(shift.svSlots), ErrorCode.ShiftFull);
    const verdict = await this.world.verdict(
      manager,
      volunteerId,
      shift,
      held.map((s) => s.id),
      taken,
      exceptionReason,
    );
    if (verdict.ok) return verdict.exception;
    const words = verdict.breaks.map((b) => b.message).join(' ');
    throw AppException.conflict(verdict.exceptable ? `${words} ${EXCEPTION_MESSAGES.reasonNeeded}` : words, ErrorCode.RuleBroken, {
      ...(verdict.exceptable ? { exceptable: true, rules: verdict.breaks.map((b) => b.rule) } : {}),
    });
  }

  /** Every exception is audit-logged on its own: who set aside which rules for whom, and why. */
  private async recordException(
    manager: EntityManager,
    actor: AuthUser,
    assignmentId: number,
    shiftId: number,
    volunteerId: number,
    exception: AssignmentException,
  ): Promise<void> {
    await this.audit.record(
      actor,
      {
        action: 'shift-assignment.exception',
        entity: 'shift-assignment',
        entityId: assignmentId,
        after: { shiftId, volunteerId, rules: exception.rules, reason: exception.reason },
      },
      manager,
    );
  }

  /** Runs a write in a transaction; a concurrent duplicate that slipped past the checks is still a 409. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.assignments.manager.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppException.conflict('This volunteer is already assigned to this shift.', ErrorCode.AlreadyAssigned);
      throw error;
    }
  }

  /** An assignment of an earlier edition's shift cannot change. */
  private async assertCurrentShift(manager: EntityManager, shiftId: number): Promise<void> {
    const shift = await manager.findOne(Shift, { where: { id: shiftId }, select: { id: true, editionId: true } });
    if (shift) await this.settings.assertCurrent(shift.editionId);
  }

  private async find(manager: EntityManager, id: number): Promise<ShiftAssignment> {
    const assignment = await manager.findOneBy(ShiftAssignment, { id });
    if (!assignment) throw AppException.notFound(ASSIGNMENT_MESSAGES.notFound(id));
    return assignment;
  }
}
