#!/usr/bin/env node
// Benchmark of the schedule reads: with 1,000 confirmed volunteers, 60 venues and 3,000
// shifts, GET /api/schedule/{id} (a volunteer's own schedule) and GET /api/schedule/tl/{id} (a team
// leader's venues) should answer at a p99 under 50 ms at 50 concurrent clients, with no N+1 queries.
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run). Each database gets a fresh store: the built server migrates it, stops, test/bench/support/
// schedule-seed.mjs inserts team leaders, confirmed volunteers, venues, shifts and assignments with
// SQL (every seeded user gets the bootstrap admin's password hash), and the server starts again with
// a timeline whose schedules are out. ~50 volunteers and ~20 team leaders sign in; autocannon then
// rotates through their tokens, each request asking for the caller's own schedule.
//
// After each route, the same load runs against a bare node:http server answering the largest of the
// route's answers (support/floor-server.mjs): the machine's own floor in the same run, so that a run on
// a busy or stolen-from virtual machine can be told from a slow portal. The CPU time the hypervisor
// gave to other machines ("steal") is reported for each run.
//
// Queries per request are counted on a few sequential requests of users with few and many shifts:
// on MariaDB from the server's global Questions counter, on SQLite by a preload (--import) in the
// server that counts executed statements. The same count for few and many shifts means no N+1.
//
//   node test/bench/schedule.bench.mjs                        both databases, 10 s per route
//   node test/bench/schedule.bench.mjs --only sqlite          or --only mariadb
//   node test/bench/schedule.bench.mjs --duration 20 --connections 50
//   node test/bench/schedule.bench.mjs --build                rebuild domain and backend first
//   node test/bench/schedule.bench.mjs --smoke                30 volunteers, 150 shifts, 1 s loads, SQLite unless --only says,
//                                                             nothing written; exits 1 when an answer is wrong or a request fails
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/svp_bench_schedule ... (default root@127.0.0.1:3306/svp_bench_schedule;
//                                                                      that database is dropped and created, and dropped at the end)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { timelineFor } from '@svp/domain';
import autocannon from 'autocannon';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, callJson, ensureBuilt, log, mariadbAdmin, smokeVerdict } from './support/common.mjs';
import { adminToken, cpuMs } from './support/measure.mjs';
import { loadNow, writeResult } from './support/results.mjs';
import { startFloorServer, stealMs } from './support/floor-server.mjs';

const TARGET_P99_MS = 50;
/**
 * No more queries with many shifts than with few, but for MariaDB's own background questions and the
 * server re-reading what it keeps for a second (the caller, the revision, the settings), which adds
 * about one query per second of the measurement whatever the number of shifts.
 */
const noMoreWithMany = (few, many) => many - few < 0.5;
/** SCHEDULE_ACCESS_TTL_MS (backend/src/schedule/schedule-access.ts): how soon a server sees a revision raised by another. */
const ACCESS_TTL_MS = 1_000;

