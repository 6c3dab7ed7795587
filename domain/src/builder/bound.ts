import { wrapLp } from './hours-bound.js';
import { type BuilderShift, type BuilderVolunteer, fitsShift, hoursOf } from './rules.js';

/**
 * An upper bound on how many slots any schedule can fill, as linear programs a solver (HiGHS)
 * answers: one per Pacific day, in CPLEX LP format. Volunteers who are alike for the day (same
 * role and led venues, experience, pre-conference wish, unavailability that day and daily maximum)
 * form a class of n people; x(c,s) is how many of class c work shift s, relaxed to a real number.
 * A class can be in at most n places at any moment (a constraint at each shift start), within its daily
 * hours, and a shift holds at most its slots. Dropping integrality, the rest rule and overlaps
 * across midnight only loosens it: every real schedule is a solution, so the optimum bounds them.
 */
export interface BoundModel {
  day: string;
  /** The program, or null when the day's bound is plain (no shift anyone could take). */
  lp: string | null;
  /** A quick bound for the day without a solver: each shift's slots, capped by who could take it. */
  simpleBound: number;
}

interface VolunteerClass {
  size: number;
  sample: BuilderVolunteer;
  maxHoursPerDay: number | null;
}

/** What sets volunteers apart on a day; the pre-conference wish matters only on a day with pre-conference shifts. */
function classKey(volunteer: BuilderVolunteer, dayStart: number, dayEnd: number, preconferenceDay: boolean): string {
  const gaps = volunteer.unavailable
    .filter((g) => g.start < dayEnd && dayStart < g.end)
    .map((g) => [Math.max(g.start, dayStart), Math.min(g.end, dayEnd)]);
  return JSON.stringify([
    volunteer.teamLeader,
    volunteer.teamLeader ? [...volunteer.ledVenues].sort((a, b) => a - b) : null,
    volunteer.teamLeader || volunteer.experienceYears >= 1,
    preconferenceDay ? [volunteer.preconference.wanted, volunteer.preconference.from] : null,
    gaps,
    volunteer.maxHoursPerDay,
  ]);
}

export function coverageBoundModels(volunteers: readonly BuilderVolunteer[], shifts: readonly BuilderShift[]): BoundModel[] {
  const byDay = new Map<string, BuilderShift[]>();
  for (const shift of shifts) byDay.set(shift.day, [...(byDay.get(shift.day) ?? []), shift]);
  const models: BoundModel[] = [];
  for (const [day, dayShifts] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const dayStart = Math.min(...dayShifts.map((s) => s.start));
    const dayEnd = Math.max(...dayShifts.map((s) => s.end));
    const classes = new Map<string, VolunteerClass>();
    const preconferenceDay = dayShifts.some((s) => s.preconference);
    for (const volunteer of volunteers) {
      const key = classKey(volunteer, dayStart, dayEnd, preconferenceDay);
      const existing = classes.get(key);
      if (existing) existing.size += 1;
      else classes.set(key, { size: 1, sample: volunteer, maxHoursPerDay: volunteer.maxHoursPerDay });
    }
    const list = [...classes.values()];
    const eligible = list.map((c) => dayShifts.filter((s) => fitsShift(c.sample, s, [])));
    let simpleBound = 0;
    for (const shift of dayShifts) {
      const people = list.reduce((n, c, i) => n + (eligible[i]!.includes(shift) ? c.size : 0), 0);
      simpleBound += Math.min(shift.slots, people);
    }
    if (simpleBound === 0) {
      models.push({ day, lp: null, simpleBound });
      continue;
    }

    const variable = (c: number, s: BuilderShift) => `x_${c}_${s.id}`;
    const objective: string[] = [];
    const constraints: string[] = [];
    const bounds: string[] = [];
    const perShift = new Map<number, string[]>();
    list.forEach((cls, c) => {
      const mine = eligible[c]!;
      for (const s of mine) {
        const name = variable(c, s);
        objective.push(name);
        bounds.push(` 0 <= ${name} <= ${Math.min(cls.size, s.slots)}`);
        perShift.set(s.id, [...(perShift.get(s.id) ?? []), name]);
      }
      // At each moment a shift starts, the class is in at most `size` places.
      const starts = [...new Set(mine.map((s) => s.start))];
      for (const t of starts) {
        const active = mine.filter((s) => s.start <= t && t < s.end);
        if (active.length > 1) constraints.push(` t_${c}_${t}: ${active.map((s) => variable(c, s)).join(' + ')} <= ${cls.size}`);
      }
      if (cls.maxHoursPerDay !== null && mine.length) {
        constraints.push(` d_${c}: ${mine.map((s) => `${hoursOf(s)} ${variable(c, s)}`).join(' + ')} <= ${cls.size * cls.maxHoursPerDay}`);
      }
    });
    for (const shift of dayShifts) {
      const names = perShift.get(shift.id);
      if (names && names.length > 1) constraints.push(` s_${shift.id}: ${names.join(' + ')} <= ${shift.slots}`);
    }
    const lines = [
      'Maximize',
      ` filled: ${objective.join(' + ')}`,
      'Subject To',
      ...(constraints.length ? constraints : [' none: 0 x_none <= 1']),
      'Bounds',
      ...bounds,
      'End',
    ];
    models.push({ day, lp: wrapLp(lines), simpleBound });
  }
  return models;
}
