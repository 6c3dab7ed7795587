import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import {
  RECORD_MESSAGES,
  type RecordShift,
  type RefusedPerformanceRecord,
  type SavedPerformanceRecords,
  canCheckInAt,
  canStampAt,
  checkInOpensAt,
  correctedTimesProblems,
} from '@svp/domain';
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
  concurrentRow: "Someone else saved this volunteer's record at the same moment; reload the shift and try again.",
  stale: 'Another team leader saved records of this shift after you opened it. Reload to see their changes, or save yours over them.',
  staleRow: "Another team leader saved this volunteer's record after you opened the shift. Reload to see it, or save yours over it.",
  badTime: (field: string) => `${field} must be a time, e.g. 2026-08-10T15:00:00Z`,
  partly: (saved: number, total: number) => `${saved} of ${total} records saved; ${total - saved} not saved.`,
  ...RECORD_MESSAGES,
} as const;

/** A save made from an older version of a record than the one stored: that row is rolled back and refused as STALE. */
export class StaleRecord extends Error {}

type RecordValues = Pick<PerformanceRecord, 'checkIn' | 'checkOut' | 'checkInAt' | 'checkInBy' | 'checkOutAt' | 'checkOutBy' | 'timeNote'>;

/** The fields of a row a refusal names. */
type RowField = 'student_volunteer_id' | 'id' | 'version' | 'check_in' | 'check_out' | 'check_in_at' | 'check_out_at' | 'time_note';
export type RowErrors = Partial<Record<RowField, string>>;
type RowCode = RefusedPerformanceRecord['code'];

/** What one item leaves on its record, or what is wrong with it. */
export interface PlannedTimes {
  values: RecordValues;
  errors: RowErrors;
  tooEarly: boolean;
  corrected: boolean;
}

interface Refusal {
  index: number;
  volunteerId: number;
  code: RowCode;
  errors: RowErrors;
}

/** An explicit time sent with a record: undefined when none was sent (null is what a page loaded with no time sends back). */
function explicitTime(value: string | null | undefined): Date | null | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? 'bad' : at;
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A row's problems as one text: each message once, in field order. */
const rowMessage = (errors: RowErrors) => [...new Set(Object.values(errors))].join(' ');

/**
 * POST /schedule/pr: a team leader saves the records of one shift of their venue, row by row. Each row
 * is checked and saved on its own (its own compare-and-set on `version`, in its own transaction), so
 * a row that cannot be saved yet never holds back the others; the answer names every refused row.
 */
