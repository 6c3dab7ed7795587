import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { PerformanceRecordAsStored, RefusedPerformanceRecord } from '../../api/types';
import {
  afterPartialSave,
  currentAfterStale,
  instantNear,
  minutesWorked,
  performanceFormValues,
  recordsToSave,
  rowErrorsOf,
  workedText,
} from './performanceForm';
import { shiftDetail } from './scheduleFixtures';

describe('workedText', () => {
  it("reads 'Worked <h> h <mm> min'", () => {
    expect(workedText(245)).toBe('Worked 4 h 05 min');
    expect(workedText(45)).toBe('Worked 0 h 45 min');
    expect(workedText(600)).toBe('Worked 10 h 00 min');
  });
});

describe('minutesWorked', () => {
  it('counts real elapsed minutes, only up to now (the server clock), and nothing without a check-out', () => {
    const at = Date.parse('2025-08-08T23:01:00.000Z');
    // 4:35 PM to 8:30 PM, entered at 4:01 PM: nothing of it has happened.
    expect(minutesWorked('2025-08-08T23:35:00.000Z', '2025-08-09T03:30:00.000Z', at)).toBe(0);
    expect(minutesWorked('2025-08-08T23:35:00.000Z', '2025-08-09T03:30:00.000Z', Date.parse('2025-08-09T01:35:00.000Z'))).toBe(120);
    expect(minutesWorked('2025-08-08T14:55:00.000Z', '2025-08-08T19:00:00.000Z', at)).toBe(245);
    expect(minutesWorked('2025-08-08T14:55:00.000Z', null, at)).toBeNull();
  });
});

describe('instantNear', () => {
  it('reads a Pacific wall-clock time on the day nearest the shift, so a shift past midnight keeps its times in order', () => {
    // 8:00 AM start, Friday 8 August 2025 (PDT, UTC−7).
    expect(instantNear('07:52', '2025-08-08T15:00:00.000Z')).toBe('2025-08-08T14:52:00.000Z');
    // A shift 10 PM – 2 AM: check-out at 1:55 belongs to Saturday, check-in at 11:50 PM to Friday.
    expect(instantNear('01:55', '2025-08-09T09:00:00.000Z')).toBe('2025-08-09T08:55:00.000Z');
    expect(instantNear('23:50', '2025-08-09T05:00:00.000Z')).toBe('2025-08-09T06:50:00.000Z');
  });

  it('counts the real length across the November clock change and knows no skipped spring hour', () => {
    // 1 November 2026: 00:30 PDT (07:30Z) to 03:30 PST (11:30Z) is four hours.
    const inAt = instantNear('00:30', '2026-11-01T07:30:00.000Z')!;
    const outAt = instantNear('03:30', '2026-11-01T11:30:00.000Z')!;
    expect((Date.parse(outAt) - Date.parse(inAt)) / 3_600_000).toBe(4);
    // 8 March 2026: 2:30 does not exist in Pacific time.
    expect(instantNear('02:30', '2026-03-08T10:00:00.000Z')).toBeNull();
  });
});

describe('rowErrorsOf', () => {
  const detail = shiftDetail();
  const volunteers = detail.shift.studentVolunteers;
  const early = 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).';
  const refusedBen: RefusedPerformanceRecord = {
    index: 1,
    student_volunteer_id: 8,
    code: 'TOO_EARLY_TO_CHECK_IN',
    message: early,
    errors: { check_in: early },
    record: null,
  };

  it("gives each volunteer the server's field errors of their record", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      'performance_records.1.check_out': 'Check a volunteer in before checking them out.',
      performance_records: 'ignored',
    });
    expect(rowErrorsOf(error, volunteers)).toEqual({ 1: 'Check a volunteer in before checking them out.' });
    expect(rowErrorsOf(new Error('offline'), volunteers)).toEqual({});
  });

  it('gives each refused row its reason, from a save that kept the others or from a refusal that kept nothing', () => {
    expect(rowErrorsOf({ refused: [refusedBen] }, volunteers)).toEqual({ 1: early });
    const error = new ApiError(409, 'TOO_EARLY_TO_CHECK_IN', early, { 'performance_records.1.check_in': early }, { refused: [refusedBen] });
    expect(rowErrorsOf(error, volunteers)).toEqual({ 1: early });
  });
});

describe('after a save that kept some rows and refused others', () => {
  const detail = shiftDetail();
  const volunteers = detail.shift.studentVolunteers;
  const stored = (values: Partial<PerformanceRecordAsStored>): PerformanceRecordAsStored => {
    const { updated_at: _at, ...record } = volunteers[0]!.performance_record;
    return { ...record, updated_at: '2025-08-08T16:00:00.000Z', updated_by: 100, ...values } as PerformanceRecordAsStored;
  };

  it('shows the saved rows as stored (new versions, no pending correction) and keeps what was typed in the refused ones', () => {
    const values = performanceFormValues(volunteers);
    values.records[0] = {
      ...values.records[0]!,
      rating: 5,
      correction: { check_in_at: '2025-08-08T14:55:00.000Z', check_out_at: null, time_note: 'x' },
    };
    values.records[1] = { ...values.records[1]!, check_in: true, rating: 4, notes: 'Early bird' };
    const answer = { performance_records: [stored({ rating: 5, version: 2, check_in_at: '2025-08-08T14:55:00.000Z', time_note: 'x' })] };
    const next = afterPartialSave(volunteers, values, answer);
    expect(next.saved).toEqual(new Set([0]));
    expect(next.volunteers[0]!.performance_record).toMatchObject({ version: 2, rating: 5, check_in_at: '2025-08-08T14:55:00.000Z' });
    expect(next.volunteers[0]!.performance_record).not.toHaveProperty('updated_by');
    expect(next.values.records[0]).toEqual({ check_in: true, check_out: false, rating: 5, notes: 'Arrived early.', correction: null });
    // Ben's row keeps its loaded record (version 0) and the values typed.
    expect(next.volunteers[1]).toBe(volunteers[1]);
    expect(next.values.records[1]).toEqual({ check_in: true, check_out: false, rating: 4, notes: 'Early bird', correction: null });
  });

  it('offers to save over the records stored now only for the rows refused as stale', () => {
    const refused: RefusedPerformanceRecord[] = [
      {
        index: 0,
        student_volunteer_id: 7,
        code: 'STALE',
        message: 'm',
        errors: { version: 'm' },
        record: stored({ version: 3, notes: 'Theirs' }),
      },
      { index: 1, student_volunteer_id: 8, code: 'TOO_EARLY_TO_CHECK_IN', message: 'm', errors: { check_in: 'm' }, record: null },
    ];
    const current = currentAfterStale(volunteers, refused);
    expect(current[0]!.performance_record).toMatchObject({ version: 3, notes: 'Theirs' });
    expect(current[1]).toBe(volunteers[1]);
  });
});

describe('recordsToSave', () => {
  it('sends corrected times with their reason, and ticks alone otherwise', () => {
    const detail = shiftDetail();
    const values = performanceFormValues(detail.shift.studentVolunteers);
    values.records[0]!.correction = { check_in_at: '2025-08-08T14:55:00.000Z', check_out_at: null, time_note: 'Paper roster.' };
    const [ana, ben] = recordsToSave(21, detail.shift.studentVolunteers, values);
    expect(ana).toMatchObject({
      check_in: true,
      check_out: false,
      check_in_at: '2025-08-08T14:55:00.000Z',
      check_out_at: null,
      time_note: 'Paper roster.',
    });
    expect(Object.keys(ben!)).not.toContain('correction');
    expect(Object.keys(ben!)).not.toContain('check_in_at');
  });
});
