import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThan, type Repository } from 'typeorm';
import {
  OFFLINE_MESSAGES,
  type RecordActionResult,
  type RecordShift,
  type SyncedRecordActions,
  checkInOpensAt,
  clockDriftProblem,
  tapInstant,
} from '@svp/domain';
import { Clock } from '../clock/clock.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { checkInCodeKey, verifiedCheckInCode } from './check-in-codes.js';
import type { RecordActionDto } from './dto/record-actions.dto.js';
import type { PerformanceRecordDto } from './dto/performance-records.dto.js';
import { PerformanceRecord } from './performance-record.entity.js';
import { PERFORMANCE_MESSAGES, PerformanceRecordsService, type RowErrors, StaleRecord } from './performance-records.service.js';
import { performanceRecordView } from './performance-record.view.js';
import { RecordAction } from './record-action.entity.js';
import { ScheduleService } from './schedule.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';

/** The same key was written by a second sending of this queue at the same moment: the first answer stands. */
class KeyTaken extends Error {}

/** How often an action is read and judged again when its record changed between the reading and the writing. */
const JUDGE_ATTEMPTS = 3;

type Verdict = Pick<RecordActionResult, 'outcome' | 'code' | 'message' | 'errors'> & { resultVersion: number | null };

const rowMessage = (errors: RowErrors) => [...new Set(Object.values(errors))].join(' ');

/**
 * POST /schedule/pr/sync: the check-ins, check-outs, ratings and notes a team leader's phone kept
 * while offline. Each action is judged once (its key, unique per author, is written in the
 * transaction of the record it changes), at the time of its tap, by the rules of a save made
 * online (PerformanceRecordsService.times and writeRow); a record another team leader saved since
 * the version the phone had is a conflict, answered with the record as it is now, never overwritten.
 */
@Injectable()
export class RecordSyncService {
  private readonly codeKey: Buffer;

  constructor(
    @InjectRepository(RecordAction) private readonly actions: Repository<RecordAction>,
    private readonly schedule: ScheduleService,
    private readonly performance: PerformanceRecordsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.codeKey = checkInCodeKey(config.jwtSecret);
  }

  async sync(caller: AuthUser, sentAt: Date, items: RecordActionDto[]): Promise<SyncedRecordActions> {
    const now = this.clock.now();
    const drift = clockDriftProblem(sentAt, now);
    if (drift) throw AppException.conflict(drift, ErrorCode.ClockDrift, { now: now.toISOString() });
    await this.schedule.assertCanSee(caller);

    const known = new Map(
      (await this.actions.findBy({ userId: caller.id, actionKey: In([...new Set(items.map((a) => a.key))]) })).map((a) => [a.actionKey, a]),
    );
    const results: RecordActionResult[] = new Array(items.length);
    const fresh: { index: number; item: RecordActionDto }[] = [];
    const keysInBatch = new Map<string, number>();
    items.forEach((item, index) => {
      if (known.has(item.key) || keysInBatch.has(item.key)) return;
      keysInBatch.set(item.key, index);
      fresh.push({ index, item });
    });

    const byShift = new Map<number, { index: number; item: RecordActionDto }[]>();
    for (const entry of fresh) byShift.set(entry.item.shift_id, [...(byShift.get(entry.item.shift_id) ?? []), entry]);
    const led = new Map<number, RecordShift | AppException>();
    for (const shiftId of byShift.keys()) led.set(shiftId, await this.ledShift(caller, shiftId));
    // Nothing sent is the caller's to change (a stranger's shifts, last year's): refused whole, as POST /schedule/pr would be.
    const failures = [...led.values()].filter((v): v is AppException => v instanceof AppException);
    if (led.size && failures.length === led.size && !known.size) throw failures[0]!;
    for (const [shiftId, entries] of byShift) {
      for (const { index, result } of await this.syncShift(caller, led.get(shiftId)!, entries, now)) results[index] = result;
    }

    // Keys judged before (or twice in this list): the first answer again, with the record as it is now.
    const repeatedAt = items.flatMap((item, index) => (results[index] ? [] : [{ item, index }]));
    if (repeatedAt.length) {
      const stored = await this.actions.findBy({ userId: caller.id, actionKey: In([...new Set(repeatedAt.map((r) => r.item.key))]) });
      const byKey = new Map(stored.map((a) => [a.actionKey, a]));
      const records = await this.recordsOf(stored);
      const names = await this.performance.namesOf(records.flatMap((r) => [r.checkInBy, r.checkOutBy]));
      for (const { item, index } of repeatedAt) {
        const action = byKey.get(item.key)!;
        const record = records.find((r) => r.shiftId === action.shiftId && r.volunteerId === action.volunteerId);
        results[index] = {
          key: item.key,
          outcome: action.outcome,
          repeated: true,
          code: action.code,
          message: action.message,
          errors: action.errors,
          shift_id: action.shiftId,
          student_volunteer_id: action.volunteerId,
          tapped_at: action.tappedAt.toISOString(),
          record: record ? performanceRecordView(record, now, names) : null,
        };
      }
    }
    return {
      now: now.toISOString(),
      applied: results.filter((r) => r.outcome === 'applied' && !r.repeated).length,
      refused: results.filter((r) => r.outcome === 'refused' && !r.repeated).length,
      conflicts: results.filter((r) => r.outcome === 'conflict' && !r.repeated).length,
      results,
    };
  }

