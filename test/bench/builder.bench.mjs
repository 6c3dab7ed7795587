#!/usr/bin/env node
// Benchmark of the schedule builder, a script and not a timed test: on a realistic
// edition (test/bench/support/builder-edition.mjs: 1,000 confirmed volunteers, 10 % team leaders,
// 30 % wanting pre-conference shifts, half with a venue preference, some unavailable, some with a
// daily maximum or a minimum rest; 60 venues; 3,000 shifts over 7 days, slots for about everyone's
// expected hours), it runs side by side in one process:
//   builder  buildSchedule from domain/src/builder (compiled to domain/dist/builder)
//   greedy   a chisv-style greedy baseline (support/builder-greedy.mjs), held to the same hard rules
//   bound    the most slots any schedule could fill (the builder's per-day programs, solved with
//            HiGHS) and lower bounds on the shortfalls and the hours spread (support/builder-bounds.mjs)
// For each schedule: time, CPU, peak memory, broken hard rules (scheduleBreaks, the rule checker
// the routes use) and the figures (scheduleFigures). Then MET / NOT MET for each target of the
// issue, and the figures go to test/bench/results/builder.json. Exits 0 whatever the figures are
// (1 only when it cannot run).
//
//   npm run bench:builder                          the edition of the issue, seed 20
//   npm run bench:builder -- --seed 7              another edition of the same shape
//   npm run bench:builder -- --volunteers 2000 --shifts 6000 --ratio 1.05
//   npm run bench:builder -- --build               compile the domain first (done anyway when its sources are newer)
//   npm run bench:builder -- --no-bound            without the bound (HiGHS takes most of the run's time)
//   npm run bench:builder -- --smoke               60 volunteers, 180 shifts, nothing written; exits 1 when a hard rule is broken
//   npm run bench:builder -- --builder-dir /tmp/x  the build.js of that folder (a changed copy, compiled) against the
//                                                  rules, figures and bound of domain/dist/builder: an A/B of a change
//   node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/builder.bench.mjs --no-bound   a CPU profile of the builder
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, log, smokeVerdict } from './support/common.mjs';
import { loadNow, writeResult } from './support/results.mjs';
import { stealMs } from './support/floor-server.mjs';
import { generateBuilderEdition } from './support/builder-edition.mjs';
import { greedySchedule } from './support/builder-greedy.mjs';

const TARGETS = { buildSeconds: 30, peakRssMb: 500, brokenRules: 0, coverageOfBound: 0.99, shortfallHours: 3 };

const { values: options } = parseArgs({
  options: {
    seed: { type: 'string', default: '20' },
    'build-seed': { type: 'string', default: '1' },
    volunteers: { type: 'string' },
    venues: { type: 'string' },
    shifts: { type: 'string' },
    ratio: { type: 'string', default: '1.02' },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'no-bound': { type: 'boolean', default: false },
    'builder-dir': { type: 'string' },
  },
});
const config = {
  seed: Number(options.seed),
  buildSeed: Number(options['build-seed']),
  volunteers: Number(options.volunteers ?? (options.smoke ? 60 : 1000)),
  venues: Number(options.venues ?? (options.smoke ? 6 : 60)),
  shifts: Number(options.shifts ?? (options.smoke ? 180 : 3000)),
  supplyRatio: Number(options.ratio),
};

