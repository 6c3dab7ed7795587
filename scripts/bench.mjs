#!/usr/bin/env node
// Runs every benchmark of test/bench one after the other (each prints its own table and writes
// test/bench/results/<name>.json), then rewrites test/bench/results/summary.json from those files:
// the machine, one line per benchmark saying whether its targets were met, every benchmark's latest
// figures, and those the fault tests (npm run test:outage) recorded. A benchmark that cannot run (no MariaDB, a build failure) is reported
// and its
// earlier figures are kept, marked with the date they were measured.
//
//   npm run bench                              every benchmark with its defaults (about 10 minutes)
//   npm run bench -- --only spike,export       some of them: export, schedule, jury-assign, spike, builder, messages
//   npm run bench -- --summary-only            only rewrite the summary from the files there
//
// npm run test:smoke (scripts/smoke.mjs) runs each of them, and the fault tests, at a smoke size instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'test/bench/results');

const BENCHMARKS = [
  { name: 'export', script: 'test/bench/csv-export.bench.mjs', command: 'npm run bench:export' },
  { name: 'schedule', script: 'test/bench/schedule.bench.mjs', command: 'npm run bench:schedule' },
  { name: 'jury-assign', script: 'test/bench/jury-assign.bench.mjs', command: 'npm run bench:jury' },
  { name: 'spike', script: 'test/bench/spike.bench.mjs', command: 'npm run bench:spike' },
  { name: 'builder', script: 'test/bench/builder.bench.mjs', command: 'npm run bench:builder' },
  { name: 'messages', script: 'test/bench/messages.bench.mjs', command: 'npm run bench:messages' },
];