  private async recordsOf(actions: RecordAction[]): Promise<PerformanceRecord[]> {
    if (!actions.length) return [];
    const found = await this.actions.manager.findBy(PerformanceRecord, {
      shiftId: In([...new Set(actions.map((a) => a.shiftId))]),
      volunteerId: In([...new Set(actions.map((a) => a.volunteerId))]),
    });
    return found;
  }

  /** The shift when the caller may change its records, or why not. */
  private async ledShift(caller: AuthUser, shiftId: number): Promise<RecordShift | AppException> {
    try {
      return (await this.schedule.ledShiftToChange(caller, shiftId)).shift;
    } catch (error) {
      if (error instanceof AppException) return error;
      throw error;
    }
  }

  /** The actions of one shift, in the order sent. */
  private async syncShift(
    caller: AuthUser,
    led: RecordShift | AppException,
    entries: { index: number; item: RecordActionDto }[],
    now: Date,
  ) {
    const out: { index: number; result: RecordActionResult }[] = [];
    if (led instanceof AppException) {
      // Not a shift of the caller's venues (or of the current edition): each action is refused with the reason, and kept so.
      for (const { index, item } of entries) {
        const verdict: Verdict = { outcome: 'refused', code: led.code, message: led.message, errors: {}, resultVersion: null };
        const result = await this.keepRefusal(caller, item, tapInstant(new Date(item.tapped_at), now), verdict, now, null);
        if (result) out.push({ index, result });
      }
      return out;
    }
    const shift = led;
    const shiftId = entries[0]!.item.shift_id;
    const volunteerIds = [...new Set(entries.map((e) => e.item.student_volunteer_id))];
    const manager = this.actions.manager;
    const assigned = await manager.find(ShiftAssignment, {
      where: { shiftId, volunteerId: In(volunteerIds) },
      select: { id: true, volunteerId: true },
    });
    const onShift = new Set(assigned.map((a) => a.volunteerId));

    for (const { index, item } of entries) {
      const result = await this.judge(caller, shift, onShift, item, now);
      // null: the same queue, sent again at the same moment, judged this key meanwhile; answered as repeated below.
      if (result) out.push({ index, result });
    }
    return out;
  }

