// The bounds the schedule builder's benchmark measures schedules against, solved with HiGHS
// (the `highs` package, WebAssembly).
//
// 1. Coverage: the builder's own per-day programs (coverageBoundModels in domain/src/builder/
//    bound.ts), the most slots any schedule could fill; their optimum rounded down, summed.
// 2. Hours: how close to their expectation the slots let people come, whatever the schedule. Each
//    volunteer class (alike in every rule: role, experience, pre-conference wish and start,
//    unavailability, daily maximum, rest, expected hours) gets h(c,G) hours of the shifts of a
//    group G (shifts of one day that exactly the same classes may take). A group's slot hours bound
//    what its classes share, and a class works on a day at most n × the most one member could work
//    alone that day (shifts they may take, neither overlapping nor closer than their rest, within
//    their daily maximum). Who holds which shift at a given moment is dropped, so every real
//    schedule is a solution and the optima are lower bounds for the largest shortfall, the mean
//    shortfall and the hours spread (the spread by a quadratic program: within a class, uneven hours
//    only add to it). A person's own capacity (the sum over days) also says for whom the slots can
//    never allow their expected hours less 3.

const HOUR = 3_600_000;

let highsModule;
async function solver() {
  highsModule ??= (await import('highs')).default;
  // A fresh instance per program: the WebAssembly heap of one instance only grows.
  return highsModule();
}

async function solve(lp) {
  const highs = await solver();
  const result = highs.solve(lp, { presolve: 'on' });
  if (result.Status !== 'Optimal') throw new Error(`HiGHS answered ${result.Status}`);
  return result;
}

/** The coverage bound: each day's program solved, { total, days: [{ day, bound, lp, simple, ms }] }. */
export async function coverageBound(models) {
  const days = [];
  for (const model of models) {
    const started = performance.now();
    if (!model.lp) {
      days.push({ day: model.day, bound: model.simpleBound, lpOptimum: null, simpleBound: model.simpleBound, ms: 0 });
      continue;
    }
    const result = await solve(model.lp);
    const optimum = result.ObjectiveValue;
    // Slots are whole: the best real schedule fills at most the optimum rounded down.
    days.push({ day: model.day, bound: Math.min(model.simpleBound, Math.floor(optimum + 1e-6)), lpOptimum: Math.round(optimum * 1000) / 1000, simpleBound: model.simpleBound, ms: Math.round(performance.now() - started) });
  }
  return { total: days.reduce((sum, d) => sum + d.bound, 0), days };
}

const classKey = (v) =>
  JSON.stringify([
    v.teamLeader,
    v.experienceYears >= 1,
    v.preconference.wanted,
    v.preconference.from,
    v.unavailable.map((g) => [g.start, g.end]).sort((a, b) => a[0] - b[0]),
    v.maxHoursPerDay,
    v.minRestMinutes ?? 0,
    v.expectedHours,
  ]);

/** Most hours of shifts among `shifts` that one person can hold together: none overlapping, `restMs` apart (weighted interval scheduling). */
function mostHoursAlone(shifts, restMs) {
  const sorted = [...shifts].sort((a, b) => a.end - b.end);
  const best = [0];
  for (let i = 0; i < sorted.length; i++) {
    const shift = sorted[i];
    let lo = 0;
    let hi = i; // the number of earlier shifts ending by this one's start
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].end + restMs <= shift.start) lo = mid + 1;
      else hi = mid;
    }
    best.push(Math.max(best[i], best[lo] + (shift.end - shift.start) / HOUR));
  }
  return best[sorted.length];
}

/**
 * The hours bounds: { largestShortfall, meanShortfall, hoursSpread, within3h } lower bounds, the
 * capacity of each volunteer alone (capacityOf: id → hours) and the program sizes.
 */