const { values: options } = parseArgs({ options: { only: { type: 'string' }, 'summary-only': { type: 'boolean', default: false } } });
const only = options.only ? options.only.split(',').map((s) => s.trim()) : null;
const unknown = (only ?? []).filter((name) => !BENCHMARKS.some((b) => b.name === name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}.`);
  process.exit(2);
}

const runs = {};
if (!options['summary-only']) {
  for (const bench of BENCHMARKS.filter((b) => !only || only.includes(b.name))) {
    console.log(`\n━━ ${bench.name}: ${bench.command} ━━`);
    const startedAt = Date.now();
    // Every script checks the build itself and says when backend/dist is older than the sources.
    const { status } = spawnSync(process.execPath, [join(ROOT, bench.script)], { cwd: ROOT, stdio: 'inherit' });
    runs[bench.name] = { exitCode: status, startedAt };
  }
}

const read = (name) => {
  const file = join(RESULTS, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

/** The figures a reader looks for first, per benchmark. */
function headline(name, record) {
  switch (name) {
    case 'export':
      return record.results.map((r) => `${r.database}: ${r.exportSeconds} s, +${r.peakRssRiseMb} MB`).join('; ');
    case 'schedule':
      return record.results.map((r) => `${r.database} ${r.route}: p99 ${r.latencyMs.p99} ms, ${r.requestsPerSecond} req/s`).join('; ');
    case 'jury-assign':
      return record.results.map((r) => `${r.database}: ${r.replaceSeconds} s`).join('; ');
    case 'spike': {
      const flood = record.withoutPause;
      const paced = record.paced;
      const pacedText = paced ? `, ${paced.latencyMs.p99} ms at a save every ${record.config.pacedEverySeconds} s` : '';
      return (
        `${flood.savesPerSecond} saves/s (${record.ratio ?? '–'} of bare ${record.bareDatabase?.updatesPerSecond ?? '–'}/s), ` +
        `p99 ${flood.latencyMs.p99} ms without pause${pacedText}; ${flood.errors + (paced?.errors ?? 0)} errors; ` +
        `${record.verification.holdingLastAcknowledgedSave}/${record.verification.applications} last saves stored`
      );
    }
    case 'builder':
      return record.instances
        .map(({ instance, builder, greedy, bound, optimum, peakRssMb }) => {
          const best = optimum ? `${optimum.coverage.filledSlots} optimum` : `${bound.filledSlots} bound`;
          return (
            `${instance.name}: CPU ${builder.cpuSeconds} s + bound ${bound.cpuSeconds} s, ${peakRssMb} MB, ` +
            `${builder.figures.filledSlots} slots (greedy ${greedy.figures.filledSlots}, ${best})`
          );
        })
        .join('; ');
    case 'messages':
      return record.results
        .map((r) => {
          const reads = r.reads.duringPacedSend;
          const d = [r.throughput, r.reads.duringFullSpeedSend.send, r.paced].map((s) => s.delivery);
          return (
            `${r.database}: ${r.throughput.messagesPerSecond} msg/s to ${r.throughput.recipients} ` +
            `(${r.throughput.serverCpuMsPerMessage} ms server CPU each), ` +
            `${r.paced.afterLoadMessagesPerSecond}/s at ${r.paced.configuredPerSecond}/s set; ` +
            `reads p99 ${reads.latencyMs.p99} ms during a send (×${reads.duringOverWithout.p99}); ` +
            `${d.reduce((n, x) => n + x.duplicates, 0)} duplicates, ${d.reduce((n, x) => n + x.missing, 0)} missing`
          );
        })
        .join('; ');
    default:
      return '';
  }
}

const targetsMet = (record) => {
  const met = record.targets?.met;
  if (typeof met === 'boolean') return met;
  if (met && typeof met === 'object') return Object.values(met).every((v) => v !== false);
  return null;
};

const benchmarks = {};
const overview = [];
for (const bench of BENCHMARKS) {
  const record = read(bench.name);
  const run = runs[bench.name];
  if (!record) {
    overview.push({ benchmark: bench.name, command: bench.command, measured: false, ...(run ? { exitCode: run.exitCode } : {}) });
    continue;
  }
  const fresh = run ? run.exitCode === 0 && Date.parse(record.measuredAt) >= run.startedAt : null;
  benchmarks[bench.name] = record;
  overview.push({
    benchmark: bench.name,
    command: bench.command,
    measuredAt: record.measuredAt,
    load: { before: record.machine?.loadBefore, after: record.machine?.loadAfter },
    targetsMet: targetsMet(record),
    headline: headline(bench.name, record),
    ...(run ? { thisRun: fresh ? 'measured' : `failed (exit ${run.exitCode}); figures from ${record.measuredAt}` } : {}),
  });
}

// The fault tests (npm run test:outage, run by hand) record their figures next to the benchmarks'.
const faultTests = Object.fromEntries(['outage', 'crash'].map((name) => [name, read(name)]).filter(([, record]) => record));

const anyRecord = Object.values(benchmarks)[0];
const summary = {
  generatedAt: new Date().toISOString(),
  machine: anyRecord
    ? {
        cores: anyRecord.machine.cores,
        cpuModel: anyRecord.machine.cpuModel,
        memoryGb: anyRecord.machine.memoryGb,
        node: anyRecord.machine.node,
      }
    : null,
  overview,
  benchmarks,
  faultTests,
};
writeFileSync(join(RESULTS, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

console.log('\n━━ summary (test/bench/results/summary.json) ━━');
for (const line of overview) {
  const state =
    !line.measured && line.measured !== undefined
      ? 'no figures'
      : line.targetsMet === true
        ? 'targets met'
        : line.targetsMet === false
          ? 'targets MISSED'
          : 'targets –';
  const runNote = line.thisRun && line.thisRun !== 'measured' ? `  [${line.thisRun}]` : '';
  console.log(`${line.benchmark.padEnd(12)} ${state.padEnd(15)} ${line.headline ?? ''}${runNote}`);
}
const failed = Object.values(runs).some((r) => r.exitCode !== 0);
process.exit(failed ? 1 : 0);