  /**
   * One action, judged on the record as it is now. Each is read afresh, not once for the whole
   * list: the same queue sent twice at once (a phone that retried) is judged by two requests side by
   * side, and a verdict drawn from what the other had not yet written would be a conflict with
   * oneself. A key the other request judged meanwhile is left to it (null); a record that changed
   * between the reading and the writing is read and judged again.
   */
  private async judge(
    caller: AuthUser,
    shift: RecordShift,
    onShift: ReadonlySet<number>,
    item: RecordActionDto,
    now: Date,
  ): Promise<RecordActionResult | null> {
    const manager = this.actions.manager;
    const shiftId = item.shift_id;
    const tap = tapInstant(new Date(item.tapped_at), now);
    for (let attempt = 1; ; attempt += 1) {
      if (await this.actions.existsBy({ userId: caller.id, actionKey: item.key })) return null;
      // The record first, then this author's own actions: a version the record shows that came from them is among those read.
      const stored = (await manager.findOneBy(PerformanceRecord, { shiftId, volunteerId: item.student_volunteer_id })) ?? undefined;
      const ownEarlier = await manager.find(RecordAction, {
        where: { userId: caller.id, shiftId, volunteerId: item.student_volunteer_id, outcome: 'applied', resultVersion: MoreThan(0) },
        select: { resultVersion: true },
      });
      // The versions the record reached through this author's own actions: their later actions build on them.
      const own = new Set(ownEarlier.map((a) => a.resultVersion!));
      const verdict = this.precheck(item, tap, onShift, stored, own, shift);
      if (verdict) return this.keepRefusal(caller, item, tap, verdict, now, stored ?? null);
      const row = this.rowOf(item, stored);
      const wasIn = stored ? stored.checkIn || stored.checkInAt !== null : false;
      const planned = this.performance.times(row, stored, shift, caller.id, now, tap);
      if (Object.keys(planned.errors).length || planned.tooEarly) {
        const errors: RowErrors = planned.tooEarly
          ? { check_in: PERFORMANCE_MESSAGES.tooEarly(checkInOpensAt(shift)), ...planned.errors }
          : planned.errors;
        const code = Object.keys(planned.errors).length ? ErrorCode.ValidationFailed : ErrorCode.TooEarlyToCheckIn;
        const refusal: Verdict = {
          outcome: 'refused',
          code,
          message: rowMessage(errors),
          errors: errors as Record<string, string>,
          resultVersion: null,
        };
        return this.keepRefusal(caller, item, tap, refusal, now, stored ?? null);
      }
      if (item.kind === 'check-in' && wasIn) {
        // Checked in already (by this phone's earlier tap, or by someone else): nothing to change.
        const already: Verdict = { outcome: 'applied', code: null, message: OFFLINE_MESSAGES.alreadyIn, errors: {}, resultVersion: null };
        return this.keepRefusal(caller, item, tap, already, now, stored ?? null);
      }
      const base = stored?.version ?? 0;
      try {
        const saved = await this.performance.writeRow(
          caller,
          shiftId,
          { ...row, version: base },
          stored,
          planned,
          now,
          async (tx, written) => {
            try {
              await tx.insert(
                RecordAction,
                this.actionRow(caller, item, tap, now, {
                  outcome: 'applied',
                  code: null,
                  message: 'Saved',
                  errors: {},
                  resultVersion: written.version,
                }),
              );
            } catch (error) {
              if (isUniqueViolation(error)) throw new KeyTaken();
              throw error;
            }
          },
        );
        const names = await this.performance.namesOf([saved.checkInBy, saved.checkOutBy]);
        const applied: Verdict = { outcome: 'applied', code: null, message: 'Saved', errors: {}, resultVersion: saved.version };
        return this.result(item, tap, applied, saved, now, names);
      } catch (error) {
        if (error instanceof KeyTaken) return null;
        if (!(error instanceof StaleRecord || isUniqueViolation(error))) throw error;
        // The record changed since it was read: read and judge again (its precheck tells a conflict from one's own change).
        if (attempt < JUDGE_ATTEMPTS) continue;
        const current = (await manager.findOneBy(PerformanceRecord, { shiftId, volunteerId: item.student_volunteer_id })) ?? null;
        const conflict: Verdict = {
          outcome: 'conflict',
          code: ErrorCode.Stale,
          message: PERFORMANCE_MESSAGES.staleRow,
          errors: { version: PERFORMANCE_MESSAGES.staleRow },
          resultVersion: null,
        };
        return this.keepRefusal(caller, item, tap, conflict, now, current);
      }
    }
  }

