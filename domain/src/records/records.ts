import { PASSPORT_STATUS_VALUES, type ConfirmationForm } from '../rules/confirmation.js';
import { FORM_VENUE_PREFERENCES, SHIRT_SIZES, venuePreferenceLabel } from '../options/lists.js';
import { CHECK_IN_MINUTES_BEFORE } from '../schedule/shifts.js';
import { formatShiftTime, parsePacific } from '../schedule/time.js';
import type { LogisticsTotal } from '../contract/records.js';

/** Declared once, as wire shapes, in domain/src/contract/records.ts. */
export type { LogisticsTotal } from '../contract/records.js';

/**
 * The week's records: check-in and check-out times, what they add up to per volunteer and per
 * venue-day, and the logistics counted from the confirmation forms. Times are instants; worked time
 * is real elapsed time, so a shift across midnight or a daylight-saving change counts its true length.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;

export interface RecordTimes {
  checkInAt: Date | null;
  checkOutAt: Date | null;
}

export interface RecordShift {
  startsAt: Date;
  endsAt: Date;
  /** The Pacific day the shift starts on, YYYY-MM-DD. */
  day: string;
}

export const RECORD_MESSAGES = {
  tooEarly: (opensAt: Date) =>
    `Check-in opens ${CHECK_IN_MINUTES_BEFORE} minutes before the shift, at ${formatShiftTime(opensAt)} (Pacific).`,
  checkOutFirst: 'Check a volunteer in before checking them out.',
  noteNeeded: 'Say why the time is corrected.',
  outBeforeIn: 'The check-out time must be after the check-in time.',
  outsideDay: "Times must lie within the shift's day, give or take 12 hours.",
  stillCheckedOut: 'Untick check-out before unticking check-in.',
  laterThanNow: (which: 'check-in' | 'check-out', now: Date) =>
    `The ${which} time cannot be later than now (${formatShiftTime(now)} Pacific).`,
  tickClosed: (which: 'Check-in' | 'Check-out') =>
    `${which} can no longer be ticked: the shift's day ended more than 12 hours ago. Enter the time with Correct times instead.`,
} as const;

/** Hours with two decimals, as every report shows them. */
export const roundHours = (ms: number) => Math.round((ms / HOUR) * 100) / 100;

/** The moment check-in opens for a shift: CHECK_IN_MINUTES_BEFORE before its start. */
export function checkInOpensAt(shift: Pick<RecordShift, 'startsAt'>): Date {
  return new Date(shift.startsAt.getTime() - CHECK_IN_MINUTES_BEFORE * MINUTE);
}

export function canCheckInAt(shift: Pick<RecordShift, 'startsAt'>, now: Date): boolean {
  return now.getTime() >= checkInOpensAt(shift).getTime();
}

/** Whether a tick may still stamp `now` as its time: until the correction window closes (a later stamp would lie outside it). */
export function canStampAt(shift: RecordShift, now: Date): boolean {
  return now.getTime() <= correctionWindow(shift).to.getTime();
}

/**
 * Whole minutes worked between check-in and check-out, counting only what has happened by `now`: a
 * time later than now (stored before such times were refused) counts up to now, so a record
 * whose check-in still lies ahead counts 0. Null until both are set, or when they are the wrong way round.
 */
export function workedMinutes(record: RecordTimes | null | undefined, now: Date): number | null {
  if (!record?.checkInAt || !record.checkOutAt) return null;
  if (record.checkOutAt.getTime() < record.checkInAt.getTime()) return null;
  const until = Math.min(record.checkOutAt.getTime(), now.getTime());
  return Math.round(Math.max(0, until - record.checkInAt.getTime()) / MINUTE);
}

/** An assigned shift that has ended with nobody checking the volunteer in. */
export function isNoShow(
  shift: Pick<RecordShift, 'endsAt'>,
  record: Pick<RecordTimes, 'checkInAt'> | null | undefined,
  now: Date,
  checkedIn = record?.checkInAt != null,
): boolean {
  return shift.endsAt.getTime() <= now.getTime() && !checkedIn;
}

/** A shift that has started with the volunteer not checked in (the live board's flag). */
export function isLate(
  shift: Pick<RecordShift, 'startsAt'>,
  record: Pick<RecordTimes, 'checkInAt'> | null | undefined,
  now: Date,
): boolean {
  return shift.startsAt.getTime() <= now.getTime() && !record?.checkInAt;
}

