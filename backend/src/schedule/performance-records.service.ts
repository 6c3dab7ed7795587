import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { RECORD_MESSAGES, canCheckInAt, checkInOpensAt, correctedTimesProblems } from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode, type FieldErrors } from '../common/errors/app.exception.js';
import { isUniqueViolation } from '../database/database-errors.js';
import type { PerformanceRecordDto } from './dto/performance-records.dto.js';
import { PerformanceRecord } from './performance-record.entity.js';
import { performanceRecordView } from './performance-record.view.js';
import { ScheduleService } from './schedule.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { User } from '../users/user.entity.js';
import { personName } from './shift.view.js';

export const PERFORMANCE_MESSAGES = {
  saved: 'Performance records saved',
  oneShift: 'All performance records must belong to one shift.',
  notOnShift: 'This volunteer is not assigned to this shift.',
  twice: 'This volunteer appears twice; send one record per volunteer.',
  wrongId: 'This record id belongs to another shift or volunteer.',
  concurrent: 'Someone else saved these records at the same moment; reload the shift and try again.',
  stale: 'Another team leader saved records of this shift after you opened it. Reload to see their changes, or save yours over them.',
  badTime: (field: string) => `${field} must be a time, e.g. 2026-08-10T15:00:00Z`,
  ...RECORD_MESSAGES,
} as const;

/** A save made from an older version of a record than the one stored: rolled back whole, then answered 409 with the records as they are. */
class StaleRecord extends Error {}

type RecordValues = Pick<PerformanceRecord, 'checkIn' | 'checkOut' | 'checkInAt' | 'checkInBy' | 'checkOutAt' | 'checkOutBy' | 'timeNote'>;

