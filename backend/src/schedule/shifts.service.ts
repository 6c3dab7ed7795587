import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Not, type Repository } from 'typeorm';
import { SHIFT_MESSAGES, findOverlap, formatPacific, overlapMessage, pacificDay, parsePacific, shiftTimesProblem } from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { LIKE_ESCAPE, type ListQuery, likePattern } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import type { CreateShiftDto, UpdateShiftDto } from './dto/shift.dto.js';
import { User } from '../users/user.entity.js';
import { lockRows } from './locks.js';
import { personName } from './shift.view.js';
import { Shift } from './shift.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { Venue } from './venue.entity.js';
import { bumpScheduleRevision } from './schedule-revision.js';
import { ScheduleWorldService } from './schedule-world.service.js';

export const SHIFT_SORTABLE = ['id', 'day', 'startsAt', 'endsAt', 'role', 'venueId', 'svSlots', 'createdAt'] as const;

/** A shift as the admin panel lists it; times as Pacific local "YYYY-MM-DD HH:mm" and as instants. */
export function adminShiftView(shift: Shift, assigned: number) {
  return {
    id: shift.id,
    editionId: shift.editionId,
    venueId: shift.venueId,
    day: shift.day,
    startTime: formatPacific(shift.startsAt),
    endTime: formatPacific(shift.endsAt),
    startsAt: shift.startsAt.toISOString(),
    endsAt: shift.endsAt.toISOString(),
    role: shift.role,
    reportTo: shift.reportTo,
    description: shift.description ?? '',
    special: shift.special ?? '',
    svSlots: shift.svSlots,
    swappable: shift.swappable,
    requires: shift.requires ?? 'none',
    assigned,
    createdAt: shift.createdAt.toISOString(),
    updatedAt: shift.updatedAt.toISOString(),
  };
}

/** Reads the Pacific local times of a shift; 400 for a time that does not exist or an order that makes no sense. */
export function shiftTimes(startTime: string, endTime: string): { startsAt: Date; endsAt: Date; day: string } {
  const startsAt = parsePacific(startTime);
  const endsAt = parsePacific(endTime);
  if (!startsAt) throw AppException.badRequest(SHIFT_MESSAGES.badTime('startTime'), { startTime: SHIFT_MESSAGES.badTime('startTime') });
  if (!endsAt) throw AppException.badRequest(SHIFT_MESSAGES.badTime('endTime'), { endTime: SHIFT_MESSAGES.badTime('endTime') });
  const problem = shiftTimesProblem({ startsAt, endsAt });
  if (problem) throw AppException.badRequest(problem, { endTime: problem });
  return { startsAt, endsAt, day: pacificDay(startsAt) };
}

/** Whether a change moves a shift in time or place: what raises the SEQUENCE of its calendar event. */
export function movesShift(shift: Pick<Shift, 'startsAt' | 'endsAt' | 'venueId'>, change: Partial<Shift>): boolean {
  return (
    (change.startsAt !== undefined && change.startsAt.getTime() !== shift.startsAt.getTime()) ||
    (change.endsAt !== undefined && change.endsAt.getTime() !== shift.endsAt.getTime()) ||
    (change.venueId !== undefined && change.venueId !== shift.venueId)
  );
}

@Injectable()
export class ShiftsService {
  constructor(
    @InjectRepository(Shift) private readonly shifts: Repository<Shift>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly world: ScheduleWorldService,
  ) {}

