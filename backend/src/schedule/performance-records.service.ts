import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, type FieldErrors } from '../common/errors/app.exception.js';
import { isUniqueViolation } from '../database/dialect.js';
import type { PerformanceRecordDto } from './dto/performance-records.dto.js';
import { PerformanceRecord } from './performance-record.entity.js';
import { ScheduleService } from './schedule.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';

export const PERFORMANCE_MESSAGES = {
  saved: 'Performance records saved',
  oneShift: 'All performance records must belong to one shift.',
  notOnShift: 'This volunteer is not assigned to this shift.',
  twice: 'This volunteer appears twice; send one record per volunteer.',
  wrongId: 'This record id belongs to another shift or volunteer.',
  concurrent: 'Someone else saved these records at the same moment; reload the shift and try again.',
  stale: 'Another team leader saved records of this shift after you opened it. Reload to see their changes, or save yours over them.',
} as const;

/** A save made from an older version of a record than the one stored: rolled back whole, then answered 409 with the records as they are. */
class StaleRecord extends Error {}

export function performanceRecordView(record: PerformanceRecord) {
  return {
    id: record.id,
    shift_id: record.shiftId,
    student_volunteer_id: record.volunteerId,
    check_in: record.checkIn,
    check_out: record.checkOut,
    rating: record.rating,
    notes: record.notes ?? '',
    version: record.version,
    updated_at: record.updatedAt.toISOString(),
    updated_by: record.updatedBy,
  };
}

/** POST /schedule/pr: a team leader saves the records of one shift of their venue, all or none. */
@Injectable()
export class PerformanceRecordsService {
  constructor(
    @InjectRepository(PerformanceRecord) private readonly records: Repository<PerformanceRecord>,
    private readonly schedule: ScheduleService,
    private readonly clock: Clock,
  ) {}

  async save(caller: AuthUser, items: PerformanceRecordDto[]) {
    const shiftIds = new Set(items.map((r) => r.shift_id));
    if (shiftIds.size !== 1) throw AppException.badRequest(PERFORMANCE_MESSAGES.oneShift, { performance_records: PERFORMANCE_MESSAGES.oneShift });
    const shiftId = items[0]!.shift_id;
    await this.schedule.assertCanSee(caller);
    await this.schedule.ledShift(caller, shiftId);

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
      else if (item.id != null && byVolunteer.get(item.student_volunteer_id)?.id !== item.id) errors[`${at}.id`] = PERFORMANCE_MESSAGES.wrongId;
      seen.add(item.student_volunteer_id);
    });
    const problems = Object.values(errors);
    if (problems.length) throw AppException.badRequest(problems.length === 1 ? problems[0]! : `Please correct these records: ${[...new Set(problems)].join('; ')}`, errors);

    const now = this.clock.now();
    try {
      const saved = await manager.transaction(async (tx) => {
        const out: PerformanceRecord[] = [];
        for (const item of items) {
          const values = {
            checkIn: item.check_in,
            checkOut: item.check_out,
            rating: item.rating ?? 0,
            notes: item.notes?.trim() ? item.notes : null,
            updatedAt: now,
            updatedBy: caller.id,
          };
          const record = byVolunteer.get(item.student_volunteer_id);
          if (!record) {
            // A version other than 0 knew a record that is gone; a new one saved meanwhile breaks the unique index below.
            if (item.version !== undefined && item.version !== 0) throw new StaleRecord();
            out.push(await tx.save(tx.create(PerformanceRecord, { shiftId, volunteerId: item.student_volunteer_id, version: 1, ...values })));
            continue;
          }
          const expected = item.version ?? record.version;
          // Compare-and-set on the version read with the page: a record saved since is left alone.
          const result = await tx.update(PerformanceRecord, { id: record.id, version: expected }, { ...values, version: expected + 1 });
          if (!result.affected) throw new StaleRecord();
          out.push(tx.merge(PerformanceRecord, record, { ...values, version: expected + 1 }));
        }
        return out;
      });
      return { message: PERFORMANCE_MESSAGES.saved, performance_records: saved.map(performanceRecordView) };
    } catch (error) {
      const savedMeanwhile = error instanceof StaleRecord || (isUniqueViolation(error) && items.every((i) => i.version !== undefined));
      if (savedMeanwhile) throw AppException.conflict(PERFORMANCE_MESSAGES.stale, 'STALE', { current: await this.schedule.shiftDetail(caller, shiftId) });
      if (isUniqueViolation(error)) throw AppException.conflict(PERFORMANCE_MESSAGES.concurrent, 'CONCURRENT_SAVE');
      throw error;
    }
  }
}
