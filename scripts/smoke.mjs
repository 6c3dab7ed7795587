#!/usr/bin/env node
// Runs every benchmark (test/bench/*.bench.mjs, each with --smoke) and every fault test
// (test/outage/*.test.mjs, with SMOKE=1) at its smoke size: tiny data and phases of a second or two,
// so that one which no longer runs fails CI instead of rotting unseen. A piece fails when it exits
// with anything but 0: it could not run, a check it makes besides its timings broke (a row missing
// from the export, a save lost, a second copy of an email), or a fault test's assertion failed. Each
// piece is found by its file name, so a new benchmark is run too, and fails until it takes --smoke.
// Nothing is written to test/bench/results. Needs a build (npm run build), MariaDB on 127.0.0.1:3306,
// Debian's Chromium, and root for the fault tests (test/bench/README.md).
//
//   npm run test:smoke                               every piece, one after the other (a few minutes)
//   npm run test:smoke -- --only spike,outage        some of them, by name (the file name before .bench / .test)
//   TEST_SUMMARY_FILE=x.json npm run test:smoke      also writes the totals as JSON
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
/** A piece still running after this long is stopped and fails. */
const PIECE_TIMEOUT_MS = 600_000;

const filesIn = (dir, suffix) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => ({ name: name.slice(0, -suffix.length), file: `${dir}/${name}` }));

const PIECES = [
  ...filesIn('test/bench', '.bench.mjs').map(({ name, file }) => ({ name, kind: 'benchmark', args: [file, '--smoke'], env: {} })),
  ...filesIn('test/outage', '.test.mjs').map(({ name, file }) => ({
    name,
    kind: 'fault test',
    args: ['--test', '--test-reporter=spec', file],
    env: { SMOKE: '1' },
  })),
];

const { values: options } = parseArgs({ options: { only: { type: 'string' } } });
const only = options.only?.split(',').map((s) => s.trim());
const unknown = (only ?? []).filter((name) => !PIECES.some((p) => p.name === name));
if (unknown.length) {
  console.error(`Unknown piece(s): ${unknown.join(', ')}. Known: ${PIECES.map((p) => p.name).join(', ')}.`);
  process.exit(2);
}

const results = [];
const startedAll = performance.now();
for (const piece of PIECES.filter((p) => !only || only.includes(p.name))) {
  console.log(`\n━━ ${piece.name} (${piece.kind}): node ${piece.args.join(' ')}${piece.env.SMOKE ? ' with SMOKE=1' : ''} ━━`);
  const started = performance.now();
  const run = spawnSync(process.execPath, piece.args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...piece.env },
    timeout: PIECE_TIMEOUT_MS,
    killSignal: 'SIGTERM',
  });
  const seconds = (performance.now() - started) / 1000;
  let outcome = run.status === 0 ? 'passed' : `failed (exit ${run.status ?? run.signal})`;
  if (run.error?.code === 'ETIMEDOUT') outcome = `stopped after ${PIECE_TIMEOUT_MS / 1000} s`;
  results.push({ name: piece.name, kind: piece.kind, passed: run.status === 0, outcome, seconds: Math.round(seconds * 10) / 10 });
}

const totalSeconds = Math.round((performance.now() - startedAll) / 100) / 10;
console.log('\n━━ smoke summary ━━');
for (const r of results) {
  console.log(`${r.name.padEnd(12)} ${r.kind.padEnd(11)} ${r.outcome.padEnd(24)} ${r.seconds.toFixed(1).padStart(6)} s`);
}
const passed = results.filter((r) => r.passed).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed in ${totalSeconds} s`);
if (process.env.TEST_SUMMARY_FILE) {
  const summary = { database: 'benchmarks and fault tests at smoke size', passed, failed, totalSeconds, pieces: results };
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify(summary, null, 2));
}
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