  async list(query: ListQuery) {
    const { q, id, venueId, day } = query.filter as { q?: unknown; id?: unknown; venueId?: unknown; day?: unknown };
    const edition = await this.settings.editionFor(query.filter.edition);
    const builder = this.shifts.createQueryBuilder('shift').where('shift.editionId = :editionId', { editionId: edition.id });
    if (typeof q === 'string' && q.trim()) builder.andWhere(`LOWER(shift.role) LIKE :pattern ${LIKE_ESCAPE}`, { pattern: likePattern(q) });
    if (Number.isInteger(venueId)) builder.andWhere('shift.venueId = :venueId', { venueId });
    if (typeof day === 'string') builder.andWhere('shift.day = :day', { day });
    if (Array.isArray(id) && id.every(Number.isInteger)) builder.andWhere(id.length ? 'shift.id IN (:...ids)' : '1 = 0', { ids: id });
    const [shifts, total] = await builder
      .orderBy(`shift.${query.sort.field}`, query.sort.order)
      .addOrderBy('shift.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    const counts = await assignedCounts(
      this.shifts.manager,
      shifts.map((s) => s.id),
    );
    return { rows: shifts.map((s) => adminShiftView(s, counts.get(s.id) ?? 0)), total };
  }

  async get(id: number) {
    const shift = await this.find(this.shifts.manager, id);
    const counts = await assignedCounts(this.shifts.manager, [id]);
    return adminShiftView(shift, counts.get(id) ?? 0);
  }

