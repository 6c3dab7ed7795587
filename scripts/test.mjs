#!/usr/bin/env node
// Runs every test suite of the repository, prints each runner's own summary, and ends with one
// line totalling them all: "N passed, N failed". With TEST_DATABASE_URL set, the backend suites
// run against that MySQL/MariaDB server (a fresh database per suite).
//
//   npm test                              every runner (the browser journeys build the app first)
//   npm test -- --only backend            one runner: domain, backend, ui, admin-ui, e2e (repeatable)
//   npm test -- --no-build                the browser journeys use the existing build
//   TEST_SUMMARY_FILE=x.json npm test     also writes the totals as JSON
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--only' ? [args[i + 1]] : arg.startsWith('--only=') ? [arg.slice(7)] : []));
const selected = (name) => only.length === 0 || only.includes(name);
const database = process.env.TEST_DATABASE_URL
  ? `MariaDB/MySQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')})`
  : 'SQLite';
const scratch = mkdtempSync(join(tmpdir(), 'svp-test-results-'));
const node = [process.execPath, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'];
const jest = join(root, 'node_modules/jest/bin/jest.js');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

const runners = [
  { name: 'domain', label: 'jest', cwd: 'domain', command: (out) => [...node, jest, '--json', `--outputFile=${out}`] },
  { name: 'backend', label: `jest, ${database}`, cwd: 'backend', command: (out) => [...node, jest, '--json', `--outputFile=${out}`] },
  {
    name: 'ui',
    label: 'vitest, applicant app',
    cwd: 'applicant-ui',
    command: (out) => [process.execPath, vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
  },
  {
    name: 'admin-ui',
    label: 'vitest, admin panel',
    cwd: 'admin-ui',
    command: (out) => [process.execPath, vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
  },
  {
    name: 'e2e',
    label: 'jest + playwright-core, Debian Chromium',
    cwd: 'test',
    before: () => (args.includes('--no-build') ? 0 : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status),
    command: (out) => [...node, jest, '--config', 'jest.e2e.config.js', '--json', `--outputFile=${out}`],
  },
].filter((r) => selected(r.name));

/**
 * CPU seconds (user + system) used so far by the processes this one has waited for, and theirs: what a runner and
 * everything it started (workers, servers, browsers) cost. Linux only (/proc); null elsewhere.
 */
function childrenCpuSeconds() {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces; cutime and cstime are the 14th and 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const results = [];
for (const runner of runners) {
  console.log(`\n━━ ${runner.name} (${runner.label}) ━━`);
  const outputFile = join(scratch, `${runner.name}.json`);
  let status = runner.before ? runner.before() : 0;
  if (status !== 0) {
    console.log(`${runner.name}: could not prepare the run (exit ${status})`);
    results.push({ name: runner.name, passed: 0, failed: 1 });
    continue;
  }
  const [bin, ...rest] = runner.command(outputFile);
  const startedAt = performance.now();
  const cpuBefore = childrenCpuSeconds();
  status = spawnSync(bin, rest, { cwd: join(root, runner.cwd), stdio: 'inherit', env: process.env }).status;
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  const cpuAfter = childrenCpuSeconds();
  const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : Math.round(cpuAfter - cpuBefore);
  let passed = 0;
  let failed = 0;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  }
  // A runner that crashed before reporting, or failed without a failing test, still counts as a failure.
  if (status !== 0 && failed === 0) failed = 1;
  results.push({ name: runner.name, passed, failed, seconds, cpuSeconds });
}

// Wall time, and the CPU time of the runner's processes: on a machine others share, the wall time says more about them.
const timing = (r) => (r.seconds === undefined ? '' : `  ${r.seconds} s${r.cpuSeconds === null ? '' : `, ${r.cpuSeconds} s CPU`}`);
console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed${timing(r)}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${'total'.padEnd(10)} ${Math.round(performance.now() / 1000)} s`);
if (process.env.TEST_SUMMARY_FILE)
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ database, passed, failed, runners: results }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
