import { ErrorCode, formatShiftTime, pacificDay, parsePacific, workedMinutes } from '@svp/domain';
import { ApiError } from '../../api/client';
import type {
  PerformanceRecord,
  PerformanceRecordAsStored,
  RefusedPerformanceRecord,
  SavedPerformanceRecords,
  ShiftVolunteer,
  StoredPerformanceRecord,
} from '../../api/types';

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

/** The form's values of one record as stored: no correction pending. */
export function recordValues(record: StoredPerformanceRecord): RecordValues {
  return { check_in: record.check_in, check_out: record.check_out, rating: record.rating ?? 0, notes: record.notes, correction: null };
}

export function performanceFormValues(volunteers: readonly ShiftVolunteer[]): PerformanceFormValues {
  return { records: volunteers.map(({ performance_record: record }) => recordValues(record)) };
}

/** Whether a row of the form still holds what is stored (nothing changed on the page since). */
export function rowIsStored(row: RecordValues, record: StoredPerformanceRecord): boolean {
  const stored = recordValues(record);
  return (
    row.correction === null &&
    row.check_in === stored.check_in &&
    row.check_out === stored.check_out &&
    row.rating === stored.rating &&
    row.notes === stored.notes
  );
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

/**
 * The minutes a pair of times (ISO instants) has worked by `now` (the server's clock), as the server counts
 * them: real elapsed time, never beyond now; null without a check-out.
 */
export const minutesWorked = (checkInAt: string, checkOutAt: string | null, now: number): number | null =>
  workedMinutes({ checkInAt: new Date(checkInAt), checkOutAt: checkOutAt === null ? null : new Date(checkOutAt) }, new Date(now));

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

/** The rows a save refused (the answer's `refused`, or the same in a refusal that kept nothing). */
export function refusedRowsOf(source: unknown): RefusedPerformanceRecord[] {
  const refused =
    source instanceof ApiError
      ? source.data.refused
      : source && typeof source === 'object'
        ? (source as { refused?: unknown }).refused
        : [];
  return Array.isArray(refused) ? (refused as RefusedPerformanceRecord[]) : [];
}

/**
 * The refusal of a save, as messages next to the volunteers it is about: each refused row's reasons
 * by its index (records are sent in the shift's volunteer order), from the answer's `refused` or
 * from the server's field errors `performance_records.<i>.<field>`.
 */
export function rowErrorsOf(source: unknown, volunteers: readonly ShiftVolunteer[]): RowErrors {
  const rows: Record<number, string[]> = {};
  const add = (i: number, message: string) => {
    if (i < volunteers.length && !rows[i]?.includes(message)) (rows[i] ??= []).push(message);
  };
  const refused = refusedRowsOf(source);
  if (refused.length) for (const row of refused) add(row.index, row.message);
  else if (source instanceof ApiError)
    for (const [key, message] of Object.entries(source.errors)) {
      const match = /^performance_records\.(\d+)\./.exec(key);
      if (match) add(Number(match[1]), message);
    }
  return Object.fromEntries(Object.entries(rows).map(([i, messages]) => [i, messages.join(' ')]));
}

/** A record as the save answers it, as the shift detail holds it. */
const asLoaded = ({ updated_by: _by, ...record }: PerformanceRecordAsStored): StoredPerformanceRecord => record;

/**
 * After a save that kept some rows and refused others: the saved rows take the records as stored (the
 * page now shows them saved, at their new versions); the refused rows keep the record the page loaded
 * (so a row another team leader saved is still refused as stale next time, not overwritten) and the
 * values typed on the page.
 */
export function afterPartialSave(
  volunteers: readonly ShiftVolunteer[],
  values: PerformanceFormValues,
  answer: Pick<SavedPerformanceRecords, 'performance_records'>,
): { volunteers: ShiftVolunteer[]; values: PerformanceFormValues; saved: Set<number> } {
  const savedOf = new Map(answer.performance_records.map((record) => [record.student_volunteer_id, asLoaded(record)]));
  const saved = new Set<number>();
  const next = volunteers.map((volunteer, i) => {
    const record = savedOf.get(volunteer.id);
    if (!record) return volunteer;
    saved.add(i);
    return { ...volunteer, performance_record: record };
  });
  return {
    volunteers: next,
    values: { records: values.records.map((row, i) => (saved.has(i) ? recordValues(next[i]!.performance_record) : row)) },
    saved,
  };
}

/** The volunteers with the records stored now of the rows refused as stale (what 'Save mine over theirs' saves over). */
export function currentAfterStale(volunteers: readonly ShiftVolunteer[], refused: readonly RefusedPerformanceRecord[]): ShiftVolunteer[] {
  const stale = new Map(refused.filter((row) => row.code === ErrorCode.Stale && row.record).map((row) => [row.index, row.record!]));
  return volunteers.map((volunteer, i) => {
    const record = stale.get(i);
    return record && record.student_volunteer_id === volunteer.id ? { ...volunteer, performance_record: asLoaded(record) } : volunteer;
  });
}
