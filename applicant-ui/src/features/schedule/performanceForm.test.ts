import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { instantNear, performanceFormValues, recordsToSave, rowErrorsOf, workedText } from './performanceForm';
import { shiftDetail } from './scheduleFixtures';

describe('workedText', () => {
  it("reads 'Worked <h> h <mm> min'", () => {
    expect(workedText(245)).toBe('Worked 4 h 05 min');
    expect(workedText(45)).toBe('Worked 0 h 45 min');
    expect(workedText(600)).toBe('Worked 10 h 00 min');
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

  it("gives each volunteer the server's field errors of their record", () => {
    const values = performanceFormValues(volunteers);
    const error = new ApiError(400, 'VALIDATION_FAILED', 'x', {
      'performance_records.1.check_out': 'Check a volunteer in before checking them out.',
      performance_records: 'ignored',
    });
    expect(rowErrorsOf(error, volunteers, values)).toEqual({ 1: 'Check a volunteer in before checking them out.' });
  });

  it('puts a refused early check-in next to the volunteers ticked in on the page, not next to those checked in before', () => {
    const values = performanceFormValues(volunteers);
    values.records[1]!.check_in = true;
    const error = new ApiError(409, 'TOO_EARLY_TO_CHECK_IN', 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).');
    expect(rowErrorsOf(error, volunteers, values)).toEqual({ 1: 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).' });
    expect(rowErrorsOf(new Error('offline'), volunteers, values)).toEqual({});
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
