// The exact optimum of a small edition, for the schedule builder's benchmark: the whole edition as one
// mixed-integer program solved by HiGHS (the `highs` package), written here from the rule list and
// not from the builder's own models, so that a mistake in those cannot hide in the reference.
//
// x(v,s) = 1 when volunteer v works shift s, for the pairs the rules allow on top of v's kept
// assignments (fitsShift against them: the pre-conference wish, team leaders and their venues,
// experience, unavailability, and no clash, daily maximum or rest with what is kept). Then:
//   places       Σv x(v,s) ≤ slots of s − kept on s
//   one at a time for each v and each moment t: Σ x(v,s) ≤ 1 over the shifts s with
//                start ≤ t < end + rest(v) (two shifts closer than the rest, or overlapping, never
//                both; one constraint per maximal set)
//   daily maximum for each v and Pacific day d: Σ hours(s) x(v,s) ≤ max(v) − kept hours of v on d
// Stage 1 maximises the filled slots; stage 2 keeps that many and minimises z ≥ expected(v) − hours(v)
// for every v (the largest shortfall at that coverage). Each stage has a time limit: a stage that
// reaches it answers its best schedule and the solver's proven bound, and says so. The schedule each
// stage finds is checked with the rules (scheduleBreaks) by the caller.

let highsModule;
async function highs() {
  highsModule ??= (await import('highs')).default;
  // A fresh instance per program: the WebAssembly heap of one instance only grows.
  return highsModule();
}

const HOUR = 3_600_000;
const STATUS = { 7: 'optimal', 13: 'time limit' };

/** The program's variables, rows and what they mean, for both stages. */
function program({ volunteers, shifts, kept, fitsShift }) {
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const keptOf = new Map(volunteers.map((v) => [v.id, []]));
  const keptOn = new Map(shifts.map((s) => [s.id, 0]));
  for (const a of kept) {
    const shift = shiftById.get(a.shiftId);
    if (!shift || !keptOf.has(a.volunteerId)) continue;
    keptOf.get(a.volunteerId).push(shift);
    keptOn.set(shift.id, keptOn.get(shift.id) + 1);
  }
  const pairs = [];
  const rows = [];
  const hoursOf = (s) => (s.end - s.start) / HOUR;
  const bySlot = new Map(shifts.map((s) => [s.id, []]));
  for (const volunteer of volunteers) {
    const mine = keptOf.get(volunteer.id);
    const candidates = shifts.filter((s) => !mine.includes(s) && fitsShift(volunteer, s, mine));
    const index = candidates.map((shift) => {
      pairs.push({ volunteer, shift, name: `x${pairs.length}` });
      bySlot.get(shift.id).push(pairs.at(-1).name);
      return pairs.at(-1);
    });
    // One at a time, the rest included: a constraint at each start whose set of shifts is maximal.
    const rest = (volunteer.minRestMinutes ?? 0) * 60_000;
    const starts = [...new Set(candidates.map((s) => s.start))].sort((a, b) => a - b);
    const active = (t) => index.filter((p) => p.shift.start <= t && t < p.shift.end + rest);
    for (let i = 0; i < starts.length; i++) {
      const here = active(starts[i]);
      if (here.length < 2) continue;
      const next = i + 1 < starts.length ? active(starts[i + 1]) : [];
      if (here.every((p) => next.includes(p))) continue;
      rows.push(`${here.map((p) => p.name).join(' + ')} <= 1`);
    }
    if (volunteer.maxHoursPerDay !== null) {
      for (const day of new Set(candidates.map((s) => s.day))) {
        const keptHours = mine.filter((s) => s.day === day).reduce((n, s) => n + hoursOf(s), 0);
        const today = index.filter((p) => p.shift.day === day);
        const total = today.reduce((n, p) => n + hoursOf(p.shift), 0);
        if (total > volunteer.maxHoursPerDay - keptHours + 1e-9)
          rows.push(`${today.map((p) => `${hoursOf(p.shift)} ${p.name}`).join(' + ')} <= ${volunteer.maxHoursPerDay - keptHours}`);
      }
    }
  }
  for (const shift of shifts) {
    const names = bySlot.get(shift.id);
    const free = shift.slots - keptOn.get(shift.id);
    if (names.length > free) rows.push(`${names.join(' + ')} <= ${free}`);
  }
  const keptHours = (v) => keptOf.get(v.id).reduce((n, s) => n + hoursOf(s), 0);
  const keptSlots = [...keptOn.values()].reduce((a, b) => a + b, 0);
  return { pairs, rows, keptHours, keptSlots, hoursOf };
}