/** The span a corrected time may take: the shift's Pacific day, and the whole shift, widened by 12 hours either side. */
export function correctionWindow(shift: RecordShift): { from: Date; to: Date } {
  const dayStart = parsePacific(`${shift.day} 00:00`) ?? shift.startsAt;
  const nextDay = new Date(Date.parse(`${shift.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const dayEnd = parsePacific(`${nextDay} 00:00`) ?? shift.endsAt;
  return {
    from: new Date(Math.min(dayStart.getTime(), shift.startsAt.getTime()) - 12 * HOUR),
    to: new Date(Math.max(dayEnd.getTime(), shift.endsAt.getTime()) + 12 * HOUR),
  };
}

/**
 * What is wrong with a pair of times a team leader corrects, by field; empty when nothing is. A time
 * may not be later than `now` (the server's clock: nothing is recorded before it happens), must lie
 * in the correction window, and check-out must follow check-in.
 */
export function correctedTimesProblems(
  shift: RecordShift,
  times: RecordTimes,
  now: Date,
): Partial<Record<'checkInAt' | 'checkOutAt', string>> {
  const problems: Partial<Record<'checkInAt' | 'checkOutAt', string>> = {};
  const { from, to } = correctionWindow(shift);
  const outside = (at: Date | null) => at !== null && (at.getTime() < from.getTime() || at.getTime() > to.getTime());
  const future = (at: Date | null) => at !== null && at.getTime() > now.getTime();
  if (future(times.checkInAt)) problems.checkInAt = RECORD_MESSAGES.laterThanNow('check-in', now);
  else if (outside(times.checkInAt)) problems.checkInAt = RECORD_MESSAGES.outsideDay;
  if (future(times.checkOutAt)) problems.checkOutAt = RECORD_MESSAGES.laterThanNow('check-out', now);
  else if (outside(times.checkOutAt)) problems.checkOutAt = RECORD_MESSAGES.outsideDay;
  if (times.checkOutAt && !times.checkInAt) problems.checkOutAt = RECORD_MESSAGES.checkOutFirst;
  else if (times.checkOutAt && times.checkInAt && times.checkOutAt.getTime() <= times.checkInAt.getTime())
    problems.checkOutAt ??= RECORD_MESSAGES.outBeforeIn;
  return problems;
}

// ---- Reports ----

/** One assignment with its shift and record, as the reports read them. */
export interface AssignedRecord extends RecordTimes {
  shiftId: number;
  volunteerId: number;
  venueId: number;
  startsAt: Date;
  endsAt: Date;
  day: string;
  /** 1–5, or 0 for not rated. */
  rating: number;
  notes: string | null;
  /** The old boolean, for records checked in before times were kept. */
  checkIn: boolean;
}

export interface VolunteerFigures {
  scheduledHours: number;
  checkedInHours: number;
  shifts: number;
  noShows: number;
  averageRating: number | null;
}

/** One volunteer's figures from the records of their assigned (work) shifts. */
export function volunteerFigures(assigned: readonly AssignedRecord[], now: Date): VolunteerFigures {
  let scheduled = 0;
  let worked = 0;
  let noShows = 0;
  const ratings: number[] = [];
  for (const a of assigned) {
    scheduled += Math.max(0, a.endsAt.getTime() - a.startsAt.getTime());
    worked += (workedMinutes(a, now) ?? 0) * MINUTE;
    if (isNoShow(a, a, now, a.checkIn || a.checkInAt !== null)) noShows += 1;
    if (a.rating >= 1 && a.rating <= 5) ratings.push(a.rating);
  }
  return {
    scheduledHours: roundHours(scheduled),
    checkedInHours: roundHours(worked),
    shifts: assigned.length,
    noShows,
    averageRating: ratings.length ? Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 100) / 100 : null,
  };
}

export interface VenueDayShift {
  id: number;
  venueId: number;
  day: string;
  startsAt: Date;
  endsAt: Date;
  slots: number;
  assigned: number;
}

export interface VenueDayFigures {
  venueId: number;
  day: string;
  slots: number;
  filledSlots: number;
  plannedHours: number;
  workedHours: number;
  coverage: number;
}

/**
 * Per venue and Pacific day (the day a shift starts on): places, places filled (volunteers beyond a
 * shift's places fill none), planned hours (shift length × volunteers assigned) and worked hours (up to `now`).
 */
export function venueDayFigures(
  shifts: readonly VenueDayShift[],
  records: readonly (RecordTimes & { shiftId: number })[],
  now: Date,
): VenueDayFigures[] {
  const workedByShift = new Map<number, number>();
  for (const r of records) workedByShift.set(r.shiftId, (workedByShift.get(r.shiftId) ?? 0) + (workedMinutes(r, now) ?? 0) * MINUTE);
  const groups = new Map<string, { venueId: number; day: string; slots: number; filled: number; planned: number; worked: number }>();
  for (const s of shifts) {
    const key = `${s.venueId}:${s.day}`;
    const g = groups.get(key) ?? { venueId: s.venueId, day: s.day, slots: 0, filled: 0, planned: 0, worked: 0 };
    g.slots += s.slots;
    g.filled += Math.min(s.slots, s.assigned);
    g.planned += Math.max(0, s.endsAt.getTime() - s.startsAt.getTime()) * s.assigned;
    g.worked += workedByShift.get(s.id) ?? 0;
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || a.venueId - b.venueId)
    .map((g) => ({
      venueId: g.venueId,
      day: g.day,
      slots: g.slots,
      filledSlots: g.filled,
      plannedHours: roundHours(g.planned),
      workedHours: roundHours(g.worked),
      coverage: g.slots ? Math.round((g.filled / g.slots) * 10_000) / 10_000 : 0,
    }));
}

// ---- Logistics ----

export interface LogisticsPerson {
  id: number;
  name: string;
  svid: string;
  email: string;
  form: Partial<ConfirmationForm>;
}

/** How many t-shirts each in-person volunteer gets. */
export const SHIRTS_PER_PERSON = 2;

export interface LogisticsLabels {
  /** The passport answers with the edition's labels (passportStatuses). */
  passport: readonly { value: string; label: string }[];
  /** The two pre-conference days with their labels (preconferenceDays). */
  preconferenceDays: readonly { value: string; label: string }[];
}

/**
 * The totals the organisers order and plan from, each with the people behind it. T-shirts are for
 * the volunteers coming in person, two each; every other count is one per person.
 */
export function logisticsTotals(
  people: readonly LogisticsPerson[],
  labels: LogisticsLabels,
): { confirmed: number; inPerson: number; totals: LogisticsTotal[] } {
  const sorted = [...people].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const list = (key: string, label: string, pick: (form: Partial<ConfirmationForm>) => string | null, perPerson = 1): LogisticsTotal => {
    const chosen = sorted.flatMap((p) => {
      const detail = pick(p.form);
      return detail === null ? [] : [{ id: p.id, name: p.name, svid: p.svid, email: p.email, detail }];
    });
    return { key, label, count: chosen.length * perPerson, people: chosen };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const yes = (value: unknown) => (value === true ? '' : null);
  const known = new Set<string>(PASSPORT_STATUS_VALUES);
  const dayLabel = (value: unknown) => labels.preconferenceDays.find((d) => d.value === value)?.label ?? '';
  const totals: LogisticsTotal[] = [
    ...SHIRT_SIZES.map((size) =>
      list(
        `shirt:${size.value}`,
        `T-shirts, size ${size.label}`,
        (f) => (f.inPerson === true && f.shirtSize === size.value ? size.label : null),
        SHIRTS_PER_PERSON,
      ),
    ),
    list('diet', 'Dietary restrictions', (f) => (f.diet === true ? text(f.dietRestrictions) : null)),
    ...labels.passport
      .filter((p) => known.has(p.value))
      .map((p) => list(`passport:${p.value}`, `Passport: ${p.label}`, (f) => (f.passportStatus === p.value ? p.label : null))),
    list('emailConsent', 'Email consent', (f) => yes(f.emailConsent)),
    list('photoConsent', 'Photo and video consent', (f) => yes(f.photoConsent)),
    list('membership', 'Membership opt-in', (f) => yes(f.wantsMembership)),
    list('specialRequests', 'Special shift requests', (f) => (text(f.additionalInfo) ? text(f.additionalInfo) : null)),
    list('preconference', 'Pre-conference shifts', (f) =>
      f.preconfShifts === true ? `${dayLabel(f.preconfStart)} from ${text(f.preconfStartTime) || '12:00'}`.trim() : null,
    ),
    ...FORM_VENUE_PREFERENCES.map((key) => list(key, `${venuePreferenceLabel(key)} preference`, (f) => yes(f[key]))),
  ];
  return { confirmed: people.length, inPerson: people.filter((p) => p.form.inPerson === true).length, totals };
}