  /** What is wrong with an action before the record's rules are weighed: the code, the volunteer, the version it was based on. */
  private precheck(
    item: RecordActionDto,
    tap: Date,
    onShift: ReadonlySet<number>,
    stored: PerformanceRecord | undefined,
    ownVersions: ReadonlySet<number> | undefined,
    shift: RecordShift,
  ): Verdict | null {
    const refuse = (message: string, field: string, code: string = ErrorCode.ValidationFailed): Verdict => ({
      outcome: 'refused',
      code,
      message,
      errors: { [field]: message },
      resultVersion: null,
    });
    if (item.code != null) {
      if (item.kind !== 'check-in') return refuse('Only a check-in is made with a code.', 'code');
      const code = verifiedCheckInCode(this.codeKey, item.code);
      if (!code) return refuse(OFFLINE_MESSAGES.forged, 'code');
      if (code.shiftId !== item.shift_id || code.userId !== item.student_volunteer_id)
        return refuse(OFFLINE_MESSAGES.wrongVolunteer, 'code');
      if (tap.getTime() > code.validUntil.getTime() || tap.getTime() > shift.endsAt.getTime())
        return refuse(OFFLINE_MESSAGES.expired, 'code');
    }
    if (!onShift.has(item.student_volunteer_id)) return refuse(PERFORMANCE_MESSAGES.notOnShift, 'student_volunteer_id');
    if (item.kind === 'rating' && item.rating === undefined) return refuse('A rating action needs rating.', 'rating');
    if (item.kind === 'note' && item.notes === undefined) return refuse('A note action needs notes.', 'notes');
    if (item.kind === 'check-out' && !(stored && (stored.checkIn || stored.checkInAt)))
      return refuse(OFFLINE_MESSAGES.noCheckInYet, 'check_out');
    const version = stored?.version ?? 0;
    if (version !== item.base_version) {
      // Every version since the one the phone had came from this author's own actions: nobody else changed the record.
      const between = Array.from({ length: Math.max(0, version - item.base_version) }, (_, i) => item.base_version + i + 1);
      const ownSince = version > item.base_version && between.every((v) => ownVersions?.has(v));
      if (!ownSince)
        return {
          outcome: 'conflict',
          code: ErrorCode.Stale,
          message: PERFORMANCE_MESSAGES.staleRow,
          errors: { version: PERFORMANCE_MESSAGES.staleRow },
          resultVersion: null,
        };
    }
    return null;
  }

  /** The row of POST /schedule/pr that the action amounts to: the stored record with the action's change. */
  private rowOf(item: RecordActionDto, stored: PerformanceRecord | undefined): PerformanceRecordDto {
    const checkedIn = stored ? stored.checkIn || stored.checkInAt !== null : false;
    const checkedOut = stored ? stored.checkOut || stored.checkOutAt !== null : false;
    return {
      shift_id: item.shift_id,
      student_volunteer_id: item.student_volunteer_id,
      check_in: item.kind === 'check-in' || item.kind === 'check-out' ? true : checkedIn,
      check_out: item.kind === 'check-out' ? true : checkedOut,
      rating: item.kind === 'rating' ? (item.rating ?? 0) : (stored?.rating ?? 0),
      notes: item.kind === 'note' ? (item.notes ?? '') : (stored?.notes ?? null),
      // The stored times are kept as they are: only a tick stamps a new one, at the tap.
      check_in_at: stored?.checkInAt?.toISOString() ?? null,
      check_out_at: stored?.checkOutAt?.toISOString() ?? null,
    };
  }

  private actionRow(caller: AuthUser, item: RecordActionDto, tap: Date, now: Date, verdict: Verdict) {
    return {
      userId: caller.id,
      actionKey: item.key,
      kind: item.kind,
      shiftId: item.shift_id,
      volunteerId: item.student_volunteer_id,
      tappedAt: tap,
      receivedAt: now,
      outcome: verdict.outcome,
      code: verdict.code,
      message: verdict.message.slice(0, 1000),
      errors: verdict.errors,
      resultVersion: verdict.resultVersion,
    };
  }

  /** Keeps an action that changed nothing under its key, so it is answered the same way if sent again. */
  private async keepRefusal(
    caller: AuthUser,
    item: RecordActionDto,
    tap: Date,
    verdict: Verdict,
    now: Date,
    record: PerformanceRecord | null,
  ) {
    try {
      await this.actions.insert(this.actionRow(caller, item, tap, now, verdict));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Judged meanwhile by the same queue sent again: the first answer stands (answered as repeated).
      return null;
    }
    const names = record ? await this.performance.namesOf([record.checkInBy, record.checkOutBy]) : new Map<number, string>();
    return this.result(item, tap, verdict, record, now, names);
  }

  private result(
    item: RecordActionDto,
    tap: Date,
    verdict: Verdict,
    record: PerformanceRecord | null,
    now: Date,
    names: ReadonlyMap<number, string>,
  ): RecordActionResult {
    return {
      key: item.key,
      outcome: verdict.outcome,
      repeated: false,
      code: verdict.code,
      message: verdict.message,
      errors: verdict.errors,
      shift_id: item.shift_id,
      student_volunteer_id: item.student_volunteer_id,
      tapped_at: tap.toISOString(),
      record: record ? performanceRecordView(record, now, names) : null,
    };
  }
}
