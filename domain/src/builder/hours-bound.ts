import { type BuilderShift, type BuilderVolunteer, fitsShift } from './rules.js';

/**
 * Lower bounds on how far from their expectation any schedule must leave people, as programs a
 * solver (HiGHS) answers in CPLEX LP format. Volunteers alike in every rule form a class of n; h(c,G)
 * is the hours class c works in a group G of shifts (the shifts of one day that exactly the same
 * classes may take). A group's slot hours bound what its classes share, and a class works on a day at
 * most n × the most one member could work alone that day (shifts they may take, neither overlapping
 * nor closer than their rest, within their daily maximum). Who holds which shift at a given moment is
 * dropped, so every real schedule is a solution, and each optimum is a lower bound: on the largest
 * shortfall, on the mean shortfall, on the hours spread (a quadratic program: within a class, uneven
 * hours only add to it), and on how far short of expected − 3 h the slots must leave someone.
 */
export interface HoursBoundPrograms {
  largestShortfall: string;
  /** Divide the optimum by `people`. */
  meanShortfall: string;
  /** The optimum is Σ n(c)·(average difference − mean)²: the spread is √(optimum ÷ people). */
  hoursSpread: string;
  /** 0 at the optimum: the slots allow everyone who could alone to be within 3 h of their expectation at once. */
  within3h: string;
  people: number;
  /** The most hours each volunteer could work alone, in all. */
  capacityOf: Map<number, number>;
}

const HOUR = 3_600_000;

const classKey = (v: BuilderVolunteer) =>
  JSON.stringify([
    v.teamLeader,
    v.teamLeader ? [...v.ledVenues].sort((a, b) => a - b) : null,
    v.experienceYears >= 1,
    v.preconference.wanted,
    v.preconference.from,
    v.unavailable.map((g) => [g.start, g.end]).sort((a, b) => a[0]! - b[0]!),
    v.maxHoursPerDay,
    v.minRestMinutes ?? 0,
    v.expectedHours,
  ]);

/** Most hours among `shifts` one person can hold together: none overlapping, `restMs` apart (weighted interval scheduling). */
export function mostHoursAlone(shifts: readonly BuilderShift[], restMs: number): number {
  const sorted = [...shifts].sort((a, b) => a.end - b.end);
  const best = [0];
  for (let i = 0; i < sorted.length; i++) {
    const shift = sorted[i]!;
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.end + restMs <= shift.start) lo = mid + 1;
      else hi = mid;
    }
    best.push(Math.max(best[i]!, best[lo]! + (shift.end - shift.start) / HOUR));
  }
  return best[sorted.length]!;
}

interface VolunteerClass {
  sample: BuilderVolunteer;
  members: BuilderVolunteer[];
  capacityByDay: Map<string, number>;
  capacity: number;
}

