import { workedMinutes } from '@svp/domain';
import type { PerformanceRecord } from './performance-record.entity.js';

/** The record as a save answers it; `names` are the people who checked in and out; worked time counts up to `now`. */
export function performanceRecordView(record: PerformanceRecord, now: Date, names: ReadonlyMap<number, string> = new Map()) {
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
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
    ...recordTimesView(record, nameOf, now),
  };
}

/** The times of a record: ISO instants, who set them, the reason of the last correction, the minutes worked by `now`. */
export function recordTimesView(
  record: Pick<PerformanceRecord, 'checkInAt' | 'checkInBy' | 'checkOutAt' | 'checkOutBy' | 'timeNote'>,
  nameOf: (id: number | null) => string | null,
  now: Date,
) {
  return {
    check_in_at: record.checkInAt?.toISOString() ?? null,
    check_in_by_name: record.checkInAt ? nameOf(record.checkInBy) : null,
    check_out_at: record.checkOutAt?.toISOString() ?? null,
    check_out_by_name: record.checkOutAt ? nameOf(record.checkOutBy) : null,
    time_note: record.timeNote ?? '',
    worked_minutes: workedMinutes(record, now),
  };
}