  async create(actor: AuthUser, dto: CreateShiftDto) {
    const times = shiftTimes(dto.startTime, dto.endTime);
    const editionId = await this.settings.currentId();
    await this.assertVenue(dto.venueId, editionId);
    const now = this.clock.now();
    const id = await this.shifts.manager.transaction(async (manager) => {
      const shift = await manager.save(
        manager.create(Shift, {
          editionId,
          venueId: dto.venueId,
          ...times,
          role: dto.role,
          reportTo: dto.reportTo ?? '',
          description: dto.description ?? null,
          special: dto.special ?? null,
          svSlots: dto.svSlots,
          swappable: dto.swappable ?? true,
          requires: dto.requires ?? 'none',
          createdAt: now,
          updatedAt: now,
        }),
      );
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        { action: 'shift.create', entity: 'shift', entityId: shift.id, after: adminShiftView(shift, 0) },
        manager,
      );
      return shift.id;
    });
    return this.get(id);
  }

  /** Changes a shift; its volunteers must still fit (svSlots) and still be free at the new times (409 otherwise). */
  async update(actor: AuthUser, id: number, dto: UpdateShiftDto) {
    await this.settings.assertCurrent((await this.find(this.shifts.manager, id)).editionId);
    if (dto.venueId !== undefined) await this.assertVenue(dto.venueId, await this.settings.currentId());
    await this.shifts.manager.transaction(async (manager) => {
      const assignments = await manager.find(ShiftAssignment, { where: { shiftId: id }, select: { id: true, volunteerId: true } });
      await lockRows(
        manager,
        'users',
        assignments.map((a) => a.volunteerId),
      );
      await lockRows(manager, 'shifts', [id]);
      const shift = await this.find(manager, id);
      const before = adminShiftView(shift, assignments.length);
      const times =
        dto.startTime !== undefined || dto.endTime !== undefined
          ? shiftTimes(dto.startTime ?? formatPacific(shift.startsAt), dto.endTime ?? formatPacific(shift.endsAt))
          : null;
      if (dto.svSlots !== undefined && dto.svSlots < assignments.length) {
        throw AppException.conflict(SHIFT_MESSAGES.slotsBelowAssigned(assignments.length), ErrorCode.SlotsBelowAssigned);
      }
      if (times && assignments.length)
        await this.assertStillFree(
          manager,
          id,
          times,
          assignments.map((a) => a.volunteerId),
        );
      const change: Partial<Shift> = { updatedAt: this.clock.now(), ...(times ?? {}) };
      for (const key of ['venueId', 'role', 'reportTo', 'description', 'special', 'svSlots', 'swappable', 'requires'] as const) {
        if (dto[key] !== undefined) (change as Record<string, unknown>)[key] = dto[key];
      }
      // A calendar that imported the shift replaces its copy only for a higher SEQUENCE (read under the row's lock).
      if (movesShift(shift, change)) change.calendarSequence = shift.calendarSequence + 1;
      // Its people must still fit their rules with the shift as it will be (when, where, and what it needs).
      if (assignments.length && (times || dto.venueId !== undefined || dto.requires !== undefined)) {
        const holders = await manager.find(ShiftAssignment, { where: { shiftId: id } });
        const breaks = await this.world.holdersBreaks(manager, { ...shift, ...change } as Shift, holders);
        if (breaks.length)
          throw AppException.conflict(SHIFT_MESSAGES.holdersBreak(breaks.map((b) => b.message).join(' ')), ErrorCode.RuleBroken);
      }
      await manager.update(Shift, { id }, change);
      const after = adminShiftView({ ...shift, ...change } as Shift, assignments.length);
      await bumpScheduleRevision(manager);
      await this.audit.record(actor, { action: 'shift.update', entity: 'shift', entityId: id, before, after }, manager);
    });
    return this.get(id);
  }

  /** Deletes a shift with its assignments and performance records (the audit entry keeps what it was). */
  async remove(actor: AuthUser, id: number) {
    const before = await this.get(id);
    await this.settings.assertCurrent(before.editionId);
    await this.shifts.manager.transaction(async (manager) => {
      await manager.delete(Shift, { id });
      await bumpScheduleRevision(manager);
      await this.audit.record(actor, { action: 'shift.delete', entity: 'shift', entityId: id, before }, manager);
    });
    return before;
  }

  private async assertStillFree(manager: EntityManager, shiftId: number, times: { startsAt: Date; endsAt: Date }, volunteerIds: number[]) {
    const others = await manager.find(ShiftAssignment, {
      where: { volunteerId: In(volunteerIds), shiftId: Not(shiftId) },
      select: { volunteerId: true, shiftId: true },
    });
    if (!others.length) return;
    const shifts = new Map((await manager.findBy(Shift, { id: In([...new Set(others.map((a) => a.shiftId))]) })).map((s) => [s.id, s]));
    for (const other of others) {
      const clash = findOverlap(times, [shifts.get(other.shiftId)!]);
      if (clash) {
        const [venue, volunteer] = await Promise.all([
          manager.findOneBy(Venue, { id: clash.venueId }),
          manager.findOneBy(User, { id: other.volunteerId }),
        ]);
        throw AppException.conflict(
          overlapMessage(volunteer ? personName(volunteer) : `Volunteer ${other.volunteerId}`, clash, venue?.name ?? ''),
          ErrorCode.ShiftOverlap,
        );
      }
    }
  }

  /** A venue of the current edition (a shift cannot go to last year's venue). */
  private async assertVenue(venueId: number, editionId: number) {
    if (!(await this.shifts.manager.existsBy(Venue, { id: venueId, editionId }))) {
      throw AppException.badRequest(SHIFT_MESSAGES.noVenue(venueId), { venueId: SHIFT_MESSAGES.noVenue(venueId) });
    }
  }

  private async find(manager: EntityManager, id: number): Promise<Shift> {
    const shift = await manager.findOneBy(Shift, { id });
    if (!shift) throw AppException.notFound(SHIFT_MESSAGES.notFound(id));
    return shift;
  }
}

/** Volunteers assigned per shift id: one grouped query. */
export async function assignedCounts(manager: EntityManager, shiftIds: readonly number[]): Promise<Map<number, number>> {
  if (!shiftIds.length) return new Map();
  const rows = await manager.query<{ shift_id: number | string; n: number | string }[]>(
    `SELECT shift_id AS shift_id, COUNT(*) AS n FROM shift_assignments WHERE shift_id IN (${shiftIds.map(() => '?').join(', ')}) ` +
      `GROUP BY shift_id`,
    [...shiftIds],
  );
  return new Map(rows.map((row) => [Number(row.shift_id), Number(row.n)]));
}
