/**
 * The hard rules of a schedule, stated once: the builder never breaks them, and the manual
 * assignment routes and the CSV import refuse an assignment that does. Times are instants in
 * milliseconds; days are Pacific calendar days (YYYY-MM-DD), as the shifts are.
 */

/** Who may take a shift beyond the usual rules. */
export const SHIFT_REQUIREMENTS = ['none', 'experienced', 'team-leader'] as const;
export type ShiftRequirement = (typeof SHIFT_REQUIREMENTS)[number];

export interface BuilderShift {
  id: number;
  venueId: number;
  /** Start and end instants (ms), end exclusive. */
  start: number;
  end: number;
  /** The Pacific day the shift starts on. */
  day: string;
  slots: number;
  /** A shift before the first day of service: only for volunteers who asked for pre-conference shifts. */
  preconference: boolean;
  requires: ShiftRequirement;
}

export interface BuilderVolunteer {
  id: number;
  name: string;
  teamLeader: boolean;
  /** Hours the edition expects of them (svHours or tlHours). */
  expectedHours: number;
  /** Years of earlier volunteering (the application's and the portal's records). */
  experienceYears: number;
  /** Venues they asked for (resolved from their confirmation form); empty: no preference. */
  preferredVenues: readonly number[];
  /** Pre-conference shifts: whether they asked, and the instant from which they can start. */
  preconference: { wanted: boolean; from: number | null };
  /** Intervals (ms) they cannot work. */
  unavailable: readonly { start: number; end: number }[];
  /** Most hours of shifts starting on one Pacific day; null: no limit. */
  maxHoursPerDay: number | null;
  /** Least minutes between the end of one shift and the start of the next; null or 0: none. */
  minRestMinutes: number | null;
}

export type RuleName = 'capacity' | 'overlap' | 'unavailable' | 'preconference' | 'daily-maximum' | 'rest' | 'experience' | 'team-leader';

export interface RuleBreak {
  rule: RuleName;
  volunteerId: number;
  shiftId: number;
  message: string;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const hoursOf = (shift: Pick<BuilderShift, 'start' | 'end'>): number => (shift.end - shift.start) / HOUR;

const round = (hours: number) => Math.round(hours * 100) / 100;

/**
 * Why `volunteer` cannot take `shift` on top of the shifts they hold (`held`, without `shift`);
 * empty when they can. Capacity is the shift's own rule: see `capacityBreaks`.
 */
export function assignmentBreaks(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[]): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  const fail = (rule: RuleName, message: string) => breaks.push({ rule, volunteerId: volunteer.id, shiftId: shift.id, message });
  const who = volunteer.name;

  const clash = held.find((other) => other.id !== shift.id && other.start < shift.end && shift.start < other.end);
  if (clash) fail('overlap', `${who} already works another shift at that time (shift ${clash.id}).`);

  if (volunteer.unavailable.some((gap) => gap.start < shift.end && shift.start < gap.end))
    fail('unavailable', `${who} is not available at that time.`);

  if (shift.preconference) {
    if (!volunteer.preconference.wanted) fail('preconference', `${who} did not ask for pre-conference shifts.`);
    else if (volunteer.preconference.from !== null && shift.start < volunteer.preconference.from) {
      fail('preconference', `${who} can start pre-conference shifts only later than this one starts.`);
    }
  }

  if (volunteer.maxHoursPerDay !== null) {
    const sameDay = held.filter((other) => other.id !== shift.id && other.day === shift.day);
    const total = sameDay.reduce((sum, other) => sum + hoursOf(other), hoursOf(shift));
    if (total > volunteer.maxHoursPerDay + 1e-9)
      fail('daily-maximum', `${who} would work ${round(total)} hours on ${shift.day}; their maximum is ${volunteer.maxHoursPerDay}.`);
  }

  const rest = (volunteer.minRestMinutes ?? 0) * MINUTE;
  if (rest > 0) {
    const tooClose = held.find((other) => {
      if (other.id === shift.id) return false;
      const gap = other.start >= shift.end ? other.start - shift.end : shift.start - other.end;
      return gap >= 0 && gap < rest;
    });
    if (tooClose)
      fail('rest', `${who} needs ${volunteer.minRestMinutes} minutes of rest between shifts (shift ${tooClose.id} is too close).`);
  }

  if (shift.requires === 'experienced' && volunteer.experienceYears < 1 && !volunteer.teamLeader)
    fail('experience', `This shift needs an experienced volunteer; ${who} has not volunteered before.`);
  if (shift.requires === 'team-leader' && !volunteer.teamLeader) fail('team-leader', `This shift needs a team leader; ${who} is not one.`);
  return breaks;
}

export interface BuilderAssignment {
  volunteerId: number;
  shiftId: number;
}

/** Every shift holding more volunteers than it has slots. */
export function capacityBreaks(shifts: readonly BuilderShift[], assignments: readonly BuilderAssignment[]): RuleBreak[] {
  const counts = new Map<number, number>();
  for (const a of assignments) counts.set(a.shiftId, (counts.get(a.shiftId) ?? 0) + 1);
  return shifts
    .filter((shift) => (counts.get(shift.id) ?? 0) > shift.slots)
    .map((shift) => ({
      rule: 'capacity' as const,
      volunteerId: 0,
      shiftId: shift.id,
      message: `Shift ${shift.id} has ${counts.get(shift.id)} volunteers for ${shift.slots} places.`,
    }));
}

/** Every hard rule a whole schedule breaks (none for a valid one); each pair is checked against the rest of its volunteer's shifts. */
export function scheduleBreaks(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  assignments: readonly BuilderAssignment[],
): RuleBreak[] {
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const held = new Map<number, BuilderShift[]>();
  for (const a of assignments) {
    const shift = shiftById.get(a.shiftId);
    if (shift) held.set(a.volunteerId, [...(held.get(a.volunteerId) ?? []), shift]);
  }
  const breaks = capacityBreaks(shifts, assignments);
  for (const volunteer of volunteers) {
    const mine = held.get(volunteer.id) ?? [];
    mine.forEach((shift, i) => {
      // The same shift twice is a clash with itself.
      if (mine.indexOf(shift) !== i)
        breaks.push({
          rule: 'overlap',
          volunteerId: volunteer.id,
          shiftId: shift.id,
          message: `${volunteer.name} is on shift ${shift.id} twice.`,
        });
      else
        breaks.push(
          ...assignmentBreaks(
            volunteer,
            shift,
            mine.filter((other) => other !== shift),
          ),
        );
    });
  }
  return breaks;
}
