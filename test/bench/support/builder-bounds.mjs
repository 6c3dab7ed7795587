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
    days.push({
      day: model.day,
      bound: Math.min(model.simpleBound, Math.floor(optimum + 1e-6)),
      lpOptimum: Math.round(optimum * 1000) / 1000,
      simpleBound: model.simpleBound,
      ms: Math.round(performance.now() - started),
    });
  }
  return { total: days.reduce((sum, d) => sum + d.bound, 0), days };
}

/**
 * The hours bounds: { largestShortfall, meanShortfall, hoursSpread, within3hShortfall } lower bounds,
 * the capacity of each volunteer alone (capacityOf: id → hours), from the builder's own programs
 * (hoursBoundPrograms in domain/src/builder/hours-bound.ts, the same the server's preview solves).
 */
export async function hoursBounds(volunteers, shifts, hoursBoundPrograms) {
  const started = performance.now();
  const programs = hoursBoundPrograms(volunteers, shifts);
  const answers = {};
  for (const name of ['largestShortfall', 'meanShortfall', 'hoursSpread', 'within3h']) answers[name] = await solve(programs[name]);
  const round = (value) => Math.round(value * 100) / 100;
  const total = programs.people;
  const capacityOf = programs.capacityOf;
  return {
    largestShortfall: round(Math.max(0, answers.largestShortfall.ObjectiveValue)),
    meanShortfall: round(Math.max(0, answers.meanShortfall.ObjectiveValue) / total),
    hoursSpread: round(Math.sqrt(Math.max(0, answers.hoursSpread.ObjectiveValue) / total)),
    /** The most any class among those that could must still fall short of expected − 3 h: 0 means the slots allow everyone within 3 h. */
    within3hShortfall: round(Math.max(0, answers.within3h.ObjectiveValue)),
    volunteersBeyondOwnCapacity: volunteers.filter((v) => capacityOf.get(v.id) < v.expectedHours - 3 - 1e-9).length,
    capacityOf,
    ms: Math.round(performance.now() - started),
  };
}