export function hoursBoundPrograms(volunteers: readonly BuilderVolunteer[], shifts: readonly BuilderShift[]): HoursBoundPrograms {
  const classes = new Map<string, VolunteerClass>();
  for (const volunteer of volunteers) {
    const key = classKey(volunteer);
    const found = classes.get(key);
    if (found) found.members.push(volunteer);
    else classes.set(key, { sample: volunteer, members: [volunteer], capacityByDay: new Map(), capacity: 0 });
  }
  const list = [...classes.values()];
  const days = [...new Set(shifts.map((s) => s.day))].sort();

  const groups = new Map<string, { day: string; classes: number[]; slotHours: number; shifts: BuilderShift[] }>();
  for (const shift of shifts) {
    const eligible = list.flatMap((c, i) => (fitsShift(c.sample, shift, []) ? [i] : []));
    if (!eligible.length) continue;
    const key = `${shift.day}|${eligible.join(',')}`;
    const group = groups.get(key) ?? { day: shift.day, classes: eligible, slotHours: 0, shifts: [] };
    group.slotHours += shift.slots * ((shift.end - shift.start) / HOUR);
    group.shifts.push(shift);
    groups.set(key, group);
  }
  const groupList = [...groups.values()];
  for (const [i, c] of list.entries()) {
    for (const day of days) {
      const mine = groupList.filter((g) => g.day === day && g.classes.includes(i)).flatMap((g) => g.shifts);
      const alone = mostHoursAlone(mine, (c.sample.minRestMinutes ?? 0) * 60_000);
      c.capacityByDay.set(day, c.sample.maxHoursPerDay === null ? alone : Math.min(alone, c.sample.maxHoursPerDay));
    }
    c.capacity = [...c.capacityByDay.values()].reduce((a, b) => a + b, 0);
  }

  const variable = (c: number, g: number) => `h_${c}_${g}`;
  const hoursOfClass: string[][] = list.map(() => []);
  const perDay = list.map(() => new Map<string, string[]>());
  const perGroup: string[][] = groupList.map(() => []);
  groupList.forEach((group, g) => {
    for (const c of group.classes) {
      const name = variable(c, g);
      hoursOfClass[c]!.push(name);
      perGroup[g]!.push(name);
      perDay[c]!.set(group.day, [...(perDay[c]!.get(group.day) ?? []), name]);
    }
  });
  const shared: string[] = [];
  groupList.forEach((group, g) => shared.push(` g_${g}: ${perGroup[g]!.join(' + ')} <= ${group.slotHours}`));
  list.forEach((c, i) => {
    for (const [day, names] of perDay[i]!)
      shared.push(` d_${i}_${day.replaceAll('-', '')}: ${names.join(' + ')} <= ${c.members.length * c.capacityByDay.get(day)!}`);
  });
  const sum = (names: string[]) => (names.length ? names.join(' + ') : '0 h_none');
  const program = (objective: string, constraints: string[], bounds: string[]) =>
    wrapLp(['Minimize', ` obj: ${objective}`, 'Subject To', ...shared, ...constraints, 'Bounds', ...bounds, 'End']);
  const reachable = list.map((c, i) => ({ c, i })).filter(({ c }) => c.capacity >= c.sample.expectedHours - 3 - 1e-9);
  return {
    largestShortfall: program(
      'z',
      list.map((c, i) => ` s_${i}: ${sum(hoursOfClass[i]!)} + ${c.members.length} z >= ${c.members.length * c.sample.expectedHours}`),
      [' z >= 0'],
    ),
    meanShortfall: program(
      list.map((_, i) => `u_${i}`).join(' + ') || '0 u_none',
      list.map((c, i) => ` m_${i}: ${sum(hoursOfClass[i]!)} + u_${i} >= ${c.members.length * c.sample.expectedHours}`),
      list.map((_, i) => ` u_${i} >= 0`),
    ),
    hoursSpread: program(
      `[ ${list.map((c, i) => `${2 * c.members.length} y_${i}^2`).join(' + ')} ] / 2`,
      list.map(
        (c, i) =>
          ` y_${i}: ${sum(hoursOfClass[i]!)} - ${c.members.length} y_${i} - ${c.members.length} m ` +
          `= ${c.members.length * c.sample.expectedHours}`,
      ),
      [' m free', ...list.map((_, i) => ` y_${i} free`)],
    ),
    within3h: program(
      'w',
      reachable.map(
        ({ c, i }) => ` r_${i}: ${sum(hoursOfClass[i]!)} + ${c.members.length} w >= ${c.members.length * (c.sample.expectedHours - 3)}`,
      ),
      [' w >= 0'],
    ),
    people: volunteers.length,
    capacityOf: new Map(list.flatMap((c) => c.members.map((v) => [v.id, c.capacity] as [number, number]))),
  };
}

/** LP files are read line by line; very long sums are broken onto continuation lines. */
export function wrapLp(lines: readonly string[]): string {
  return lines
    .map((line) => {
      if (line.length <= 500) return line;
      const parts = line.split(' + ');
      const out: string[] = [];
      let current = parts[0]!;
      for (const part of parts.slice(1)) {
        if (current.length + part.length > 480) {
          out.push(current);
          current = ` + ${part}`;
        } else current += ` + ${part}`;
      }
      out.push(current);
      return out.join('\n');
    })
    .join('\n');
}
