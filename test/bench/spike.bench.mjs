#!/usr/bin/env node
// Deadline spike benchmark: 500 registered applicants, each with a complete profile and an
// open application with three 300-word essays, save their application in a loop at the same time
// (POST /api/application/save, a rewritten essay each time, each save based on the version the last
// answer gave) for 60 s against the built server on MariaDB. Then, in the same run, a bare mysql2
// script does the same UPDATEs (the statement the server's compare-and-set issues, same size of
// document) from the same 500 loops over a pool as large as the server's: the database's own limit on
// this machine. Targets: zero errors, p99 under 200 ms, at least half the bare throughput; and after
// the run every applicant's last acknowledged save is in the database, byte for byte.
//
// With no pause between saves, 500 applicants keep 500 saves in flight: every save waits for the 499
// others, so its latency is 500 ÷ throughput whatever the server does (Little's law), for the bare
// database too. A second phase therefore measures latency at a pace people can keep: each applicant
// saves every --paced-every seconds (5 s: 100 saves/s offered), still all at the same time.
//
// A benchmark, not a test: it prints figures, writes test/bench/results/spike.json and exits 0 whatever
// they are (1 only when it cannot run). Every run also reports the regression guard of
// test/bench/spike-guard.json: the server's CPU per save over the database's CPU per bare UPDATE, both
// measured in the run; the smoke run fails when it is over the bound. The machine's load (1-minute
// average) before and after the run is printed and recorded. Each run gets a fresh database: the built server migrates it,
// stops, the applicants are inserted with SQL (test/bench/support/applicants.mjs), the server starts
// again, the timeline is set to the last hour before the deadline, and every applicant signs in through
// the API and opens the wizard. The save loops are not autocannon's: each applicant must know which of
// its saves was acknowledged last (test/bench/support/save-client.mjs).
//
//   node test/bench/spike.bench.mjs                        500 applicants: 5 s warm-up, 60 s flood, 30 s paced, 60 s bare
//   node test/bench/spike.bench.mjs --duration 10 --paced-duration 10 --applicants 200
//   node test/bench/spike.bench.mjs --paced-every 0        no paced phase
//   node test/bench/spike.bench.mjs --build                rebuild domain and backend first
//   node test/bench/spike.bench.mjs --smoke                10 applicants, 2-3 s phases, nothing written; exits 1 on an error
//                                                          answer, a last acknowledged save not stored, or the guard exceeded
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/svp_bench_spike ... (default root@127.0.0.1:3306/svp_bench_spike;
//                                                                   that database is dropped and created, and dropped at the end)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, ensureBuilt, log, mariadbAdmin, smokeVerdict } from './support/common.mjs';
import { cpuMs, cpuSplitMs } from './support/measure.mjs';
import {
  applicantPasswordHash,
  deadlineHourTimeline,
  nextDraft,
  seedApplicantsMysql,
  storedApplicationsMysql,
} from './support/applicants.mjs';
import { checkStoredSaves, percentiles, runSaveLoops, setTimeline, signInApplicants } from './support/save-client.mjs';
import { loadNow, machine, writeResult } from './support/results.mjs';

const TARGET_P99_MS = 200;
/** The regression guard's bound (checked at every run, failing the smoke run): see the file. */
const GUARD_FILE = join(ROOT, 'test/bench/spike-guard.json');
const TARGET_RATIO = 0.5;

const { values: options } = parseArgs({
  options: {
    applicants: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    'paced-every': { type: 'string' },
    'paced-duration': { type: 'string' },
    'no-bare': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const DEFAULTS = { applicants: 500, duration: 60, warmup: 5, 'paced-every': 5, 'paced-duration': 30 };
const SMOKE = { applicants: 10, duration: 3, warmup: 2, 'paced-every': 1, 'paced-duration': 2 };
const sized = (key) => Number(options[key] ?? (options.smoke ? SMOKE : DEFAULTS)[key]);
const N = {
  applicants: sized('applicants'),
  duration: sized('duration'),
  warmup: sized('warmup'),
  pacedEvery: sized('paced-every'),
  pacedDuration: sized('paced-duration'),
};
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench_spike';
const round = (value, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** The size of the server's MySQL pool, read from the built server's own options. */
async function serverPoolSize(dataDir) {
  const { databaseOptions } = await import(pathToFileURL(join(ROOT, 'backend/dist/database/database.options.js')).href);
  return databaseOptions({ databaseUrl: MYSQL_URL, dataDir, nodeEnv: 'production' }, []).extra.connectionLimit;
}

/** CPU used so far by the database server (ms), when its pid file is readable here; null otherwise. */
async function databaseCpu(connection) {
  try {
    const [[{ file }]] = await connection.query('SELECT @@pid_file AS file');
    const pid = Number(readFileSync(file, 'utf8').trim());
    cpuMs(pid);
    return () => cpuMs(pid);
  } catch {
    return () => null;
  }
}

/** Saves through the API for `seconds`; answers throughput, latencies, errors and CPU per save. */
async function savePhase(server, applicants, seconds, { record, everyMs = 0, dbCpu }) {
  const latencies = [];
  const perApplicant = new Map();
  const errors = new Map();
  const firstErrors = [];
  /** Saves answered within the phase (the throughput); latencies also count the ones in flight at its end. */
  let saves = 0;
  /** Saves sent again after the server closed their idle kept-alive connection (see runSaveLoops). */
  let resent = 0;
  const until = Date.now() + seconds * 1000;
  const cpuBefore = cpuSplitMs(server.pid);
  const dbBefore = dbCpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  // What a load balancer would see meanwhile: GET /api/health once a second.
  const healthProbes = [];
  const probing = (async () => {
    while (record && Date.now() < until) {
      const t = performance.now();
      const response = await fetch(`${server.baseUrl}/api/health`).catch(() => null);
      healthProbes.push({ status: response?.status ?? 0, ms: performance.now() - t });
      await response?.body?.cancel();
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  await runSaveLoops(server.baseUrl, applicants, {
    running: () => Date.now() < until,
    everyMs,
    resendOnIdleClose: true,
    onAnswer(outcome, applicant) {
      if (!record) return;
      if (outcome.resent) resent += 1;
      if (outcome.ok) {
        if (outcome.at <= until) saves += 1;
        latencies.push(outcome.ms);
        perApplicant.set(applicant, (perApplicant.get(applicant) ?? 0) + 1);
        return;
      }
      const key = outcome.status ? `${outcome.status} ${outcome.body?.data?.err ?? ''}`.trim() : outcome.error;
      errors.set(key, (errors.get(key) ?? 0) + 1);
      if (firstErrors.length < 5)
        firstErrors.push(outcome.body ? JSON.stringify(outcome.body).slice(0, 300) : (outcome.text ?? outcome.error));
    },
  });
  const wallMs = performance.now() - started;
  await probing;
  const client = process.cpuUsage(clientBefore);
  const dbAfter = dbCpu();
  const cpuAfter = cpuSplitMs(server.pid);
  const perSave = (ms) => ms / Math.max(1, saves);
  const counts = applicants.map((a) => perApplicant.get(a) ?? 0).sort((a, b) => a - b);
  return {
    saves,
    throughput: saves / seconds,
    latency: percentiles(latencies),
    errors: Object.fromEntries(errors),
    errorCount: [...errors.values()].reduce((a, b) => a + b, 0),
    resent,
    firstErrors,
    serverCpuMsPerSave: perSave(cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system),
    serverUserMsPerSave: perSave(cpuAfter.user - cpuBefore.user),
    serverSystemMsPerSave: perSave(cpuAfter.system - cpuBefore.system),
    databaseCpuMsPerSave: dbBefore === null ? null : (dbAfter - dbBefore) / Math.max(1, saves),
    clientCpuPercent: ((client.user + client.system) / 1000 / wallMs) * 100,
    seconds,
    savesPerApplicant: { min: counts[0], median: counts[Math.floor(counts.length / 2)], max: counts[counts.length - 1] },
    health: {
      probes: healthProbes.length,
      notOk: healthProbes.filter((p) => p.status !== 200).length,
      slowestMs: Math.round(Math.max(0, ...healthProbes.map((p) => p.ms))),
    },
  };
}

/**
 * The database's limit: the same UPDATE the server's compare-and-set sends, with a new draft each
 * time, from the same number of loops over a pool as large as the server's.
 */
async function barePhase(applicants, versions, poolSize, seconds, { record, dbCpu }) {
  const { default: mysql } = await import('mysql2/promise');
  const pool = mysql.createPool({
    uri: MYSQL_URL,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    connectionLimit: poolSize,
    waitForConnections: true,
    queueLimit: 0,
  });
  const sql =
    'UPDATE `applications` SET `data` = ?, `step` = ?, `completed` = ?, `team_leader` = ?, `financial_aid` = ?, `submitted_at` = ?, ' +
    '`updated_at` = ?, `version` = ? ' +
    'WHERE `id` = ? AND `version` = ? AND `completed` = ? AND `closed` = ?';
  const latencies = [];
  let updates = 0;
  let errors = 0;
  let missed = 0;
  const until = Date.now() + seconds * 1000;
  const dbBefore = dbCpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  try {
    await Promise.all(
      applicants.map(async (applicant) => {
        const { account } = applicant;
        while (Date.now() < until) {
          const { step, ...answers } = nextDraft(account, applicant.sequence++);
          const version = versions.get(account.applicationId);
          const t = performance.now();
          try {
            const parameters = [
              JSON.stringify(answers),
              step,
              0,
              account.teamLeader ? 1 : 0,
              account.financialAid ? 1 : 0,
              null,
              new Date(),
              version + 1,
              account.applicationId,
              version,
              0,
              0,
            ];
            const [result] = await pool.query(sql, parameters);
            if (result.affectedRows === 1) versions.set(account.applicationId, version + 1);
            else missed += 1;
            if (record) {
              if (Date.now() <= until) updates += 1;
              latencies.push(performance.now() - t);
            }
          } catch {
            if (record) errors += 1;
          }
        }
      }),
    );
  } finally {
    await pool.end();
  }
  const wallMs = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const dbAfter = dbCpu();
  return {
    updates,
    throughput: updates / seconds,
    latency: percentiles(latencies),
    errors,
    missed,
    poolSize,
    databaseCpuMsPerUpdate: dbBefore === null ? null : (dbAfter - dbBefore) / Math.max(1, updates),
    clientCpuPercent: ((client.user + client.system) / 1000 / wallMs) * 100,
  };
}

const describe = (phase) =>
  `${phase.saves} saves answered in ${phase.seconds} s = ${phase.throughput.toFixed(0)} saves/s; ` +
  `p50 ${phase.latency.p50} ms, p95 ${phase.latency.p95} ms, p99 ${phase.latency.p99} ms, max ${phase.latency.max} ms; ` +
  `${phase.errorCount} errors${phase.errorCount ? ` ${JSON.stringify(phase.errors)}` : ''}` +
  `${phase.resent ? ` (${phase.resent} saves resent after the server closed an idle connection)` : ''}; CPU per save: ` +
  `server ${phase.serverCpuMsPerSave.toFixed(2)} ms (user ${phase.serverUserMsPerSave.toFixed(2)}, system ` +
  `${phase.serverSystemMsPerSave.toFixed(2)})` +
  `${phase.databaseCpuMsPerSave === null ? '' : `, database ${phase.databaseCpuMsPerSave.toFixed(2)} ms`}; ` +
  `client ${phase.clientCpuPercent.toFixed(0)}% of a core; ` +
  `saves per applicant ${phase.savesPerApplicant.min}–${phase.savesPerApplicant.max} (median ${phase.savesPerApplicant.median}); ` +
  `GET /api/health ${phase.health.probes - phase.health.notOk}/${phase.health.probes} ok (slowest ${phase.health.slowestMs} ms)`;

const phaseFigures = (phase) =>
  phase && {
    saves: phase.saves,
    savesPerSecond: round(phase.throughput),
    latencyMs: phase.latency,
    errors: phase.errorCount,
    errorsByKind: phase.errors,
    resentAfterIdleClose: phase.resent,
    savesPerApplicant: phase.savesPerApplicant,
    healthProbes: phase.health,
    serverCpuMsPerSave: round(phase.serverCpuMsPerSave, 2),
    serverUserCpuMsPerSave: round(phase.serverUserMsPerSave, 2),
    serverSystemCpuMsPerSave: round(phase.serverSystemMsPerSave, 2),
    databaseCpuMsPerSave: round(phase.databaseCpuMsPerSave, 2),
    clientCpuPercentOfCore: round(phase.clientCpuPercent),
  };

async function main() {
  for (const key of ['applicants', 'duration'])
    if (!Number.isInteger(N[key]) || N[key] <= 0) throw new Error(`--${key} must be a positive whole number`);
  for (const key of ['warmup', 'pacedEvery', 'pacedDuration'])
    if (!Number.isFinite(N[key]) || N[key] < 0) throw new Error('--warmup, --paced-every and --paced-duration must be zero or more');
  ensureBuilt(options.build);
  const loadBefore = loadNow();
  const host = machine();
  const pacedText = N.pacedEvery && N.pacedDuration ? `, ${N.pacedDuration} s saving every ${N.pacedEvery} s` : '';
  const bareText = options['no-bare'] ? '' : `, ${N.duration} s of bare UPDATEs`;
  log(
    `Deadline spike benchmark: ${N.applicants} applicants; ${N.warmup} s warm-up, ${N.duration} s saving without pause` +
      `${pacedText}${bareText}.`,
  );
  log(`Machine: ${host.cores} cores, ${host.cpuModel}, load ${loadBefore.join(' / ')} (1 / 5 / 15 min).\n`);

  const admin = await mariadbAdmin(MYSQL_URL);
  let connection;
  try {
    connection = await admin.connect();
  } catch (error) {
    throw new Error(
      `MariaDB does not answer at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')} (${error.code ?? error.message}); ` +
        `start it or set BENCH_MYSQL_URL.`,
    );
  }
  const [[{ version: mariadbVersion }]] = await connection.query('SELECT VERSION() AS version');
  const dbCpu = await databaseCpu(connection);
  await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
  await connection.query(`CREATE DATABASE \`${admin.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  log(`MariaDB ${mariadbVersion}, database ${admin.database} (dropped and created)`);

  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-spike-'));
  let server = null;
  try {
    let started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl: MYSQL_URL });
    await server.stop();
    server = null;
    const accounts = await seedApplicantsMysql(MYSQL_URL, { count: N.applicants, passwordHash: await applicantPasswordHash() });
    const documentKb = accounts.reduce((sum, a) => sum + Buffer.byteLength(JSON.stringify(a.data)), 0) / accounts.length / 1024;
    log(
      `  migrated and seeded ${accounts.length} applicants ` +
        `(answers ~${documentKb.toFixed(1)} KB each) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    server = await startServer({ admin: ADMIN, dataDir, databaseUrl: MYSQL_URL });
    await setTimeline(server.baseUrl, deadlineHourTimeline());
    started = performance.now();
    const applicants = await signInApplicants(server.baseUrl, accounts);
    log(
      `  ${applicants.length} applicants signed in through the API and opened their applications ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    if (N.warmup > 0) {
      await savePhase(server, applicants, N.warmup, { record: false, dbCpu });
      log(`  warm-up: ${N.warmup} s`);
    }
    const flood = await savePhase(server, applicants, N.duration, { record: true, dbCpu });
    log(`  without pause: ${describe(flood)}`);
    for (const line of flood.firstErrors) log(`    e.g. ${line}`);
    let paced = null;
    if (N.pacedEvery > 0 && N.pacedDuration > 0) {
      paced = await savePhase(server, applicants, N.pacedDuration, { record: true, everyMs: N.pacedEvery * 1000, dbCpu });
      log(`  every ${N.pacedEvery} s: ${describe(paced)}`);
      for (const line of paced.firstErrors) log(`    e.g. ${line}`);
    }
    const serverErrors = server
      .log()
      .split('\n')
      .filter((line) => /\bERROR\b/.test(line));
    await server.stop();
    server = null;
    if (serverErrors.length)
      log(`  the server logged ${serverErrors.length} error lines, e.g.\n    ${serverErrors.slice(0, 3).join('\n    ')}`);

    const stored = await storedApplicationsMysql(MYSQL_URL);
    const check = checkStoredSaves(applicants, stored);
    log(
      `  after the run: ${check.lastAcknowledged}/${check.checked} applications hold the last acknowledged save byte for byte` +
        (check.problems.length ? `; ${check.problems.length} do NOT, e.g.\n    ${check.problems.slice(0, 5).join('\n    ')}` : ''),
    );

    let bare = null;
    if (!options['no-bare']) {
      const versions = new Map([...stored].map(([id, row]) => [id, row.version]));
      const poolSize = await serverPoolSize(dataDir);
      if (N.warmup > 0) await barePhase(applicants, versions, poolSize, Math.min(N.warmup, 3), { record: false, dbCpu });
      bare = await barePhase(applicants, versions, poolSize, N.duration, { record: true, dbCpu });
      log(
        `  bare mysql2: ${bare.updates} UPDATEs in ${N.duration} s = ${bare.throughput.toFixed(0)} updates/s ` +
          `over ${poolSize} connections; ` +
          `p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms; ` +
          `${bare.errors} errors${bare.missed ? `, ${bare.missed} matched no row` : ''}` +
          `${bare.databaseCpuMsPerUpdate === null ? '' : `; database CPU ${bare.databaseCpuMsPerUpdate.toFixed(2)} ms per update`}`,
      );
    }

    const loadAfter = loadNow();
    const ratio = bare ? flood.throughput / bare.throughput : null;
    const allErrors = flood.errorCount + (paced?.errorCount ?? 0);
    const targets = {
      zeroErrors: allErrors === 0,
      p99Under200msWithoutPause: flood.latency.p99 < TARGET_P99_MS,
      p99Under200msPaced: paced ? paced.latency.p99 < TARGET_P99_MS : null,
      halfOfBareThroughput: ratio === null ? null : ratio >= TARGET_RATIO,
      lastSavesStored: check.lastAcknowledged === check.checked,
    };
    printTable(flood, paced, bare, ratio, check, targets);
    const guard = guardCheck(flood, bare);
    log(guard.text);
    log(
      `Load during the run (1-minute average): ${loadBefore[0]} before, ${loadAfter[0]} after ` +
        `(5 / 15 min: ${loadBefore.slice(1).join(' / ')} before, ${loadAfter.slice(1).join(' / ')} after; ${host.cores} cores).`,
    );
    if (options.smoke) {
      smokeVerdict({
        'no error answer': targets.zeroErrors,
        'every last acknowledged save stored': targets.lastSavesStored,
        'bare UPDATEs without error': !bare || bare.errors === 0,
        [`server CPU per save at most ${guard.max} × the bare UPDATE's database CPU (${GUARD_NAME})`]: guard.held !== false,
      });
      return;
    }
    const file = writeResult(
      'spike',
      {
        command: 'npm run bench:spike',
        config: {
          applicants: N.applicants,
          durationSeconds: N.duration,
          warmupSeconds: N.warmup,
          pacedEverySeconds: N.pacedEvery,
          pacedDurationSeconds: N.pacedDuration,
          database: `MariaDB ${mariadbVersion}`,
          answersKb: round(documentKb, 1),
        },
        withoutPause: phaseFigures(flood),
        paced: phaseFigures(paced),
        bareDatabase: bare && {
          updates: bare.updates,
          updatesPerSecond: round(bare.throughput),
          latencyMs: bare.latency,
          errors: bare.errors,
          poolSize: bare.poolSize,
          databaseCpuMsPerUpdate: round(bare.databaseCpuMsPerUpdate, 2),
        },
        ratio: round(ratio, 2),
        guard: { serverCpuPerSaveOverBareDatabaseCpu: round(guard.ratio, 2), max: guard.max, held: guard.held },
        load: { oneMinuteBefore: loadBefore[0], oneMinuteAfter: loadAfter[0] },
        verification: {
          applications: check.checked,
          holdingLastAcknowledgedSave: check.lastAcknowledged,
          problems: check.problems.slice(0, 10),
        },
        targets: { p99Ms: TARGET_P99_MS, ratio: TARGET_RATIO, met: targets },
      },
      { loadBefore },
    );
    log(`Wrote ${file.replace(`${ROOT}/`, '')}`);
  } catch (error) {
    if (server) log(server.log().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await server?.stop();
    if (!options.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      const c = await admin.connect();
      await c.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
      await c.end();
    } else {
      log(`  kept ${dataDir} and ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')}`);
    }
  }
}

const GUARD_NAME = 'test/bench/spike-guard.json';

/**
 * The regression guard: the server's CPU per save without pause over the database's CPU per bare
 * UPDATE, both measured in this run (the same statement, the same document), so that the bound holds
 * on a faster or slower machine. `held` is null when the database's CPU could not be read (its pid
 * file is not readable here, or --no-bare).
 */
function guardCheck(flood, bare) {
  const { max } = JSON.parse(readFileSync(GUARD_FILE, 'utf8')).serverCpuPerSaveOverBareDatabaseCpu;
  const database = bare?.databaseCpuMsPerUpdate;
  if (!database) return { max, ratio: null, held: null, text: `Regression guard (${GUARD_NAME}): not measured (no database CPU).` };
  const ratio = flood.serverCpuMsPerSave / database;
  const held = ratio <= max;
  return {
    max,
    ratio,
    held,
    text:
      `Regression guard (${GUARD_NAME}): server CPU per save ${flood.serverCpuMsPerSave.toFixed(2)} ms ÷ database CPU per bare ` +
      `UPDATE ${database.toFixed(2)} ms = ${ratio.toFixed(2)} (at most ${max}): ${held ? 'held' : 'EXCEEDED'}.`,
  };
}

function printTable(flood, paced, bare, ratio, check, targets) {
  const head = ['phase', 'req/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'max (ms)', 'errors'];
  const latencies = (l) => ['p50', 'p95', 'p99', 'max'].map((p) => String(l[p]));
  const rows = [['API, no pause between saves', flood.throughput.toFixed(0), ...latencies(flood.latency), String(flood.errorCount)]];
  if (paced)
    rows.push([
      `API, a save every ${N.pacedEvery} s each`,
      paced.throughput.toFixed(0),
      ...latencies(paced.latency),
      String(paced.errorCount),
    ]);
  if (bare)
    rows.push([`bare mysql2 UPDATE, pool ${bare.poolSize}`, bare.throughput.toFixed(0), ...latencies(bare.latency), String(bare.errors)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log(`\nResults (${N.applicants} applicants saving at the same time)`);
  log(line(head));
  log(widths.map((w) => '─'.repeat(w)).join('  '));
  rows.forEach((row) => log(line(row)));
  const mark = (ok) => (ok === null ? 'not measured' : ok ? 'yes' : 'NO');
  log(
    `\nTargets: zero errors: ${mark(targets.zeroErrors)}; ` +
      `p99 under ${TARGET_P99_MS} ms: ${mark(targets.p99Under200msWithoutPause)} without pause, ` +
      `${mark(targets.p99Under200msPaced)} at a save every ${N.pacedEvery} s; ` +
      `at least ${TARGET_RATIO} of the bare throughput: ${mark(targets.halfOfBareThroughput)}` +
      `${ratio === null ? '' : ` (${ratio.toFixed(2)})`}; ` +
      `every last acknowledged save stored byte for byte: ${mark(targets.lastSavesStored)} (${check.lastAcknowledged}/${check.checked}).`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
