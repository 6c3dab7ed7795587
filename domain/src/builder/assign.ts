import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type RuleBreak,
  type RuleName,
  assignmentBreaks,
  capacityBreak,
  firstBreak,
  isExceptable,
  twiceBreak,
} from './rules.js';

/** The longest reason an administrator may give for an exception. */
export const EXCEPTION_REASON_MAX = 500;

export const EXCEPTION_MESSAGES = {
  reasonNeeded: 'To assign them anyway, give a reason for an exception.',
  reasonTooLong: `Keep the reason for the exception to ${EXCEPTION_REASON_MAX} characters.`,
  never: 'No exception can be made to a shift’s places or to working two shifts at once.',
} as const;

/** An exception as it is kept with its assignment: the rules set aside, and who did it, when and why. */
export interface AssignmentException {
  rules: RuleName[];
  reason: string;
}

export type AssignmentVerdict =
  | { ok: true; exception: AssignmentException | null }
  | {
      ok: false;
      breaks: RuleBreak[];
      /** Whether an administrator's reason would let it through (no capacity or overlap among the breaks). */
      exceptable: boolean;
    };

/**
 * Whether `volunteer` may take a place on `shift` on top of the shifts they hold (`held`), with
 * `taken` places already filled by others: every rule of rules.ts, capacity included. The one
 * decision behind manual assignment, import rows, fill a shift and accepted proposals. With an
 * administrator's `reason`, every rule but capacity and overlap is set aside, and the rules set aside
 * are named as the exception's; a reason where no rule is broken records nothing.
 */
export function assignmentVerdict(
  volunteer: BuilderVolunteer,
  shift: BuilderShift,
  held: readonly BuilderShift[],
  taken: number,
  reason: string | null = null,
): AssignmentVerdict {
  const breaks = assignmentBreaks(
    volunteer,
    shift,
    held.filter((s) => s.id !== shift.id),
  );
  if (taken >= shift.slots)
    breaks.unshift(capacityBreak(shift.id, `This shift has no free place (${shift.slots} of ${shift.slots} taken).`, volunteer.id));
  if (!breaks.length) return { ok: true, exception: null };
  const exceptable = breaks.every((b) => isExceptable(b.rule));
  const given = reason?.trim() ?? '';
  if (exceptable && given) return { ok: true, exception: { rules: [...new Set(breaks.map((b) => b.rule))], reason: given } };
  return { ok: false, breaks, exceptable };
}

/**
 * What a build's apply would break in the schedule as it is at apply time: each assignment the build
 * adds (`target` minus what `current` holds) must pass every rule against everything its volunteer
 * will hold, exceptions included, and no shift in scope may end up over its places. What stays (kept
 * and outside the scope) is not judged again here: it was judged when it was made.
 */
export function applyBreaks(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  current: readonly BuilderAssignment[],
  target: readonly BuilderAssignment[],
  scope: ReadonlySet<number>,
): RuleBreak[] {
  const key = (a: BuilderAssignment) => `${a.shiftId}:${a.volunteerId}`;
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const volunteerById = new Map(volunteers.map((v) => [v.id, v]));
  const after = [...current.filter((a) => !scope.has(a.shiftId)), ...target];
  const had = new Set(current.map(key));
  const held = new Map<number, BuilderShift[]>();
  for (const a of after) {
    const shift = shiftById.get(a.shiftId);
    if (shift) held.set(a.volunteerId, [...(held.get(a.volunteerId) ?? []), shift]);
  }
  const breaks: RuleBreak[] = [];
  const counts = new Map<number, number>();
  for (const a of after) counts.set(a.shiftId, (counts.get(a.shiftId) ?? 0) + 1);
  for (const id of scope) {
    const shift = shiftById.get(id);
    if (shift && (counts.get(id) ?? 0) > shift.slots)
      breaks.push(capacityBreak(id, `Shift ${id} would have ${counts.get(id)} volunteers for ${shift.slots} places.`));
  }
  for (const a of target) {
    if (had.has(key(a))) continue;
    const volunteer = volunteerById.get(a.volunteerId);
    const shift = shiftById.get(a.shiftId);
    if (!volunteer || !shift) continue;
    const others = held.get(a.volunteerId)!;
    if (others.filter((s) => s.id === shift.id).length > 1) breaks.push(twiceBreak(volunteer, shift.id));
    breaks.push(
      ...assignmentBreaks(
        volunteer,
        shift,
        others.filter((s) => s !== shift),
      ),
    );
  }
  return breaks;
}

/** One person against one shift (fill a shift's "why not"). */
export interface PersonAgainstShift {
  volunteerId: number;
  onShift: boolean;
  /** Could take a free place now under every rule. */
  fits: boolean;
  /** The first rule that keeps them off it (capacity when nothing else does and no place is free); null when they fit or are on it. */
  blockedBy: RuleBreak | null;
  /** An administrator could assign them anyway, giving a reason: a free place, and only rules that may be set aside. */
  exceptable: boolean;
}

/**
 * Every person against `shift`: on it, fits, or the first rule that keeps them off it, as every path
 * would judge it now (`held`: what each person holds; `free`: the shift's free places).
 */
export function peopleAgainstShift(
  shift: BuilderShift,
  volunteers: readonly BuilderVolunteer[],
  held: ReadonlyMap<number, readonly BuilderShift[]>,
  free: number,
): PersonAgainstShift[] {
  return volunteers.map((volunteer) => {
    const mine = held.get(volunteer.id) ?? [];
    if (mine.some((s) => s.id === shift.id))
      return { volunteerId: volunteer.id, onShift: true, fits: false, blockedBy: null, exceptable: false };
    const broken = firstBreak(volunteer, shift, mine);
    const blockedBy = broken ?? (free > 0 ? null : capacityBreak(shift.id, 'This shift has no free place.', volunteer.id));
    return {
      volunteerId: volunteer.id,
      onShift: false,
      fits: blockedBy === null,
      blockedBy,
      exceptable:
        blockedBy !== null &&
        free > 0 &&
        isExceptable(blockedBy.rule) &&
        !assignmentBreaks(volunteer, shift, mine).some((b) => !isExceptable(b.rule)),
    };
  });
}
