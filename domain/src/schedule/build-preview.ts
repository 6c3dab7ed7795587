/**
 * A schedule build's preview, made from what the builder returned and the schedule it was compared
 * with: who gains and loses which shifts, the shifts left unfilled, everyone's hours before and after;
 * and, once it is stored, which of the two schedules the shifts in its scope hold now.
 */
import type { BuilderAssignment, BuilderVolunteer } from '../builder/rules.js';

/** Who holds which shift. */
export interface HeldShift {
  shiftId: number;
  volunteerId: number;
}

/** An assignment as stored: pinned by an organiser or not, made through an exception (the rules it set aside) or not (null). */
export interface StoredAssignmentFacts extends HeldShift {
  pinned: boolean;
  exceptionRules: unknown;
}

/** The days and venues a build covers; null: all of them. */
export interface BuildScopeFilter {
  days: readonly string[] | null;
  venueIds: readonly number[] | null;
}

/** A shift as the preview names it. */
export interface PreviewShift {
  label: string;
  day: string;
  venueName: string;
}

export interface PreviewInput {
  volunteers: readonly Pick<BuilderVolunteer, 'id' | 'name' | 'teamLeader' | 'expectedHours'>[];
  /** The shifts the build covers. */
  scope: ReadonlySet<number>;
  /** The schedule the build was compared with (every shift's; only those in scope count). */
  current: readonly HeldShift[];
  /** The assignments of the shifts in scope after the build. */
  built: readonly HeldShift[];
  unfilled: readonly { shiftId: number; free: number; reason: string }[];
  hoursBefore: Readonly<Record<number, number>>;
  hoursAfter: Readonly<Record<number, number>>;
  shift: (shiftId: number) => PreviewShift;
  /** A person's account: their full name and SV ID (undefined: the account is gone). */
  person: (volunteerId: number) => { name: string; svid: string | null } | undefined;
}

export interface BuildPreviewSummary {
  /** Assignments in scope in the schedule the build was compared with. */
  currentAssignments: number;
  unfilled: { shiftId: number; label: string; day: string; venueName: string; free: number; reason: string }[];
  people: {
    volunteerId: number;
    name: string;
    svid: string;
    teamLeader: boolean;
    expected: number;
    hoursBefore: number;
    hoursAfter: number;
  }[];
  /** Everyone whose shifts in scope the build changes: the shifts they gain and lose, each by id. */
  changes: {
    volunteerId: number;
    name: string;
    added: { shiftId: number; label: string }[];
    removed: { shiftId: number; label: string }[];
  }[];
}

/** The shifts a build covers: those on its days at its venues. */
export function shiftsInScope<S extends { day: string; venueId: number }>(shifts: readonly S[], scope: BuildScopeFilter): S[] {
  return shifts.filter((s) => (!scope.days || scope.days.includes(s.day)) && (!scope.venueIds || scope.venueIds.includes(s.venueId)));
}

/**
 * What a build keeps as it was: every assignment of a confirmed volunteer outside its scope, and in it
 * the pinned ones and those made through an exception (or all of them, when it keeps all).
 */
export function keptByBuild<A extends StoredAssignmentFacts>(
  assignments: readonly A[],
  scope: ReadonlySet<number>,
  confirmed: ReadonlySet<number>,
  keep: 'pinned' | 'all',
): A[] {
  return assignments.filter(
    (a) => confirmed.has(a.volunteerId) && (!scope.has(a.shiftId) || a.pinned || a.exceptionRules !== null || keep === 'all'),
  );
}

/** The preview of a build: its changes by person, its unfilled shifts, and everyone's hours before and after. */
export function buildPreview(input: PreviewInput): BuildPreviewSummary {
  const { scope, shift } = input;
  const label = (shiftId: number) => ({ shiftId, label: shift(shiftId).label });
  const byPerson = (assignments: readonly HeldShift[]) => {
    const held = new Map<number, Set<number>>();
    for (const a of assignments) held.set(a.volunteerId, (held.get(a.volunteerId) ?? new Set()).add(a.shiftId));
    return held;
  };
  const before = byPerson(input.current.filter((a) => scope.has(a.shiftId)));
  const after = byPerson(input.built);
  const only = (these: Set<number>, not: Set<number>) =>
    [...these]
      .filter((id) => !not.has(id))
      .sort((a, b) => a - b)
      .map(label);
  const changes = input.volunteers
    .map((v) => {
      const was = before.get(v.id) ?? new Set<number>();
      const will = after.get(v.id) ?? new Set<number>();
      return { volunteerId: v.id, name: input.person(v.id)?.name ?? `User ${v.id}`, added: only(will, was), removed: only(was, will) };
    })
    .filter((c) => c.added.length || c.removed.length);
  return {
    currentAssignments: input.current.filter((a) => scope.has(a.shiftId)).length,
    unfilled: input.unfilled.map((u) => {
      const { day, venueName } = shift(u.shiftId);
      return { ...label(u.shiftId), day, venueName, free: u.free, reason: u.reason };
    }),
    people: input.volunteers.map((v) => ({
      volunteerId: v.id,
      name: v.name,
      svid: input.person(v.id)?.svid ?? '',
      teamLeader: v.teamLeader,
      expected: v.expectedHours,
      hoursBefore: input.hoursBefore[v.id] ?? 0,
      hoursAfter: input.hoursAfter[v.id] ?? 0,
    })),
    changes,
  };
}

/** What turns one schedule into another: the assignments to remove (of `from`) and to add (of `to`). */
export function scheduleDifference<F extends HeldShift, T extends HeldShift>(
  from: readonly F[],
  to: readonly T[],
): { removed: F[]; added: T[] } {
  const key = (a: HeldShift) => `${a.shiftId}:${a.volunteerId}`;
  const wanted = new Set(to.map(key));
  const had = new Set(from.map(key));
  return { removed: from.filter((a) => !wanted.has(key(a))), added: to.filter((a) => !had.has(key(a))) };
}

/** A stored build as the comparison needs it: its status and the fingerprints of the two schedules. */
export interface ComparedBuild {
  status: string;
  /** The schedule in scope the build was made from. */
  basedOn: string | null;
  /** The schedule in scope it wrote, once applied. */
  appliedState: string | null;
}

/**
 * Which schedule the shifts in a build's scope hold now, by fingerprint: the build's (it is applied and
 * nothing changed since), the one it was made from, or neither (someone changed them since).
 */
export function scheduleInPlace(build: ComparedBuild, now: string): 'build' | 'current' | null {
  if (build.status === 'applied' && now === build.appliedState) return 'build';
  return now === build.basedOn ? 'current' : null;
}

/** An assignment as the rules see it: made through an exception or not. */
export function ruledAssignment(a: Omit<StoredAssignmentFacts, 'pinned'>): BuilderAssignment {
  return { shiftId: a.shiftId, volunteerId: a.volunteerId, exception: a.exceptionRules !== null };
}