/** Compiles the domain (tsc -b) when asked, when domain/dist/builder is missing, or when a source of the builder is newer. */
function ensureDomainBuilt(force) {
  const built = join(ROOT, 'domain/dist/builder/build.js');
  const newestSource = ['domain/src/builder', 'domain/src/jury']
    .flatMap((dir) => readdirSync(join(ROOT, dir), { withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
    .reduce((max, entry) => Math.max(max, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs), 0);
  if (!force && existsSync(built) && statSync(built).mtimeMs >= newestSource) return;
  log('Compiling the domain (tsc -b domain)…');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'domain'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    if (!existsSync(built)) throw new Error('tsc -b domain failed and domain/dist/builder is missing');
    log('tsc -b domain failed; measuring the domain/dist/builder already built.\n');
  }
}

const mb = (bytes) => Math.round((bytes / 1024 ** 2) * 10) / 10;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Runs `work` and measures it: wall and CPU time, steal, the process's peak RSS at its end and its rise. */
function measured(work) {
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  const stealBefore = stealMs();
  const started = performance.now();
  const value = work();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    value,
    seconds: Math.round(ms) / 1000,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    stealPercent: Math.round(((100 * (stealMs() - stealBefore)) / (ms * cpus().length)) * 10) / 10,
    peakRssMb: mb(peakRss()),
    rssBeforeMb: mb(rssBefore),
    heapUsedAfterMb: mb(process.memoryUsage().heapUsed),
  };
}

/** Every broken hard rule, by rule; a pair given twice and unknown ids count too (scheduleBreaks does not see them). */
function brokenRules(scheduleBreaks, volunteers, shifts, assignments) {
  const byRule = {};
  for (const broken of scheduleBreaks(volunteers, shifts, assignments)) byRule[broken.rule] = (byRule[broken.rule] ?? 0) + 1;
  const pairs = new Set();
  const shiftIds = new Set(shifts.map((s) => s.id));
  const volunteerIds = new Set(volunteers.map((v) => v.id));
  for (const a of assignments) {
    const key = `${a.volunteerId}:${a.shiftId}`;
    if (pairs.has(key)) byRule['same shift twice'] = (byRule['same shift twice'] ?? 0) + 1;
    pairs.add(key);
    if (!shiftIds.has(a.shiftId) || !volunteerIds.has(a.volunteerId)) byRule['unknown id'] = (byRule['unknown id'] ?? 0) + 1;
  }
  return { total: Object.values(byRule).reduce((a, b) => a + b, 0), byRule };
}

/** The volunteers more than 3 h short, and among them those whose own capacity would allow it. */
function shortOnes(figures, volunteers, capacityOf) {
  const byId = new Map(volunteers.map((v) => [v.id, v]));
  const short = figures.people.filter((p) => p.expected - p.hours > TARGETS.shortfallHours + 1e-9);
  const allowed = short.filter((p) => !capacityOf || capacityOf.get(p.volunteerId) >= p.expected - TARGETS.shortfallHours - 1e-9);
  const describe = (p) => {
    const v = byId.get(p.volunteerId);
    const traits = [
      v.teamLeader ? 'team leader' : 'SV',
      v.experienceYears >= 1 ? 'experienced' : 'new',
      v.preconference.wanted ? 'pre-conference' : null,
      v.maxHoursPerDay !== null ? `max ${v.maxHoursPerDay} h/day` : null,
      v.minRestMinutes ? `rest ${v.minRestMinutes} min` : null,
      v.unavailable.length ? `${v.unavailable.length} unavailable interval(s)` : null,
      v.preferredVenues.length ? 'venue preference' : null,
    ].filter(Boolean);
    return {
      volunteerId: p.volunteerId,
      hours: p.hours,
      expected: p.expected,
      capacityAlone: capacityOf?.get(p.volunteerId) ?? null,
      traits: traits.join(', '),
    };
  };
  return { count: short.length, whereSlotsAllow: allowed.length, examples: allowed.slice(0, 8).map(describe) };
}

/**
 * Two more views of broken-up days, beside figures.ts's: working days per person, and separate
 * blocks per working day (shifts less than 30 min apart make one block).
 */
function dayShape(shifts, assignments) {
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
  const people = new Set(assignments.map((a) => a.volunteerId)).size;
  const round = (value) => Math.round(value * 100) / 100;
  return {
    workingDaysPerPerson: round(byPersonDay.size / Math.max(1, people)),
    blocksPerWorkingDay: round(blocks / Math.max(1, byPersonDay.size)),
  };
}

const FIGURES = [
  // [name, label, better direction]
  ['coverage', 'coverage', 'higher'],
  ['largestShortfall', 'largest shortfall (h)', 'lower'],
  ['meanShortfall', 'mean shortfall (h)', 'lower'],
  ['moreThan3hShort', 'people > 3 h short', 'lower'],
  ['hoursSpread', 'hours spread (h, sd)', 'lower'],
  ['preferredShare', 'hours at a preferred venue', 'higher'],
  ['shiftsPerWorkingDay', 'shifts per working day', 'lower'],
  ['idleGapHours', 'idle gap hours (all)', 'lower'],
];

async function main() {
  const loadBefore = loadNow();
  ensureDomainBuilt(options.build);
  const domain = (file) => import(pathToFileURL(join(ROOT, 'domain/dist/builder', file)).href);
  const builderFile = options['builder-dir'] ? join(options['builder-dir'], 'build.js') : join(ROOT, 'domain/dist/builder/build.js');
  const [
    { buildSchedule },
    { scheduleFigures },
    { scheduleBreaks, assignmentBreaks, hoursOf },
    { coverageBoundModels },
    { hoursBoundPrograms },
  ] = await Promise.all([
    import(pathToFileURL(builderFile).href),
    domain('figures.js'),
    domain('rules.js'),
    domain('bound.js'),
    domain('hours-bound.js'),
  ]);

  if (options['builder-dir']) log(`Builder: ${builderFile}`);
  log(
    `Edition: seed ${config.seed}, ${config.volunteers} volunteers, ${config.venues} venues, ${config.shifts} shifts, ` +
      `slot hours ${config.supplyRatio} × expected`,
  );
  const generation = measured(() => generateBuilderEdition(config));
  const { volunteers, shifts, facts } = generation.value;
  log(`  ${JSON.stringify(facts)}`);
  log(`  generated in ${generation.seconds} s; process RSS ${mb(process.memoryUsage().rss)} MB before the builder\n`);

  // The builder first, so that the process's peak RSS at its end is its own (with the edition and Node).
  const runs = {};
  log('Builder…');
  runs.builder = measured(() => buildSchedule({ volunteers, shifts, kept: [], seed: config.buildSeed }));
  log(
    `  ${runs.builder.seconds} s (CPU ${runs.builder.cpuSeconds} s, steal ${runs.builder.stealPercent} %), ` +
      `peak RSS ${runs.builder.peakRssMb} MB`,
  );
  log('Greedy baseline…');
  runs.greedy = measured(() => greedySchedule({ volunteers, shifts, assignmentBreaks, hoursOf, seed: config.buildSeed }));
  log(`  ${runs.greedy.seconds} s (CPU ${runs.greedy.cpuSeconds} s)`);

  const methods = {};
  for (const [name, run] of Object.entries(runs)) {
    const { people, ...figures } = scheduleFigures(volunteers, shifts, run.value.assignments);
    methods[name] = {
      seconds: run.seconds,
      cpuSeconds: run.cpuSeconds,
      stealPercent: run.stealPercent,
      peakRssMb: run.peakRssMb,
      assignments: run.value.assignments.length,
      brokenRules: brokenRules(scheduleBreaks, volunteers, shifts, run.value.assignments),
      figures,
      dayShape: dayShape(shifts, run.value.assignments),
      people,
    };
  }

  let bound = null;
  if (!options['no-bound']) {
    log('Bound (HiGHS)…');
    const { coverageBound, hoursBounds } = await import('./support/builder-bounds.mjs');
    const started = performance.now();
    const models = coverageBoundModels(volunteers, shifts);
    const modelMs = performance.now() - started;
    const coverage = await coverageBound(models);
    const coverageSeconds = (performance.now() - started) / 1000;
    const hours = await hoursBounds(volunteers, shifts, hoursBoundPrograms);
    bound = {
      filledSlots: coverage.total,
      coverage: Math.round((coverage.total / facts.slots) * 10000) / 10000,
      coverageSeconds: Math.round(coverageSeconds * 10) / 10,
      modelSeconds: Math.round(modelMs) / 1000,
      lpKilobytes: Math.round(models.reduce((n, m) => n + (m.lp?.length ?? 0), 0) / 1024),
      days: coverage.days,
      hours: { ...hours, capacityOf: undefined, seconds: hours.ms / 1000, ms: undefined },
      capacityOf: hours.capacityOf,
    };
    log(
      `  coverage bound ${bound.filledSlots} of ${facts.slots} slots in ${bound.coverageSeconds} s; ` +
        `hours bounds in ${bound.hours.seconds} s`,
    );
  }
  for (const method of Object.values(methods)) {
    method.short = shortOnes({ people: method.people }, volunteers, bound?.capacityOf);
    delete method.people;
  }

  // The table, side by side.
  log('');
  const columns = ['builder', 'greedy', 'bound'];
  const row = (label, values) => log(`${label.padEnd(30)} ${values.map((v) => String(v ?? '–').padStart(12)).join(' ')}`);
  row('', columns);
  row('time (s)', [methods.builder.seconds, methods.greedy.seconds, bound ? bound.coverageSeconds + bound.hours.seconds : null]);
  row('CPU (s)', [methods.builder.cpuSeconds, methods.greedy.cpuSeconds, null]);
  row('process peak RSS (MB)', [methods.builder.peakRssMb, methods.greedy.peakRssMb, null]);
  row('broken hard rules', [methods.builder.brokenRules.total, methods.greedy.brokenRules.total, null]);
  row('filled slots', [methods.builder.figures.filledSlots, methods.greedy.figures.filledSlots, bound?.filledSlots]);
  const boundFigure = {
    coverage: bound?.coverage,
    largestShortfall: bound?.hours.largestShortfall,
    meanShortfall: bound?.hours.meanShortfall,
    hoursSpread: bound?.hours.hoursSpread,
  };
  for (const [key, label] of FIGURES) row(label, [methods.builder.figures[key], methods.greedy.figures[key], boundFigure[key]]);
  row('working days per person *', [methods.builder.dayShape.workingDaysPerPerson, methods.greedy.dayShape.workingDaysPerPerson, null]);
  row('blocks per working day *', [methods.builder.dayShape.blocksPerWorkingDay, methods.greedy.dayShape.blocksPerWorkingDay, null]);
  row('preferred-venue hours in all *', [methods.builder.figures.preferredHours, methods.greedy.figures.preferredHours, null]);
  row('> 3 h short where slots allow', [methods.builder.short.whereSlotsAllow, methods.greedy.short.whereSlotsAllow, null]);
  log(
    '* not a figure the issue names: shifts less than 30 min apart make one block; ' +
      'preferred-venue hours in all rise with the hours given to those who asked, over their expectation too\n',
  );

  // Targets.
  const builder = methods.builder;
  const comparison = Object.fromEntries(
    FIGURES.map(([key, , direction]) => {
      const b = builder.figures[key];
      const g = methods.greedy.figures[key];
      const atBound =
        (key === 'coverage' && bound && builder.figures.filledSlots >= bound.filledSlots) ||
        (boundFigure[key] !== undefined && key !== 'coverage' && b <= boundFigure[key]);
      const verdict = b === g ? (atBound ? 'equal, at the bound' : 'equal') : (direction === 'higher' ? b > g : b < g) ? 'better' : 'worse';
      return [key, { builder: b, greedy: g, verdict }];
    }),
  );
  const met = {
    buildUnder30s: builder.seconds < TARGETS.buildSeconds,
    memoryUnder500Mb: builder.peakRssMb < TARGETS.peakRssMb,
    zeroBrokenRules: builder.brokenRules.total === TARGETS.brokenRules,
    coverageAtLeast99PercentOfBound: bound ? builder.figures.filledSlots >= TARGETS.coverageOfBound * bound.filledSlots : null,
    everyoneWithin3hWhereSlotsAllow: builder.short.whereSlotsAllow === 0,
    betterThanGreedyOnEveryFigure: Object.values(comparison).every((c) => c.verdict === 'better' || c.verdict === 'equal, at the bound'),
  };
  const say = (ok, text) => log(`${ok === null ? 'NOT MEASURED' : ok ? 'MET    ' : 'NOT MET'}  ${text}`);
  say(
    met.buildUnder30s,
    `builds in under ${TARGETS.buildSeconds} s: ${builder.seconds} s (CPU ${builder.cpuSeconds} s, steal ${builder.stealPercent} %)`,
  );
  const rssGrowthMb = methods.builder.peakRssMb - generation.peakRssMb;
  say(
    met.memoryUnder500Mb,
    `under ${TARGETS.peakRssMb} MB of memory: process peak RSS ${builder.peakRssMb} MB at the end of the build ` +
      `(${rssGrowthMb >= 0 ? '+' : ''}${Math.round(rssGrowthMb * 10) / 10} MB over the peak before it)`,
  );
  say(
    met.zeroBrokenRules,
    `zero broken hard rules: builder ${builder.brokenRules.total} ${JSON.stringify(builder.brokenRules.byRule)}, ` +
      `greedy ${methods.greedy.brokenRules.total}`,
  );
  say(
    met.coverageAtLeast99PercentOfBound,
    bound
      ? `coverage at least 99 % of the bound: ${builder.figures.filledSlots} of at most ${bound.filledSlots} slots ` +
          `= ${((100 * builder.figures.filledSlots) / bound.filledSlots).toFixed(2)} % ` +
          `(greedy ${((100 * methods.greedy.figures.filledSlots) / bound.filledSlots).toFixed(2)} %)`
      : 'coverage against the bound (--no-bound)',
  );
  say(
    met.everyoneWithin3hWhereSlotsAllow,
    `every volunteer within 3 h of their expectation where the slots allow it: ${builder.short.whereSlotsAllow} more than 3 h short ` +
      `of ${volunteers.length - (bound?.hours.volunteersBeyondOwnCapacity ?? 0)} whose own capacity allows it` +
      (bound
        ? ` (the slots allow all of them at once: ` +
          `${bound.hours.within3hShortfall === 0 ? 'yes' : `no, ${bound.hours.within3hShortfall} h short at best`})`
        : '') +
      `; greedy ${methods.greedy.short.whereSlotsAllow}`,
  );
  say(
    met.betterThanGreedyOnEveryFigure,
    `better than the greedy baseline on every figure: ${Object.entries(comparison)
      .map(([key, c]) => `${key} ${c.verdict}`)
      .join(', ')}`,
  );
  if (builder.short.examples.length) {
    log('\nBuilder: volunteers more than 3 h short whose own capacity allows their hours (first 8):');
    for (const e of builder.short.examples)
      log(`  #${e.volunteerId}: ${e.hours} of ${e.expected} h (alone could work ${e.capacityAlone ?? '–'} h) — ${e.traits}`);
  }

  if (options.smoke) {
    // The other targets are the full edition's: a tiny one may not leave the builder room to beat the baseline.
    smokeVerdict({
      'no hard rule broken by the builder': met.zeroBrokenRules,
      'none by the baseline': methods.greedy.brokenRules.total === 0,
    });
    return;
  }
  if (options['builder-dir']) {
    log("\nNot written to results/builder.json: those figures are for the domain's builder.");
    return;
  }
  const file = writeResult(
    'builder',
    {
      command: 'npm run bench:builder',
      config: { ...config, builder: builderFile.startsWith(ROOT) ? builderFile.slice(ROOT.length + 1) : builderFile },
      edition: facts,
      methods: Object.fromEntries(Object.entries(methods).map(([name, m]) => [name, m])),
      bound: bound && { ...bound, capacityOf: undefined },
      comparison,
      targets: { ...TARGETS, met },
    },
    { loadBefore },
  );
  log(`\nWritten to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
