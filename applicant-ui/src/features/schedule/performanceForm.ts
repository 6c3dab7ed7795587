import type { PerformanceRecord, ShiftVolunteer } from '../../api/types';

/** The server's limit on a record's notes (PerformanceRecordDto). */
export const NOTES_MAX_LENGTH = 2000;

/** What the team leader edits per volunteer; rating 0 is 'Select' (not rated). */
export interface RecordValues {
  check_in: boolean;
  check_out: boolean;
  rating: number;
  notes: string;
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
    })),
  };
}

/**
 * The body of POST /schedule/pr: every volunteer's record on this shift, with its id when it exists
 * already and the version it was loaded at, so that a save over someone else's newer one is refused.
 */
export function recordsToSave(shiftId: number, volunteers: readonly ShiftVolunteer[], values: PerformanceFormValues): PerformanceRecord[] {
  return volunteers.map((volunteer, i) => ({
    id: volunteer.performance_record.id,
    shift_id: shiftId,
    student_volunteer_id: volunteer.id,
    ...values.records[i]!,
    version: volunteer.performance_record.version,
  }));
}

/**
 * The same edits saved over the records another team leader saved since (the 409's `current`): each
 * volunteer's record takes the id and version stored now, so the save goes through on purpose.
 */
export function recordsOverCurrent(shiftId: number, volunteers: readonly ShiftVolunteer[], values: PerformanceFormValues, current: readonly ShiftVolunteer[]): PerformanceRecord[] {
  const stored = new Map(current.map((volunteer) => [volunteer.id, volunteer.performance_record]));
  return recordsToSave(shiftId, volunteers, values).map((record) => {
    const now = stored.get(record.student_volunteer_id);
    return now ? { ...record, id: now.id, version: now.version } : record;
  });
}