@Injectable()
export class PerformanceRecordsService {
  constructor(
    @InjectRepository(PerformanceRecord) private readonly records: Repository<PerformanceRecord>,
    private readonly schedule: ScheduleService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /**
   * The times one item leaves on its record: ticking check-in records now (refused before it opens),
   * ticking check-out records now after a check-in, unticking clears; a tick stamps only while the
   * correction window is open. An explicit time other than the stored one is a correction, which
   * needs a reason, may not be later than now and lies within the shift's day ± 12 h. `at` is when
   * the ticks were made: now, or the tap of an action a phone kept while offline (never later than now).
   */
  times(item: PerformanceRecordDto, stored: PerformanceRecord | undefined, shift: RecordShift, callerId: number, now: Date, at = now) {
    const errors: RowErrors = {};
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
    const planned = (): PlannedTimes => ({ values, errors, tooEarly, corrected });

    if (!item.check_in) {
      if (item.check_out) errors.check_out = wasIn && wasOut ? PERFORMANCE_MESSAGES.stillCheckedOut : PERFORMANCE_MESSAGES.checkOutFirst;
      Object.assign(values, { checkInAt: null, checkInBy: null, checkOutAt: null, checkOutBy: null });
      return planned();
    }
    if (givenIn instanceof Date) {
      if (!sameTime(givenIn, values.checkInAt)) {
        Object.assign(values, { checkInAt: givenIn, checkInBy: callerId });
        corrected = true;
      }
    } else if (!wasIn) {
      if (!canCheckInAt(shift, at)) tooEarly = true;
      else if (!canStampAt(shift, at)) errors.check_in = PERFORMANCE_MESSAGES.tickClosed('Check-in');
      else Object.assign(values, { checkInAt: at, checkInBy: callerId });
    }

    if (!item.check_out) {
      Object.assign(values, { checkOutAt: null, checkOutBy: null });
    } else if (givenOut instanceof Date) {
      if (!sameTime(givenOut, values.checkOutAt)) {
        Object.assign(values, { checkOutAt: givenOut, checkOutBy: callerId });
        corrected = true;
      }
    } else if (!wasOut) {
      if (!canStampAt(shift, at)) errors.check_out = PERFORMANCE_MESSAGES.tickClosed('Check-out');
      else if (values.checkInAt && at.getTime() < values.checkInAt.getTime()) errors.check_out = PERFORMANCE_MESSAGES.outBeforeIn;
      else Object.assign(values, { checkOutAt: at, checkOutBy: callerId });
    }

    if (corrected) {
      const note = item.time_note?.trim() ?? '';
      if (!note) errors.time_note = PERFORMANCE_MESSAGES.noteNeeded;
      values.timeNote = note;
      const problems = correctedTimesProblems(shift, { checkInAt: values.checkInAt, checkOutAt: values.checkOutAt }, now);
      if (problems.checkInAt) errors.check_in_at ??= problems.checkInAt;
      if (problems.checkOutAt) errors.check_out_at ??= problems.checkOutAt;
    } else if (values.checkInAt && values.checkOutAt && values.checkOutAt.getTime() < values.checkInAt.getTime()) {
      errors.check_out ??= PERFORMANCE_MESSAGES.outBeforeIn;
    }
    return planned();
  }

  /**
   * Writes one row in a transaction of its own: a compare-and-set on the version read with the page, and
   * the audit of a correction; `alsoWrite` adds what must commit with it (an offline action's key).
   */
  writeRow(
    caller: AuthUser,
    shiftId: number,
    item: PerformanceRecordDto,
    stored: PerformanceRecord | undefined,
    planned: PlannedTimes,
    now: Date,
    alsoWrite?: (tx: EntityManager, saved: PerformanceRecord) => Promise<void>,
  ) {
    const values = {
      ...planned.values,
      rating: item.rating ?? 0,
      notes: item.notes?.trim() ? item.notes : null,
      updatedAt: now,
      updatedBy: caller.id,
    };
    return this.records.manager.transaction(async (tx) => {
      let saved: PerformanceRecord;
      if (!stored) {
        // A record saved meanwhile by someone else breaks the unique index: refused as stale (or concurrent, without a version).
        saved = await tx.save(tx.create(PerformanceRecord, { shiftId, volunteerId: item.student_volunteer_id, version: 1, ...values }));
      } else {
        const expected = item.version ?? stored.version;
        // Compare-and-set on the version read with the page: a record saved since is left alone.
        const result = await tx.update(PerformanceRecord, { id: stored.id, version: expected }, { ...values, version: expected + 1 });
        if (!result.affected) throw new StaleRecord();
        saved = tx.merge(PerformanceRecord, tx.create(PerformanceRecord, { ...stored }), { ...values, version: expected + 1 });
      }
      if (planned.corrected) {
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
            before: timesOf(stored),
            after: { ...timesOf(saved), shiftId, volunteerId: saved.volunteerId, note: saved.timeNote },
          },
          tx,
        );
      }
      await alsoWrite?.(tx, saved);
      return saved;
    });
  }

  async save(caller: AuthUser, items: PerformanceRecordDto[]): Promise<SavedPerformanceRecords> {
    const shiftIds = new Set(items.map((r) => r.shift_id));
    if (shiftIds.size !== 1)
      throw AppException.badRequest(PERFORMANCE_MESSAGES.oneShift, { performance_records: PERFORMANCE_MESSAGES.oneShift });
    const shiftId = items[0]!.shift_id;
    await this.schedule.assertCanSee(caller);
    const { shift } = await this.schedule.ledShiftToChange(caller, shiftId);

    const volunteerIds = items.map((r) => r.student_volunteer_id);
    const manager = this.records.manager;
    const [assigned, existing] = await Promise.all([
      manager.find(ShiftAssignment, { where: { shiftId, volunteerId: In(volunteerIds) }, select: { id: true, volunteerId: true } }),
      manager.findBy(PerformanceRecord, { shiftId, volunteerId: In(volunteerIds) }),
    ]);
    const onShift = new Set(assigned.map((a) => a.volunteerId));
    const byVolunteer = new Map(existing.map((r) => [r.volunteerId, r]));
    const now = this.clock.now();

    const saved: PerformanceRecord[] = [];
    const refusals: Refusal[] = [];
    const seen = new Set<number>();
    for (const [index, item] of items.entries()) {
      const volunteerId = item.student_volunteer_id;
      const refuse = (code: RowCode, errors: RowErrors) => refusals.push({ index, volunteerId, code, errors });
      const stored = byVolunteer.get(volunteerId);
      const twice = seen.has(volunteerId);
      seen.add(volunteerId);
      if (!onShift.has(volunteerId)) refuse(ErrorCode.ValidationFailed, { student_volunteer_id: PERFORMANCE_MESSAGES.notOnShift });
      else if (twice) refuse(ErrorCode.ValidationFailed, { student_volunteer_id: PERFORMANCE_MESSAGES.twice });
      else if (item.id != null && stored?.id !== item.id) refuse(ErrorCode.ValidationFailed, { id: PERFORMANCE_MESSAGES.wrongId });
      // Saved by someone else since the page read it (or, at version 0, created since): refused before its values are weighed.
      else if (item.version !== undefined && item.version !== (stored?.version ?? 0))
        refuse(ErrorCode.Stale, { version: PERFORMANCE_MESSAGES.staleRow });
      else {
        const planned = this.times(item, stored, shift, caller.id, now);
        if (Object.keys(planned.errors).length)
          refuse(
            ErrorCode.ValidationFailed,
            planned.tooEarly ? { check_in: PERFORMANCE_MESSAGES.tooEarly(checkInOpensAt(shift)), ...planned.errors } : planned.errors,
          );
        else if (planned.tooEarly) refuse(ErrorCode.TooEarlyToCheckIn, { check_in: PERFORMANCE_MESSAGES.tooEarly(checkInOpensAt(shift)) });
        else {
          try {
            saved.push(await this.writeRow(caller, shiftId, item, stored, planned, now));
          } catch (error) {
            if (error instanceof StaleRecord || (isUniqueViolation(error) && item.version !== undefined))
              refuse(ErrorCode.Stale, { version: PERFORMANCE_MESSAGES.staleRow });
            else if (isUniqueViolation(error)) refuse(ErrorCode.ConcurrentSave, { id: PERFORMANCE_MESSAGES.concurrentRow });
            else throw error;
          }
        }
      }
    }

    const refused = await this.refusedRows(shiftId, refusals, onShift, saved, now);
    if (saved.length === 0 && refused.rows.length) throw await this.nothingSaved(caller, shiftId, shift, refusals, refused.rows);
    return {
      message: refused.rows.length
        ? [
            PERFORMANCE_MESSAGES.partly(saved.length, items.length),
            ...refused.rows.map((r) => `${refused.nameOf(r.student_volunteer_id)}: ${r.message}`),
          ].join(' ')
        : PERFORMANCE_MESSAGES.saved,
      saved: saved.length,
      performance_records: saved.map((r) => performanceRecordView(r, now, refused.names)),
      refused: refused.rows,
    };
  }

  /** The refused rows as the answer names them, each with its record as stored now; and the names the answer needs. */
  private async refusedRows(shiftId: number, refusals: Refusal[], onShift: ReadonlySet<number>, saved: PerformanceRecord[], now: Date) {
    const refusedIds = [...new Set(refusals.map((r) => r.volunteerId))];
    const standing = refusedIds.some((id) => onShift.has(id))
      ? await this.records.manager.findBy(PerformanceRecord, { shiftId, volunteerId: In(refusedIds.filter((id) => onShift.has(id))) })
      : [];
    const recordOf = new Map(standing.map((r) => [r.volunteerId, r]));
    const names = await this.namesOf([...saved, ...standing].flatMap((r) => [r.checkInBy, r.checkOutBy]).concat(refusedIds));
    const rows: RefusedPerformanceRecord[] = refusals.map((r) => {
      const record = onShift.has(r.volunteerId) ? recordOf.get(r.volunteerId) : undefined;
      return {
        index: r.index,
        student_volunteer_id: r.volunteerId,
        code: r.code,
        message: rowMessage(r.errors),
        errors: r.errors as Record<string, string>,
        record: record ? performanceRecordView(record, now, names) : null,
      };
    });
    return { rows, names, nameOf: (id: number) => names.get(id) ?? `User ${id}` };
  }

  /**
   * A save that kept nothing keeps an error status, so older clients see a failure: 400 when a row has
   * a field to fix, else 409 TOO_EARLY_TO_CHECK_IN, STALE (with the shift detail now) or CONCURRENT_SAVE;
   * `errors` names each refused row's fields as `performance_records.<i>.<field>`, `refused` says why.
   */
  private async nothingSaved(
    caller: AuthUser,
    shiftId: number,
    shift: RecordShift,
    refusals: Refusal[],
    refused: RefusedPerformanceRecord[],
  ) {
    const errors: FieldErrors = {};
    for (const r of refusals)
      for (const [field, message] of Object.entries(r.errors)) errors[`performance_records.${r.index}.${field}`] = message;
    const has = (code: RowCode) => refusals.some((r) => r.code === code);
    if (has(ErrorCode.ValidationFailed)) {
      const problems = [...new Set(Object.values(errors))];
      const message = problems.length === 1 ? problems[0]! : `Please correct these records: ${problems.join('; ')}`;
      return new AppException(400, ErrorCode.ValidationFailed, message, errors, { refused });
    }
    if (has(ErrorCode.TooEarlyToCheckIn))
      return new AppException(409, ErrorCode.TooEarlyToCheckIn, PERFORMANCE_MESSAGES.tooEarly(checkInOpensAt(shift)), errors, { refused });
    if (has(ErrorCode.Stale))
      return new AppException(409, ErrorCode.Stale, PERFORMANCE_MESSAGES.stale, errors, {
        refused,
        current: await this.schedule.shiftDetail(caller, shiftId),
      });
    return new AppException(409, ErrorCode.ConcurrentSave, PERFORMANCE_MESSAGES.concurrent, errors, { refused });
  }

  async namesOf(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!wanted.length) return new Map();
    const users = await this.records.manager.find(User, {
      where: { id: In(wanted) },
      select: { id: true, firstName: true, lastName: true },
    });
    return new Map(users.map((u) => [u.id, personName(u)]));
  }
}