export async function hoursBounds(volunteers, shifts, assignmentBreaks) {
  const started = performance.now();
  const classes = new Map();
  for (const volunteer of volunteers) {
    const key = classKey(volunteer);
    const found = classes.get(key);
    if (found) found.members.push(volunteer);
    else classes.set(key, { sample: volunteer, members: [volunteer] });
  }
  const list = [...classes.values()];
  const days = [...new Set(shifts.map((s) => s.day))].sort();

  // Who may take each shift, as a signature of class indexes; groups: shifts of a day with the same signature.
  const groups = new Map();
  for (const shift of shifts) {
    const eligible = list.flatMap((c, i) => (assignmentBreaks(c.sample, shift, []).length === 0 ? [i] : []));
    if (!eligible.length) continue;
    const key = `${shift.day}|${eligible.join(',')}`;
    const group = groups.get(key) ?? { day: shift.day, classes: eligible, slotHours: 0, shifts: [] };
    group.slotHours += shift.slots * ((shift.end - shift.start) / HOUR);
    group.shifts.push(shift);
    groups.set(key, group);
  }
  const groupList = [...groups.values()];

  // Each class's most hours alone per day, within its daily maximum.
  for (const [i, c] of list.entries()) {
    c.capacityByDay = new Map();
    for (const day of days) {
      const mine = groupList.filter((g) => g.day === day && g.classes.includes(i)).flatMap((g) => g.shifts);
      const alone = mostHoursAlone(mine, (c.sample.minRestMinutes ?? 0) * 60_000);
      c.capacityByDay.set(day, c.sample.maxHoursPerDay === null ? alone : Math.min(alone, c.sample.maxHoursPerDay));
    }
    c.capacity = [...c.capacityByDay.values()].reduce((a, b) => a + b, 0);
  }

  const variable = (c, g) => `h_${c}_${g}`;
  const hoursOfClass = list.map(() => []);
  const perDay = list.map(() => new Map());
  const perGroup = groupList.map(() => []);
  groupList.forEach((group, g) => {
    for (const c of group.classes) {
      const name = variable(c, g);
      hoursOfClass[c].push(name);
      perGroup[g].push(name);
      perDay[c].set(group.day, [...(perDay[c].get(group.day) ?? []), name]);
    }
  });
  const sharedConstraints = [];
  groupList.forEach((group, g) => sharedConstraints.push(` g_${g}: ${perGroup[g].join(' + ')} <= ${group.slotHours}`));
  list.forEach((c, i) => {
    for (const [day, names] of perDay[i]) sharedConstraints.push(` d_${i}_${day.replaceAll('-', '')}: ${names.join(' + ')} <= ${c.members.length * c.capacityByDay.get(day)}`);
  });
  const sum = (names) => (names.length ? names.join(' + ') : '0 h_none');
  const program = (objective, constraints, bounds) =>
    wrap(['Minimize', ` obj: ${objective}`, 'Subject To', ...sharedConstraints, ...constraints, 'Bounds', ...bounds, 'End']);
  const total = volunteers.length;

  // Largest shortfall: z such that every class averages at least its expectation less z.
  const largest = await solve(
    program('z', list.map((c, i) => ` s_${i}: ${sum(hoursOfClass[i])} + ${c.members.length} z >= ${c.members.length * c.sample.expectedHours}`), [' z >= 0']),
  );
  // Mean shortfall: a class's shortfall is at least that of its members' average.
  const mean = await solve(
    program(
      list.map((_, i) => `u_${i}`).join(' + '),
      list.map((c, i) => ` m_${i}: ${sum(hoursOfClass[i])} + u_${i} >= ${c.members.length * c.sample.expectedHours}`),
      list.map((_, i) => ` u_${i} >= 0`),
    ),
  );
  // Spread: n_c (average difference of c − the mean difference)², summed, over the people.
  const spread = await solve(
    program(
      `[ ${list.map((c, i) => `${2 * c.members.length} y_${i}^2`).join(' + ')} ] / 2`,
      list.map((c, i) => ` y_${i}: ${sum(hoursOfClass[i])} - ${c.members.length} y_${i} - ${c.members.length} m = ${c.members.length * c.sample.expectedHours}`),
      [' m free', ...list.map((_, i) => ` y_${i} free`)],
    ),
  );
  // Within 3 h: can every class whose members could work their hours less 3 alone average that much at once?
  const reachable = list.map((c, i) => ({ c, i })).filter(({ c }) => c.capacity >= c.sample.expectedHours - 3 - 1e-9);
  const within = await solve(
    program('w', reachable.map(({ c, i }) => ` r_${i}: ${sum(hoursOfClass[i])} + ${c.members.length} w >= ${c.members.length * (c.sample.expectedHours - 3)}`), [' w >= 0']),
  );

  const capacityOf = new Map(list.flatMap((c) => c.members.map((v) => [v.id, c.capacity])));
  const round = (value) => Math.round(value * 100) / 100;
  return {
    largestShortfall: round(Math.max(0, largest.ObjectiveValue)),
    meanShortfall: round(Math.max(0, mean.ObjectiveValue) / total),
    hoursSpread: round(Math.sqrt(Math.max(0, spread.ObjectiveValue) / total)),
    /** The most any class among those that could must still fall short of expected − 3 h: 0 means the slots allow everyone within 3 h. */
    within3hShortfall: round(Math.max(0, within.ObjectiveValue)),
    volunteersBeyondOwnCapacity: volunteers.filter((v) => capacityOf.get(v.id) < v.expectedHours - 3 - 1e-9).length,
    capacityOf,
    size: { classes: list.length, groups: groupList.length, variables: hoursOfClass.reduce((n, names) => n + names.length, 0) },
    ms: Math.round(performance.now() - started),
  };
}

/** LP files are read line by line; long sums go on continuation lines. */
function wrap(lines) {
  return lines
    .map((line) => {
      if (line.length <= 500) return line;
      const parts = line.split(' + ');
      const out = [];
      let current = parts[0];
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