/** An explicit time sent with a record: undefined when none was sent (null is what a page loaded with no time sends back). */
function explicitTime(value: string | null | undefined): Date | null | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? 'bad' : at;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** POST /schedule/pr: a team leader saves the records of one shift of their venue, all or none. */
@Injectable()
export class PerformanceRecordsService {
  constructor(
    @InjectRepository(PerformanceRecord) private readonly records: Repository<PerformanceRecord>,
    private readonly schedule: ScheduleService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /**
   * The times one item leaves on its record: ticking check-in records now (refused before it
   * opens), ticking check-out records now after a check-in, unticking clears; an explicit time other
   * than the stored one is a correction, which needs a reason and lies within the shift's day ± 12 h.
   */
  private times(
    item: PerformanceRecordDto,
    stored: PerformanceRecord | undefined,
    shift: { startsAt: Date; endsAt: Date; day: string },
    callerId: number,
    now: Date,
  ) {
    const errors: Partial<Record<'check_in' | 'check_out' | 'check_in_at' | 'check_out_at' | 'time_note', string>> = {};
    let tooEarly = false;
    const wasIn = stored ? stored.checkIn || stored.checkInAt !== null : false;
    const wasOut = stored ? stored.checkOut || stored.checkOutAt !== null : false;
    const givenIn = explicitTime(item.check_in_at);
    const givenOut = explicitTime(item.check_out_at);
    if (givenIn === 'bad') errors.check_in_at = PERFORMANCE_MESSAGES.badTime('check_in_at');
    if (givenOut === 'bad') errors.check_out_at = PERFORMANCE_MESSAGES.badTime('check_out_at');
    const values: RecordValues = {
      checkIn: item.check_in,
      checkOut: item.check_out,
      checkInAt: stored?.checkInAt ?? null,
      checkInBy: stored?.checkInBy ?? null,
      checkOutAt: stored?.checkOutAt ?? null,
      checkOutBy: stored?.checkOutBy ?? null,
      timeNote: stored?.timeNote ?? null,
    };
    let corrected = false;

    if (!item.check_in) {
      if (item.check_out) errors.check_out = wasIn && wasOut ? PERFORMANCE_MESSAGES.stillCheckedOut : PERFORMANCE_MESSAGES.checkOutFirst;
      Object.assign(values, { checkInAt: null, checkInBy: null, checkOutAt: null, checkOutBy: null });
      return { values, errors, tooEarly, corrected };
    }
    if (givenIn instanceof Date) {
      if (!sameTime(givenIn, values.checkInAt)) {
        Object.assign(values, { checkInAt: givenIn, checkInBy: callerId });
        corrected = true;
      }
    } else if (!wasIn) {
      if (canCheckInAt(shift, now)) Object.assign(values, { checkInAt: now, checkInBy: callerId });
      else tooEarly = true;
    }

    if (!item.check_out) {
      Object.assign(values, { checkOutAt: null, checkOutBy: null });
    } else if (givenOut instanceof Date) {
      if (!sameTime(givenOut, values.checkOutAt)) {
        Object.assign(values, { checkOutAt: givenOut, checkOutBy: callerId });
        corrected = true;
      }
    } else if (!wasOut) {
      if (values.checkInAt && now.getTime() < values.checkInAt.getTime()) errors.check_out = PERFORMANCE_MESSAGES.outBeforeIn;
      else Object.assign(values, { checkOutAt: now, checkOutBy: callerId });
    }

    if (corrected) {
      const note = item.time_note?.trim() ?? '';
      if (!note) errors.time_note = PERFORMANCE_MESSAGES.noteNeeded;
      values.timeNote = note;
      const problems = correctedTimesProblems(shift, { checkInAt: values.checkInAt, checkOutAt: values.checkOutAt });
      if (problems.checkInAt) errors.check_in_at ??= problems.checkInAt;
      if (problems.checkOutAt) errors.check_out_at ??= problems.checkOutAt;
    } else if (values.checkInAt && values.checkOutAt && values.checkOutAt.getTime() < values.checkInAt.getTime()) {
      errors.check_out = PERFORMANCE_MESSAGES.outBeforeIn;
    }
    return { values, errors, tooEarly, corrected };
  }

  async save(caller: AuthUser, items: PerformanceRecordDto[]) {
    const shiftIds = new Set(items.map((r) => r.shift_id));
    if (shiftIds.size !== 1)
      throw AppException.badRequest(PERFORMANCE_MESSAGES.oneShift, { performance_records: PERFORMANCE_MESSAGES.oneShift });
    const shiftId = items[0]!.shift_id;
    await this.schedule.assertCanSee(caller);
    const { shift } = await this.schedule.ledShift(caller, shiftId);

    const volunteerIds = items.map((r) => r.student_volunteer_id);
    const manager = this.records.manager;
    const [assigned, existing] = await Promise.all([
      manager.find(ShiftAssignment, { where: { shiftId, volunteerId: In(volunteerIds) }, select: { id: true, volunteerId: true } }),
      manager.findBy(PerformanceRecord, { shiftId, volunteerId: In(volunteerIds) }),
    ]);
    const onShift = new Set(assigned.map((a) => a.volunteerId));
    const byVolunteer = new Map(existing.map((r) => [r.volunteerId, r]));
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    items.forEach((item, i) => {
      const at = `performance_records.${i}`;
      if (!onShift.has(item.student_volunteer_id)) errors[`${at}.student_volunteer_id`] = PERFORMANCE_MESSAGES.notOnShift;
      else if (seen.has(item.student_volunteer_id)) errors[`${at}.student_volunteer_id`] = PERFORMANCE_MESSAGES.twice;
      else if (item.id != null && byVolunteer.get(item.student_volunteer_id)?.id !== item.id)
        errors[`${at}.id`] = PERFORMANCE_MESSAGES.wrongId;
      seen.add(item.student_volunteer_id);
    });
    const now = this.clock.now();
    let tooEarly = false;
    const planned = items.map((item, i) => {
      const times = this.times(item, byVolunteer.get(item.student_volunteer_id), shift, caller.id, now);
      for (const [field, message] of Object.entries(times.errors)) errors[`performance_records.${i}.${field}`] ??= message;
      tooEarly ||= times.tooEarly;
      return times;
    });
    const problems = Object.values(errors);
    if (problems.length)
      throw AppException.badRequest(
        problems.length === 1 ? problems[0]! : `Please correct these records: ${[...new Set(problems)].join('; ')}`,
        errors,
      );
    if (tooEarly) throw AppException.conflict(PERFORMANCE_MESSAGES.tooEarly(checkInOpensAt(shift)), ErrorCode.TooEarlyToCheckIn);

    try {
      const saved = await manager.transaction(async (tx) => {
        const out: PerformanceRecord[] = [];
        for (const [i, item] of items.entries()) {
          const { values: times, corrected } = planned[i]!;
          const values = {
            ...times,
            rating: item.rating ?? 0,
            notes: item.notes?.trim() ? item.notes : null,
            updatedAt: now,
            updatedBy: caller.id,
          };
          const record = byVolunteer.get(item.student_volunteer_id);
          let saved: PerformanceRecord;
          if (!record) {
            // A version other than 0 knew a record that is gone; a new one saved meanwhile breaks the unique index below.
            if (item.version !== undefined && item.version !== 0) throw new StaleRecord();
            saved = await tx.save(tx.create(PerformanceRecord, { shiftId, volunteerId: item.student_volunteer_id, version: 1, ...values }));
          } else {
            const expected = item.version ?? record.version;
            // Compare-and-set on the version read with the page: a record saved since is left alone.
            const result = await tx.update(PerformanceRecord, { id: record.id, version: expected }, { ...values, version: expected + 1 });
            if (!result.affected) throw new StaleRecord();
            saved = tx.merge(PerformanceRecord, tx.create(PerformanceRecord, { ...record }), { ...values, version: expected + 1 });
          }
          if (corrected) {
            const timesOf = (r: Pick<PerformanceRecord, 'checkInAt' | 'checkOutAt'> | undefined) => ({
              check_in_at: r?.checkInAt?.toISOString() ?? null,
              check_out_at: r?.checkOutAt?.toISOString() ?? null,
            });
            await this.audit.record(
              caller,
              {
                action: 'performance.time-corrected',
                entity: 'performance_record',
                entityId: saved.id,
                before: timesOf(record),
                after: { ...timesOf(saved), shiftId, volunteerId: saved.volunteerId, note: saved.timeNote },
              },
              tx,
            );
          }
          out.push(saved);
        }
        return out;
      });
      const names = await this.namesOf(saved.flatMap((r) => [r.checkInBy, r.checkOutBy]));
      return { message: PERFORMANCE_MESSAGES.saved, performance_records: saved.map((r) => performanceRecordView(r, names)) };
    } catch (error) {
      const savedMeanwhile = error instanceof StaleRecord || (isUniqueViolation(error) && items.every((i) => i.version !== undefined));
      if (savedMeanwhile)
        throw AppException.conflict(PERFORMANCE_MESSAGES.stale, ErrorCode.Stale, {
          current: await this.schedule.shiftDetail(caller, shiftId),
        });
      if (isUniqueViolation(error)) throw AppException.conflict(PERFORMANCE_MESSAGES.concurrent, ErrorCode.ConcurrentSave);
      throw error;
    }
  }

  private async namesOf(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    const users = await this.records.manager.find(User, {
      where: { id: In(wanted) },
      select: { id: true, firstName: true, lastName: true },
    });
    return new Map(users.map((u) => [u.id, personName(u)]));
  }
}
