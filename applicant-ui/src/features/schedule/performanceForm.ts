import { ErrorCode, formatShiftTime, pacificDay, parsePacific } from '@svp/domain';
import { ApiError } from '../../api/client';
import type { PerformanceRecord, ShiftVolunteer } from '../../api/types';

/** The server's limit on a record's notes (PerformanceRecordDto). */
export const NOTES_MAX_LENGTH = 2000;

/** The server's limit on the reason for a time correction. */
export const TIME_NOTE_MAX_LENGTH = 500;

/** Times the team leader corrected in the 'Correct times' dialog (ISO instants), saved with the page. */
export interface TimeCorrection {
  check_in_at: string;
  check_out_at: string | null;
  time_note: string;
}

/** What the team leader edits per volunteer; rating 0 is 'Select' (not rated); `correction` null: times as stored. */
export interface RecordValues {
  check_in: boolean;
  check_out: boolean;
  rating: number;
  notes: string;
  correction: TimeCorrection | null;
}

/** One row per volunteer, in the order the shift lists them. */
export interface PerformanceFormValues {
  records: RecordValues[];
}

/** 'Given Family', with the nickname in brackets when there is one. */
export function volunteerName(volunteer: Pick<ShiftVolunteer, 'given_name' | 'family_name' | 'nickname'>): string {
  const name = `${volunteer.given_name} ${volunteer.family_name}`.trim();
  const nickname = volunteer.nickname.trim();
  return nickname && nickname !== volunteer.given_name ? `${name} (${nickname})` : name;
}

export function performanceFormValues(volunteers: readonly ShiftVolunteer[]): PerformanceFormValues {
  return {
    records: volunteers.map(({ performance_record: record }) => ({
      check_in: record.check_in,
      check_out: record.check_out,
      rating: record.rating ?? 0,
      notes: record.notes,
      correction: null,
    })),
  };
}

/**
 * The body of POST /schedule/pr: every volunteer's record on this shift, with its id when it exists
 * already and the version it was loaded at, so that a save over someone else's newer one is refused.
 */
export function recordsToSave(shiftId: number, volunteers: readonly ShiftVolunteer[], values: PerformanceFormValues): PerformanceRecord[] {
  return volunteers.map((volunteer, i) => {
    const { correction, ...ticks } = values.records[i]!;
    // Only corrected times are sent: a tick alone lets the server stamp the time it was saved.
    const times = correction ? { check_in: true, check_out: correction.check_out_at !== null, ...correction } : {};
    return {
      id: volunteer.performance_record.id,
      shift_id: shiftId,
      student_volunteer_id: volunteer.id,
      ...ticks,
      ...times,
      version: volunteer.performance_record.version,
    };
  });
}

/**
 * The same edits saved over the records another team leader saved since (the 409's `current`): each
 * volunteer's record takes the id and version stored now, so the save goes through on purpose.
 */
export function recordsOverCurrent(
  shiftId: number,
  volunteers: readonly ShiftVolunteer[],
  values: PerformanceFormValues,
  current: readonly ShiftVolunteer[],
): PerformanceRecord[] {
  const stored = new Map(current.map((volunteer) => [volunteer.id, volunteer.performance_record]));
  return recordsToSave(shiftId, volunteers, values).map((record) => {
    const now = stored.get(record.student_volunteer_id);
    return now ? { ...record, id: now.id, version: now.version } : record;
  });
}

/** A time as the shift page shows it, in Pacific time: '8:52 AM'. */
export const clockTime = (iso: string): string => formatShiftTime(new Date(iso));

/** 'Worked 4 h 05 min'. */
export function workedText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `Worked ${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** Real elapsed minutes between two instants (so a shift across a clock change counts its true length). */
export const minutesBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);

const DAY_MS = 86_400_000;
/** The server takes corrected times within the shift's day ± 12 h. */
const HALF_DAY_MS = DAY_MS / 2;

/**
 * The instant a Pacific wall-clock 'HH:mm' names near `anchor` (ISO): on the anchor's Pacific day,
 * the day before or the day after, whichever is closest, so a time typed for a shift past midnight
 * lands on the right day. Null for a time that does not exist within 12 h of the anchor (the hour
 * skipped in spring).
 */
export function instantNear(time: string, anchor: string): string | null {
  const at = Date.parse(anchor);
  let best: Date | null = null;
  for (const offset of [-1, 0, 1]) {
    const candidate = parsePacific(`${pacificDay(new Date(at + offset * DAY_MS))} ${time}`);
    if (
      candidate &&
      Math.abs(candidate.getTime() - at) <= HALF_DAY_MS &&
      (!best || Math.abs(candidate.getTime() - at) < Math.abs(best.getTime() - at))
    )
      best = candidate;
  }
  return best?.toISOString() ?? null;
}

/** Messages the server ties to one record (`performance_records.<i>.<field>`), per row. */
export type RowErrors = Record<number, string>;

/**
 * The refusal of a save, as messages next to the volunteers it is about: the server's field errors
 * by record index (records are sent in the shift's volunteer order), and a refused early check-in
 * (409 TOO_EARLY_TO_CHECK_IN, the whole save) next to each volunteer ticked in on this page.
 */
export function rowErrorsOf(error: unknown, volunteers: readonly ShiftVolunteer[], values: PerformanceFormValues): RowErrors {
  if (!(error instanceof ApiError)) return {};
  const rows: Record<number, string[]> = {};
  for (const [key, message] of Object.entries(error.errors)) {
    const match = /^performance_records\.(\d+)\./.exec(key);
    if (!match) continue;
    const i = Number(match[1]);
    if (i < volunteers.length && !rows[i]?.includes(message)) (rows[i] ??= []).push(message);
  }
  if (error.code === ErrorCode.TooEarlyToCheckIn && Object.keys(rows).length === 0) {
    volunteers.forEach((volunteer, i) => {
      const row = values.records[i];
      if (row?.check_in && !row.correction && !volunteer.performance_record.check_in) rows[i] = [error.message];
    });
  }
  return Object.fromEntries(Object.entries(rows).map(([i, messages]) => [i, messages.join(' ')]));
}