const { values: options } = parseArgs({
  options: {
    volunteers: { type: 'string' },
    leaders: { type: 'string' },
    venues: { type: 'string' },
    shifts: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    'sign-in-volunteers': { type: 'string' },
    'sign-in-leaders': { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const DEFAULTS = {
  volunteers: 1000,
  leaders: 40,
  venues: 60,
  shifts: 3000,
  connections: 50,
  duration: 10,
  'sign-in-volunteers': 50,
  'sign-in-leaders': 20,
};
const SMOKE = {
  volunteers: 30,
  leaders: 5,
  venues: 10,
  shifts: 150,
  connections: 10,
  duration: 1,
  'sign-in-volunteers': 5,
  'sign-in-leaders': 3,
};
const sized = (key) => (options[key] === undefined ? (options.smoke ? SMOKE : DEFAULTS)[key] : Number(options[key]));
const N = Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, sized(key)]));
/** Seconds of load before each measured one. */
const WARMUP_SECONDS = options.smoke ? 1 : 2;
/**
 * Requests whose statements are counted and averaged; each after a rebuild waits for the access cache
 * (ACCESS_TTL_MS). A smoke run's few requests leave the averages too noisy to judge N+1 by.
 */
const COUNTED = options.smoke ? { built: 2, reused: 3 } : { built: 5, reused: 10 };
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench_schedule';

async function signIn(baseUrl, email, n) {
  const res = await callJson(baseUrl, 'POST', '/users/login', {
    body: { email, password: ADMIN.password },
    forwardedFor: `10.8.${Math.floor(n / 5)}.${(n % 5) + 1}`,
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.session.access_token;
}

/** A module the server preloads (NODE_OPTIONS=--import) that counts the SQLite statements it runs into a file. */
function sqliteCounterModule(dir) {
  const file = join(dir, 'count-sqlite-statements.mjs');
  writeFileSync(
    file,
    `import { createRequire } from 'node:module';
import { renameSync, writeFileSync } from 'node:fs';
const out = new URL(import.meta.url).searchParams.get('out');
const require = createRequire(${JSON.stringify(join(ROOT, 'backend/package.json'))});
const Database = require('better-sqlite3');
const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
probe.close();
let count = 0;
for (const name of ['all', 'get', 'run', 'iterate']) {
  const original = Statement[name];
  Statement[name] = function (...args) { count += 1; return original.apply(this, args); };
}
// Written aside and renamed, so a reader never sees a half-written file.
setInterval(() => { writeFileSync(out + '.tmp', String(count)); renameSync(out + '.tmp', out); }, 50).unref();
`,
  );
  return file;
}

/**
 * Statements per request, over `requests` sequential GETs. With `rebuild`, a schedule write comes
 * before each GET (the server then builds the schedule again); without, the built one is reused.
 * The write is made straight in the database, as by another server: the server notices it within
 * ACCESS_TTL_MS, so each GET waits that long after it.
 */
async function queriesPerRequest(counter, baseUrl, path, token, { rebuild, requests = rebuild ? COUNTED.built : COUNTED.reused } = {}) {
  let total = 0;
  for (let i = 0; i < requests; i += 1) {
    if (rebuild) {
      await rebuild();
      await new Promise((resolve) => setTimeout(resolve, ACCESS_TTL_MS + 50));
    }
    const before = await counter();
    const res = await callJson(baseUrl, 'GET', path, { token });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    total += (await counter()) - before;
  }
  return Math.round((total / requests) * 10) / 10;
}

async function load(baseUrl, users, pathOf) {
  let i = 0;
  const stealBefore = stealMs();
  const result = await autocannon({
    url: baseUrl,
    connections: N.connections,
    duration: N.duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const user = users[i++ % users.length];
          return { ...request, path: pathOf(user.id), headers: { ...request.headers, authorization: `Bearer ${user.token}` } };
        },
      },
    ],
  });
  // Share of the machine's CPU time taken by other virtual machines during the run.
  result.stealPercent = (100 * (stealMs() - stealBefore)) / (N.duration * 1000 * cpus().length);
  return result;
}

/** The same load on a bare node:http server answering `body`: the machine's floor in this run. */
async function floorOf(dir, body) {
  const floor = await startFloorServer(dir, body);
  try {
    await autocannon({ url: floor.baseUrl, connections: 10, duration: WARMUP_SECONDS, requests: [{ method: 'GET', path: '/' }] });
    const stealBefore = stealMs();
    const result = await autocannon({
      url: floor.baseUrl,
      connections: N.connections,
      duration: N.duration,
      requests: [{ method: 'GET', path: '/' }],
    });
    result.stealPercent = (100 * (stealMs() - stealBefore)) / (N.duration * 1000 * cpus().length);
    return result;
  } finally {
    await floor.stop();
  }
}

