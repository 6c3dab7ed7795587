// One instance of the schedule builder's benchmark, in a process of its own so that its peak memory
// is its own: node builder-instance.mjs '<instance as JSON>' prints one line of JSON with what it measured.
//
// The instance is generated (builder-edition.mjs, `hard` for the hardened editions), then, in this order:
//   builder   buildSchedule with HiGHS as its solver, as the server runs it (the edition's pins kept);
//   bound     the preview's bound, as the server computes it: boundWorld, coverageBound and hoursBounds
//             with what the build keeps (the process's peak RSS is read here, after the builder and the
//             bound, before anything else runs);
//   greedy    the chisv-style baseline (builder-greedy.mjs), with the same pins;
//   heuristic with `heuristic: true` (the smoke run), the builder again without a solver (the regression guard's CPU time);
//   optimum   for a small instance (`optimum: true`), the exact optimum as a HiGHS MIP (builder-optimum.mjs).
// Every schedule is checked against the hard rules (scheduleBreaks) and measured with scheduleFigures.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './common.mjs';
import { stealMs } from './floor-server.mjs';
import { generateBuilderEdition } from './builder-edition.mjs';
import { greedySchedule } from './builder-greedy.mjs';
import { exactOptimum } from './builder-optimum.mjs';

const instance = JSON.parse(process.argv[2]);
const dir = join(ROOT, 'domain/dist/builder');
const domain = (file) => import(pathToFileURL(join(dir, file)).href);
const builderFile = instance.builderDir ? join(instance.builderDir, 'build.js') : join(dir, 'build.js');
const [{ buildSchedule }, { scheduleFigures }, rules, bound, hoursBound, { highsSolver }] = await Promise.all([
  import(pathToFileURL(builderFile).href),
  domain('figures.js'),
  domain('rules.js'),
  domain('bound.js'),
  domain('hours-bound.js'),
  domain('solver.js'),
]);
const { scheduleBreaks, assignmentBreaks, fitsShift, hoursOf } = rules;

const mb = (bytes) => Math.round((bytes / 1024 ** 2) * 10) / 10;
const round = (value, digits = 2) => (value === null || value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/** Runs `work` and answers its value with wall and CPU seconds and the machine's steal meanwhile. */
async function measured(work) {
  const cpuBefore = process.cpuUsage();
  const stealBefore = stealMs();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    value,
    seconds: round(ms / 1000, 3),
    cpuSeconds: round((cpu.user + cpu.system) / 1e6, 3),
    stealPercent: round((100 * (stealMs() - stealBefore)) / (ms * cpus().length), 1),
  };
}

/** Separate blocks per working day (shifts less than 30 min apart make one block), beside figures.ts's figures. */
function blocksPerWorkingDay(shifts, assignments) {
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  const byPersonDay = new Map();
  for (const a of assignments) {
    const shift = shiftById.get(a.shiftId);
    const key = `${a.volunteerId}|${shift.day}`;
    byPersonDay.set(key, [...(byPersonDay.get(key) ?? []), shift]);
  }
  let blocks = 0;
  for (const day of byPersonDay.values()) {
    day.sort((a, b) => a.start - b.start);
    blocks += 1 + day.slice(1).filter((shift, i) => shift.start - day[i].end > 30 * 60_000).length;
  }
  return round(blocks / Math.max(1, byPersonDay.size));
}

function described(volunteers, shifts, assignments) {
  const { people: _people, ...figures } = scheduleFigures(volunteers, shifts, assignments);
  return {
    ...figures,
    blocksPerWorkingDay: blocksPerWorkingDay(shifts, assignments),
    brokenRules: scheduleBreaks(volunteers, shifts, assignments).length,
  };
}

const generation = await measured(() =>
  generateBuilderEdition({
    volunteers: instance.volunteers,
    venues: instance.venues,
    shifts: instance.shifts,
    seed: instance.seed,
    hard: instance.hard,
    fits: fitsShift,
  }),
);
const { volunteers, shifts, kept, facts } = generation.value;
const highs = (await import('highs')).default;
const rssBefore = process.memoryUsage().rss;

// One HiGHS instance for the build and its bound, as the server's build does (build-compute.ts).
let solver = null;
const builder = await measured(async () => {
  solver = highsSolver(await highs());
  return buildSchedule({ volunteers, shifts, kept, seed: instance.buildSeed, solver });
});
const preview = await measured(async () => {
  const context = { kept };
  const world = bound.boundWorld(volunteers, shifts, context);
  const coverage = bound.coverageBound(bound.coverageBoundModels(volunteers, shifts, context, world), solver);
  const hours = hoursBound.hoursBounds(hoursBound.hoursBoundPrograms(volunteers, shifts, context, world), solver);
  return { coverage, hours };
});
const peakRssMb = mb(process.resourceUsage().maxRSS * 1024);

const greedy = await measured(() => greedySchedule({ volunteers, shifts, kept, assignmentBreaks, hoursOf, seed: instance.buildSeed }));

// The heuristic alone (no solver), for the regression guard: its CPU time against the greedy's, both warm.
const heuristic = instance.heuristic ? await measured(() => buildSchedule({ volunteers, shifts, kept, seed: instance.buildSeed })) : null;

let optimum = null;
if (instance.optimum) {
  const solved = await measured(() => exactOptimum({ volunteers, shifts, kept, fitsShift, timeLimit: instance.timeLimit }));
  const { assignments, ...rest } = solved.value;
  optimum = { ...rest, seconds: solved.seconds, figures: described(volunteers, shifts, assignments) };
}

const exact = builder.value.report?.exact ?? { days: [], improvedDays: 0 };
process.stdout.write(
  `${JSON.stringify({
    instance,
    edition: facts,
    generationSeconds: generation.seconds,
    rssBeforeMb: mb(rssBefore),
    builder: {
      seconds: builder.seconds,
      cpuSeconds: builder.cpuSeconds,
      stealPercent: builder.stealPercent,
      figures: described(volunteers, shifts, builder.value.assignments),
      exactDays: exact.days.map((d) => ({ ...d, limits: d.limits.join(',') || null })),
      takenBack: builder.value.report?.takenBack ?? null,
    },
    bound: {
      seconds: preview.seconds,
      cpuSeconds: preview.cpuSeconds,
      filledSlots: preview.value.coverage.slots,
      exact: preview.value.coverage.exact,
      largestShortfall: preview.value.hours.largestShortfall,
      meanShortfall: preview.value.hours.meanShortfall,
      hoursSpread: preview.value.hours.hoursSpread,
    },
    peakRssMb,
    greedy: { seconds: greedy.seconds, cpuSeconds: greedy.cpuSeconds, figures: described(volunteers, shifts, greedy.value.assignments) },
    heuristic: heuristic && {
      seconds: heuristic.seconds,
      cpuSeconds: heuristic.cpuSeconds,
      filledSlots: scheduleFigures(volunteers, shifts, heuristic.value.assignments).filledSlots,
    },
    optimum,
  })}\n`,
);