/** LP files are read line by line: long sums go on continuation lines. */
function lpText(objective, rows, binaries, extraBounds = []) {
  const wrap = (line) => line.replace(/((?:[^+]*\+){40})/g, '$1\n');
  return [
    objective,
    'Subject To',
    ...rows.map((row, i) => wrap(` r${i}: ${row}`)),
    'Bounds',
    ...extraBounds,
    'Binaries',
    ...binaries.map((b, i) => (i % 20 === 19 ? `${b}\n` : `${b} `)),
    '',
    'End',
  ].join('\n');
}

function solve(highs, text, timeLimit) {
  const model = highs.createModel({ format: 'lp', data: text });
  try {
    model.options.set({ output_flag: false, time_limit: timeLimit, mip_rel_gap: 0, mip_abs_gap: 1e-6 });
    const started = performance.now();
    model.run();
    const status = model.getModelStatus();
    const solution = model.getSolution();
    return {
      status: STATUS[status] ?? `status ${status}`,
      value: model.getObjectiveValue(),
      dualBound: Number(model.info.get('mip_dual_bound')),
      values: solution.colValue,
      names: Array.from({ length: model.getDimensions().numCols }, (_, i) => model.getColName(i)),
      seconds: Math.round(performance.now() - started) / 1000,
    };
  } finally {
    model.dispose();
  }
}

/**
 * The exact optimum: { coverage: { filledSlots, proven, status, seconds, bound }, largestShortfall:
 * { hours, proven, status, seconds, bound }, assignments } (assignments: stage 2's schedule, kept
 * ones included). `timeLimit` seconds per stage.
 */
export async function exactOptimum({ volunteers, shifts, kept = [], fitsShift, timeLimit = 60 }) {
  const { pairs, rows, keptHours, keptSlots, hoursOf } = program({ volunteers, shifts, kept, fitsShift });
  const names = pairs.map((p) => p.name);
  const sum = names.length ? names.join(' + ') : '0 x_none';
  const solver = await highs();

  const first = solve(solver, lpText(`Maximize\n filled: ${sum}`, rows, names), timeLimit);
  const filled = Math.round(first.value);
  const coverage = {
    filledSlots: filled + keptSlots,
    status: first.status,
    proven: first.status === 'optimal',
    bound: Math.floor(first.dualBound + 1e-6) + keptSlots,
    seconds: first.seconds,
  };

  // Stage 2: as many slots, and the largest shortfall as small as it can be.
  const shortfall = volunteers.map((v) => {
    const mine = pairs.filter((p) => p.volunteer === v);
    const left = v.expectedHours - keptHours(v);
    return `z${mine.length ? ` + ${mine.map((p) => `${hoursOf(p.shift)} ${p.name}`).join(' + ')}` : ''} >= ${left}`;
  });
  const second = solve(
    solver,
    lpText('Minimize\n largest: z', [...rows, `${sum} >= ${filled}`, ...shortfall], names, [' z >= 0']),
    timeLimit,
  );
  // Stage 2 may reach its time limit before it finds a schedule: then stage 1's stands, and no shortfall is reported.
  const found = (second.status === 'optimal' || second.status === 'time limit') && Number.isFinite(second.value);
  const chosen = found ? second : first;
  const value = new Map(chosen.names.map((name, i) => [name, chosen.values[i]]));
  const assignments = [
    ...kept,
    ...pairs.filter((p) => value.get(p.name) > 0.5).map((p) => ({ volunteerId: p.volunteer.id, shiftId: p.shift.id })),
  ];
  return {
    variables: pairs.length,
    rows: rows.length,
    coverage,
    largestShortfall: {
      // null when stage 2 reached its time limit before finding a schedule.
      hours: found ? Math.round(Math.max(0, second.value) * 100) / 100 : null,
      status: second.status,
      proven: second.status === 'optimal',
      bound: Math.round(Math.max(0, second.dualBound) * 100) / 100,
      seconds: second.seconds,
    },
    assignments,
  };
}