async function benchDatabase(name, { databaseUrl, prepare, seed, queryCounter, bumpRevision, cleanup }) {
  log(`━━ ${name} ━━`);
  if (prepare && !(await prepare())) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-schedule-'));
  let server = null;
  let stopCounter = async () => {};
  try {
    let started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    await server.stop();
    log(`  migrated a fresh database in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    started = performance.now();
    const seeded = await seed(dataDir);
    const c = seeded.counts;
    log(
      `  seeded ${c.users} users (${seeded.leaderIds.length} team leaders, ${seeded.volunteerIds.length} confirmed volunteers), ` +
        `${c.venues} venues, ${c.shifts} shifts, ${c.shift_assignments} assignments ` +
        `(${(c.shift_assignments / seeded.volunteerIds.length).toFixed(1)} shifts, ${seeded.meanHours.toFixed(1)} h per volunteer), ` +
        `${c.performance_records} performance records in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );

    const counting = await queryCounter(dataDir);
    stopCounter = counting.stop;
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    const admin = await adminToken(server.baseUrl);
    const timeline = timelineFor('schedulesOut');
    const settings = await callJson(server.baseUrl, 'PUT', '/admin/settings', { token: admin, body: { timeline } });
    if (settings.status !== 200) throw new Error(`PUT /admin/settings answered ${settings.status}: ${JSON.stringify(settings.body)}`);

    started = performance.now();
    const pick = (ids, n) => ids.filter((_, k) => k % Math.max(1, Math.floor(ids.length / n)) === 0).slice(0, n);
    const volunteers = [];
    const leaders = [];
    let n = 0;
    for (const id of pick(seeded.volunteerIds, N['sign-in-volunteers']))
      volunteers.push({ id, token: await signIn(server.baseUrl, seeded.rows.users.find((u) => u.id === id).email, n++) });
    for (const id of pick(seeded.leaderIds, N['sign-in-leaders']))
      leaders.push({ id, token: await signIn(server.baseUrl, seeded.rows.users.find((u) => u.id === id).email, n++) });
    log(
      `  signed in ${volunteers.length} volunteers and ${leaders.length} team leaders ` +
        `in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );

    const routes = [
      { route: 'GET /api/schedule/{id}', users: volunteers, pathOf: (id) => `/api/schedule/${id}`, expected: seeded.expected.volunteer },
      { route: 'GET /api/schedule/tl/{id}', users: leaders, pathOf: (id) => `/api/schedule/tl/${id}`, expected: seeded.expected.leader },
    ];
    const results = [];
    for (const { route, users, pathOf, expected } of routes) {
      // Correctness, once per signed-in user: 200 and the expected number of shifts.
      let wrong = 0;
      let firstProblem = '';
      let bytes = 0;
      let largest = '';
      for (const user of users) {
        const res = await callJson(server.baseUrl, 'GET', pathOf(user.id).slice(4), { token: user.token });
        const got = res.body?.data?.shifts?.length;
        const text = JSON.stringify(res.body);
        if (text.length > bytes) [bytes, largest] = [text.length, text];
        if (res.status !== 200 || got !== expected.get(user.id)) {
          wrong += 1;
          firstProblem ||=
            `user ${user.id}: ${res.status}, ${got} shifts, expected ${expected.get(user.id)} ` +
            `(${JSON.stringify(res.body).slice(0, 200)})`;
        }
      }
      const shiftCounts = users.map((u) => expected.get(u.id));
      log(
        `  ${route}: ${users.length - wrong}/${users.length} answers correct ` +
          `(${Math.min(...shiftCounts)}–${Math.max(...shiftCounts)} shifts each, ` +
          `up to ${(bytes / 1024).toFixed(0)} KB)${wrong ? ` — first problem: ${firstProblem}` : ''}`,
      );

      // Queries per request, for the users with the fewest and the most shifts: when the schedule is
      // built again after a schedule write, and when the built one is reused.
      const sorted = [...users].sort((a, b) => expected.get(a.id) - expected.get(b.id));
      const few = sorted[0];
      const many = sorted[sorted.length - 1];
      const queries = async (user, rebuild) =>
        queriesPerRequest(counting.count, server.baseUrl, pathOf(user.id).slice(4), user.token, { rebuild });
      const rebuild = () => bumpRevision(dataDir);
      const built = { few: await queries(few, rebuild), many: await queries(many, rebuild) };
      const reused = { few: await queries(few), many: await queries(many) };
      log(
        `  ${route}: ${built.few} queries per request with ${expected.get(few.id)} shifts, ` +
          `${built.many} with ${expected.get(many.id)} shifts when built` +
          `${noMoreWithMany(built.few, built.many) ? ' (constant: no N+1)' : ' (GROWS with the shifts: N+1)'}; ` +
          `${reused.few} / ${reused.many} when reused`,
      );

      // Warm-up, then the measured run.
      await autocannon({
        url: server.baseUrl,
        connections: 10,
        duration: WARMUP_SECONDS,
        requests: [
          {
            method: 'GET',
            setupRequest: (r) => ({
              ...r,
              path: pathOf(users[0].id),
              headers: { ...r.headers, authorization: `Bearer ${users[0].token}` },
            }),
          },
        ],
      });
      const cpuBefore = cpuMs(server.pid);
      const result = await load(server.baseUrl, users, pathOf);
      const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total);
      const non2xx = result.non2xx + result.errors + result.timeouts;
      log(
        `  ${route}: ${result.requests.total} requests in ${N.duration} s at ${N.connections} connections ` +
          `— p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms, ${result.requests.average.toFixed(0)} req/s, ` +
          `server CPU ${cpuPerRequest.toFixed(2)} ms per request, ` +
          `steal ${result.stealPercent.toFixed(1)}%${non2xx ? `, ${non2xx} errors/non-2xx` : ''}`,
      );
      const floor = await floorOf(dataDir, largest);
      log(
        `  floor (bare node:http answering the largest of these answers, ${(largest.length / 1024).toFixed(0)} KB): ` +
          `p50 ${floor.latency.p50} ms, p99 ${floor.latency.p99} ms, ${floor.requests.average.toFixed(0)} req/s, ` +
          `steal ${floor.stealPercent.toFixed(1)}%`,
      );
      results.push({
        database: name,
        route,
        correct: wrong === 0,
        built,
        reused,
        latency: result.latency,
        rps: result.requests.average,
        cpuPerRequest,
        non2xx,
        stealPercent: result.stealPercent,
        floor: { latency: floor.latency, rps: floor.requests.average, stealPercent: floor.stealPercent },
      });
    }
    return results;
  } catch (error) {
    if (server) log(server.log().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await server?.stop();
    await stopCounter();
    if (!options.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await cleanup?.();
    } else {
      log(`  kept ${dataDir}${databaseUrl ? ` and ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}` : ''}`);
    }
    log();
  }
}

async function main() {
  for (const key of ['volunteers', 'leaders', 'venues', 'shifts', 'connections', 'duration']) {
    if (!Number.isInteger(N[key]) || N[key] <= 0) throw new Error(`--${key} must be a positive whole number`);
  }
  if (N.leaders > N.venues) throw new Error('--leaders must not exceed --venues (each leads at least one venue)');
  ensureBuilt(options.build);
  const loadBefore = loadNow();
  const { seedScheduleMysql, seedScheduleSqlite } = await import('./support/schedule-seed.mjs');
  const seedOptions = { volunteers: N.volunteers, leaders: N.leaders, venues: N.venues, shifts: N.shifts, adminEmail: ADMIN.email };
  log(
    `Schedule benchmark: ${N.volunteers} confirmed volunteers, ${N.leaders} team leaders, ${N.venues} venues, ${N.shifts} shifts; ` +
      `autocannon ${N.connections} connections × ${N.duration} s per route.\n`,
  );

  const results = [];
  // A smoke run reads one database unless told which: the SQLite one, whose statements this process counts alone.
  if ((!options.only && !options.smoke) || options.only === 'mariadb') {
    const admin = await mariadbAdmin(MYSQL_URL);
    const result = await benchDatabase('MariaDB', {
      databaseUrl: MYSQL_URL,
      async prepare() {
        let connection;
        try {
          connection = await admin.connect();
        } catch (error) {
          log(`  skipped: MariaDB does not answer at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')} (${error.code ?? error.message}).\n`);
          return false;
        }
        const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
        log(`  server ${version}, database ${admin.database} (dropped and created)`);
        await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
        await connection.query(`CREATE DATABASE \`${admin.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        await connection.end();
        return true;
      },
      seed: () => seedScheduleMysql(MYSQL_URL, seedOptions),
      // What every schedule write does (backend/src/schedule/schedule-revision.ts).
      async bumpRevision() {
        const connection = await admin.connect();
        await connection.query(`UPDATE \`${admin.database}\`.schedule_revision SET revision = revision + 1 WHERE id = 1`);
        await connection.end();
      },
      async queryCounter() {
        // The global Questions counter, which counts each of these readings too: they are taken off.
        const connection = await admin.connect();
        let readings = 0;
        return {
          count: async () => {
            readings += 1;
            return Number((await connection.query("SHOW GLOBAL STATUS LIKE 'Questions'"))[0][0].Value) - readings;
          },
          stop: () => connection.end(),
        };
      },
      async cleanup() {
        const connection = await admin.connect();
        await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
        await connection.end();
      },
    });
    if (result) results.push(...result);
  }
  if (!options.only || options.only === 'sqlite') {
    const result = await benchDatabase('SQLite', {
      seed: (dataDir) => seedScheduleSqlite(join(dataDir, 'svportal.sqlite'), seedOptions),
      async bumpRevision(dataDir) {
        const { default: Database } = await import('better-sqlite3');
        const db = new Database(join(dataDir, 'svportal.sqlite'));
        db.pragma('busy_timeout = 5000');
        db.prepare('UPDATE schedule_revision SET revision = revision + 1 WHERE id = 1').run();
        db.close();
      },
      async queryCounter(dataDir) {
        const out = join(dataDir, 'statements.count');
        writeFileSync(out, '0');
        const previous = process.env.BENCH_SERVER_NODE_OPTIONS;
        const preload = `${pathToFileURL(sqliteCounterModule(dataDir)).href}?out=${encodeURIComponent(out)}`;
        process.env.BENCH_SERVER_NODE_OPTIONS = `${previous ?? ''} --import=${preload}`.trim();
        const settle = () => new Promise((r) => setTimeout(r, 150));
        return {
          count: async () => {
            await settle();
            return Number(readFileSync(out, 'utf8'));
          },
          stop: async () => {
            if (previous === undefined) delete process.env.BENCH_SERVER_NODE_OPTIONS;
            else process.env.BENCH_SERVER_NODE_OPTIONS = previous;
          },
        };
      },
    });
    if (result) results.push(...result);
  }
  printTable(results);
  const noN1 = (r) => noMoreWithMany(r.built.few, r.built.many) && noMoreWithMany(r.reused.few, r.reused.many);
  const met = (r) => r.latency.p99 < TARGET_P99_MS && r.non2xx === 0 && r.correct && noN1(r);
  if (options.smoke) {
    const held = (r) => r.correct && r.non2xx === 0;
    smokeVerdict(Object.fromEntries(results.map((r) => [`${r.database} ${r.route}: answers right, no failed request`, held(r)])));
    return;
  }
  const file = writeResult(
    'schedule',
    {
      command: 'npm run bench:schedule',
      config: {
        volunteers: N.volunteers,
        leaders: N.leaders,
        venues: N.venues,
        shifts: N.shifts,
        connections: N.connections,
        durationSeconds: N.duration,
      },
      results: results.map((r) => ({
        database: r.database,
        route: r.route,
        latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
        requestsPerSecond: Math.round(r.rps),
        serverCpuMsPerRequest: Number(r.cpuPerRequest.toFixed(2)),
        stealPercent: Number(r.stealPercent.toFixed(1)),
        floor: {
          latencyMs: { p50: r.floor.latency.p50, p99: r.floor.latency.p99 },
          requestsPerSecond: Math.round(r.floor.rps),
          stealPercent: Number(r.floor.stealPercent.toFixed(1)),
        },
        p99OverFloor: Number((r.latency.p99 / Math.max(1, r.floor.latency.p99)).toFixed(1)),
        errors: r.non2xx,
        queriesPerRequest: { built: r.built, reused: r.reused },
        answersOk: r.correct,
        targetsMet: met(r),
      })),
      targets: { p99Ms: TARGET_P99_MS, met: results.length > 0 && results.every(met) },
    },
    { loadBefore },
  );
  log(`Wrote ${file.slice(ROOT.length + 1)}`);
}

