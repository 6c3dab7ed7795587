/**
 * The hard rules of a schedule, stated once: every path that changes who works when (the builder and
 * a build's apply, manual assignment, CSV import, fill a shift, team leaders' proposals and their
 * acceptance, swaps) decides by them. Times are instants in milliseconds; days are Pacific calendar
 * days (YYYY-MM-DD), as the shifts are.
 */
import { formatShiftDay, formatShiftTime } from '../schedule/time.js';

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
  /** The venues a team leader leads: the only venues where they work unless an administrator decides otherwise. */
  ledVenues: readonly number[];
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

/** The rules, in the order they are checked: the first that blocks someone is the one named for them. */
export const RULE_NAMES = [
  'capacity',
  'preconference',
  'team-leader',
  'team-leader-venue',
  'experience',
  'unavailable',
  'overlap',
  'daily-maximum',
  'rest',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** What an administrator can never set aside: a shift's places and being in two places at once. */
export const UNEXCEPTABLE_RULES: readonly RuleName[] = ['capacity', 'overlap'];
export const isExceptable = (rule: RuleName): boolean => !UNEXCEPTABLE_RULES.includes(rule);

/** Why one person is blocked, finer than the rule where the numbers differ (not asked vs. not that early). */
export type RuleCause =
  | 'preconference-not-asked'
  | 'preconference-later'
  | 'team-leader'
  | 'team-leader-venue'
  | 'experience'
  | 'unavailable'
  | 'overlap'
  | 'daily-maximum'
  | 'rest';

export interface RuleBreak {
  rule: RuleName;
  cause: RuleCause | 'capacity';
  volunteerId: number;
  shiftId: number;
  message: string;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const hoursOf = (shift: Pick<BuilderShift, 'start' | 'end'>): number => (shift.end - shift.start) / HOUR;

const round = (hours: number) => Math.round(hours * 100) / 100;

/** Called for each rule broken, in RULE_NAMES order; answers whether to stop. The message is made only when asked for. */
type Report = (rule: RuleName, cause: RuleCause, message: () => string) => boolean;

/** The one statement of the person rules (every rule but capacity); `report` hears each break in order. */
function checkRules(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[], report: Report): void {
  if (shift.preconference) {
    if (!volunteer.preconference.wanted) {
      if (report('preconference', 'preconference-not-asked', () => `${volunteer.name} did not ask for pre-conference shifts.`)) return;
    } else if (volunteer.preconference.from !== null && shift.start < volunteer.preconference.from) {
      const from = volunteer.preconference.from;
      const message = () =>
        `${volunteer.name} can start pre-conference shifts only from ` +
        `${formatShiftDay(new Date(from))}, ${formatShiftTime(new Date(from))}.`;
      if (report('preconference', 'preconference-later', message)) return;
    }
  }

  if (shift.requires === 'team-leader' && !volunteer.teamLeader) {
    if (report('team-leader', 'team-leader', () => `This shift needs a team leader; ${volunteer.name} is not one.`)) return;
  }
  if (volunteer.teamLeader && !volunteer.ledVenues.includes(shift.venueId)) {
    const message = () =>
      volunteer.ledVenues.length
        ? `${volunteer.name} is a team leader of other venues; team leaders work at the venues they lead.`
        : `${volunteer.name} is a team leader who leads no venue yet; team leaders work at the venues they lead.`;
    if (report('team-leader-venue', 'team-leader-venue', message)) return;
  }
  if (shift.requires === 'experienced' && volunteer.experienceYears < 1 && !volunteer.teamLeader) {
    const message = () => `This shift needs an experienced volunteer; ${volunteer.name} has not volunteered before.`;
    if (report('experience', 'experience', message)) return;
  }

  // Plain loops below, not some/find: the builder asks these rules millions of times on a large edition.
  for (const gap of volunteer.unavailable) {
    if (!(gap.start < shift.end && shift.start < gap.end)) continue;
    if (report('unavailable', 'unavailable', () => `${volunteer.name} is not available at that time.`)) return;
    break;
  }

  for (const clash of held) {
    if (clash.id === shift.id || !(clash.start < shift.end && shift.start < clash.end)) continue;
    if (report('overlap', 'overlap', () => `${volunteer.name} already works another shift at that time (shift ${clash.id}).`)) return;
    break;
  }

  if (volunteer.maxHoursPerDay !== null) {
    let total = hoursOf(shift);
    for (const other of held) if (other.id !== shift.id && other.day === shift.day) total += hoursOf(other);
    const most = volunteer.maxHoursPerDay;
    if (total > most + 1e-9) {
      const message = () => `${volunteer.name} would work ${round(total)} hours on ${formatShiftDay(shift.day)}; their maximum is ${most}.`;
      if (report('daily-maximum', 'daily-maximum', message)) return;
    }
  }

  const rest = (volunteer.minRestMinutes ?? 0) * MINUTE;
  if (rest > 0) {
    for (const tooClose of held) {
      if (tooClose.id === shift.id) continue;
      const gap = tooClose.start >= shift.end ? tooClose.start - shift.end : shift.start - tooClose.end;
      if (!(gap >= 0 && gap < rest)) continue;
      const message = () =>
        `${volunteer.name} needs ${volunteer.minRestMinutes} minutes of rest between shifts (shift ${tooClose.id} is too close).`;
      report('rest', 'rest', message);
      break;
    }
  }
}

/**
 * Every rule `volunteer` breaks by taking `shift` on top of the shifts they hold (`held`, without
 * `shift`), in RULE_NAMES order; empty when they can. Capacity is the shift's own rule: see
 * `capacityBreaks`.
 */
export function assignmentBreaks(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[]): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  checkRules(volunteer, shift, held, (rule, cause, message) => {
    breaks.push({ rule, cause, volunteerId: volunteer.id, shiftId: shift.id, message: message() });
    return false;
  });
  return breaks;
}

/** The first rule that keeps `volunteer` off `shift` (what "why not" names), or null when they fit. */
export function firstBreak(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[]): RuleBreak | null {
  let found: RuleBreak | null = null;
  checkRules(volunteer, shift, held, (rule, cause, message) => {
    found = { rule, cause, volunteerId: volunteer.id, shiftId: shift.id, message: message() };
    return true;
  });
  return found;
}

/** Whether `volunteer` may take `shift` on top of `held` under every person rule (no words made: the builder asks this often). */
export function fitsShift(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[]): boolean {
  let fits = true;
  checkRules(volunteer, shift, held, () => {
    fits = false;
    return true;
  });
  return fits;
}

/** The cause of the first rule that keeps `volunteer` off `shift`, or null when they fit: `firstBreak` without its words. */
export function firstCause(volunteer: BuilderVolunteer, shift: BuilderShift, held: readonly BuilderShift[]): RuleCause | null {
  let found: RuleCause | null = null;
  checkRules(volunteer, shift, held, (_rule, cause) => {
    found = cause;
    return true;
  });
  return found;
}

export interface BuilderAssignment {
  volunteerId: number;
  shiftId: number;
  /** Made by an administrator despite a rule, with a reason: only capacity and overlap hold it. */
  exception?: boolean;
}

/** A break of a shift's places (volunteerId 0: the shift's own rule, nobody's in particular). */
export const capacityBreak = (shiftId: number, message: string, volunteerId = 0): RuleBreak => ({
  rule: 'capacity',
  cause: 'capacity',
  volunteerId,
  shiftId,
  message,
});

/** One person on one shift twice: a clash with itself. */
export const twiceBreak = (volunteer: Pick<BuilderVolunteer, 'id' | 'name'>, shiftId: number): RuleBreak => ({
  rule: 'overlap',
  cause: 'overlap',
  volunteerId: volunteer.id,
  shiftId,
  message: `${volunteer.name} is on shift ${shiftId} twice.`,
});

/** Every shift holding more volunteers than it has slots. */
export function capacityBreaks(shifts: readonly BuilderShift[], assignments: readonly BuilderAssignment[]): RuleBreak[] {
  const counts = new Map<number, number>();
  for (const a of assignments) counts.set(a.shiftId, (counts.get(a.shiftId) ?? 0) + 1);
  return shifts
    .filter((shift) => (counts.get(shift.id) ?? 0) > shift.slots)
    .map((shift) => capacityBreak(shift.id, `Shift ${shift.id} has ${counts.get(shift.id)} volunteers for ${shift.slots} places.`));
}

/**
 * Every hard rule a whole schedule breaks (none for a valid one); each assignment is checked against
 * the rest of its volunteer's shifts. An exception sets aside every rule but capacity and overlap for
 * its own assignment, and what it brings about for the others (the hours it adds to a day, the rest it
 * shortens): those are checked against the shifts that are not exceptions.
 */
export function scheduleBreaks(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  assignments: readonly BuilderAssignment[],
): RuleBreak[] {
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const held = new Map<number, { shift: BuilderShift; exception: boolean }[]>();
  for (const a of assignments) {
    const shift = shiftById.get(a.shiftId);
    if (shift) held.set(a.volunteerId, [...(held.get(a.volunteerId) ?? []), { shift, exception: a.exception === true }]);
  }
  const breaks = capacityBreaks(shifts, assignments);
  for (const volunteer of volunteers) {
    const mine = held.get(volunteer.id) ?? [];
    mine.forEach(({ shift, exception }, i) => {
      if (mine.findIndex((other) => other.shift === shift) !== i) {
        breaks.push(twiceBreak(volunteer, shift.id));
        return;
      }
      const others = mine.filter((other) => other.shift !== shift);
      if (exception)
        breaks.push(
          ...assignmentBreaks(
            volunteer,
            shift,
            others.map((o) => o.shift),
          ).filter((b) => !isExceptable(b.rule)),
        );
      else
        breaks.push(
          ...assignmentBreaks(
            volunteer,
            shift,
            others.filter((o) => !o.exception).map((o) => o.shift),
          ),
        );
    });
  }
  return breaks;
}

/** How many people one cause keeps off a shift, in words ("4 work another shift then"). */
export function causeText(cause: RuleCause, count: number, shift: Pick<BuilderShift, 'start'>): string {
  const one = count === 1;
  switch (cause) {
    case 'preconference-not-asked':
      return `${count} did not ask for pre-conference shifts`;
    case 'preconference-later':
      return `${count} can start only after ${formatShiftTime(new Date(shift.start))}`;
    case 'team-leader':
      return `${count} ${one ? 'is not a team leader' : 'are not team leaders'}`;
    case 'team-leader-venue':
      return `${count} ${one ? 'is a team leader of other venues' : 'are team leaders of other venues'}`;
    case 'experience':
      return `${count} ${one ? 'has' : 'have'} not volunteered before`;
    case 'unavailable':
      return `${count} ${one ? 'is' : 'are'} not available then`;
    case 'overlap':
      return `${count} ${one ? 'works' : 'work'} another shift then`;
    case 'daily-maximum':
      return `${count} would pass their most hours that day`;
    case 'rest':
      return `${count} would have too little rest between shifts`;
  }
}

/**
 * Why places of a shift stay free, from the first rule that keeps each person off it, most common
 * first: "3 free places: 412 did not ask for pre-conference shifts, 4 can start only after 3:00 PM,
 * 1 works another shift then".
 */
export function unfilledReason(shift: Pick<BuilderShift, 'start'>, free: number, causes: ReadonlyMap<RuleCause, number>): string {
  const places = `${free} free place${free === 1 ? '' : 's'}`;
  const counted = [...causes.entries()].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!counted.length) return `${places}: nobody is confirmed who could be asked.`;
  return `${places}: ${counted.map(([cause, n]) => causeText(cause, n, shift)).join(', ')}.`;
}