function printTable(results) {
  const head = [
    'database',
    'route',
    'p50 (ms)',
    'p90 (ms)',
    'p99 (ms)',
    'req/s',
    'server CPU/req (ms)',
    'steal %',
    'floor p99 (ms)',
    'errors',
    'queries/req built (few/many shifts)',
    'reused',
    'answers ok',
    `p99 < ${TARGET_P99_MS} ms`,
  ];
  const rows = results.map((r) => [
    r.database,
    r.route,
    String(r.latency.p50),
    String(r.latency.p90),
    String(r.latency.p99),
    r.rps.toFixed(0),
    r.cpuPerRequest.toFixed(2),
    r.stealPercent.toFixed(1),
    String(r.floor.latency.p99),
    String(r.non2xx),
    `${r.built.few} / ${r.built.many}${noMoreWithMany(r.built.few, r.built.many) ? ' (no N+1)' : ' (N+1!)'}`,
    `${r.reused.few} / ${r.reused.many}`,
    r.correct ? 'yes' : 'NO',
    r.latency.p99 < TARGET_P99_MS && r.non2xx === 0 && r.correct ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log(`Results (autocannon, ${N.connections} connections, ${N.duration} s per route)`);
  log(line(head));
  log(widths.map((w) => '─'.repeat(w)).join('  '));
  rows.forEach((row) => log(line(row)));
  const met =
    results.length > 0 &&
    results.every(
      (r) =>
        r.latency.p99 < TARGET_P99_MS &&
        r.non2xx === 0 &&
        r.correct &&
        noMoreWithMany(r.built.few, r.built.many) &&
        noMoreWithMany(r.reused.few, r.reused.many),
    );
  log(
    `\nTarget: p99 under ${TARGET_P99_MS} ms at ${N.connections} concurrent clients with ${N.volunteers} volunteers, ${N.venues} ` +
      `venues, ${N.shifts} shifts, no N+1 queries: ${met ? 'MET' : 'NOT MET'}.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
