#!/usr/bin/env node
// Benchmark of the week's offline check-ins: 30 team leaders whose phones kept 10 actions each while
// offline (eight check-ins and two ratings per shift) all come back online at the same moment and
// send their queues to POST /api/schedule/pr/sync, then send the same queues again (a phone that never
// heard the answer). Reported: every action stored exactly once (300 rows in record_actions, 240
// check-ins at their tap times and 60 ratings; the second sending all `repeated`), the time the 30
// queues take to drain, the server's CPU per action, and GET /api/schedule/tl/{id} read by other team
// leaders meanwhile, against the same reads with nothing else going on.
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot run,
// or with --smoke when an action is lost, doubled or refused). The built server runs on a fresh
// database (MariaDB, then SQLite) seeded with SQL (support/schedule-seed.mjs: team leaders, confirmed volunteers, a venue
// per team leader), then given one shift per venue under way now with ten volunteers each.
//
//   node test/bench/checkin.bench.mjs                  30 team leaders × 10 actions, on MariaDB and SQLite
//   node test/bench/checkin.bench.mjs --only sqlite    or --only mariadb
//   node test/bench/checkin.bench.mjs --smoke          5 × 10 on SQLite, nothing written
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/name   (default root@127.0.0.1:3306/svp_bench_checkin; dropped and created, dropped at the end)
//   node test/bench/checkin.bench.mjs --build    rebuild domain and backend first
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { timelineFor } from '@svp/domain';
import { startServer } from '../support/server.mjs';
import { ADMIN, callJson, ensureBuilt, log, mariadbAdmin, median, smokeVerdict } from './support/common.mjs';
import { adminToken, cpuMs } from './support/measure.mjs';
import { loadNow, writeResult } from './support/results.mjs';

const { values: options } = parseArgs({
  options: {
    leaders: { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
  },
});
const LEADERS = Number(options.leaders ?? (options.smoke ? 5 : 30));
const PER_SHIFT = 10;
const CHECK_INS = 8;
const MINUTE = 60_000;
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench_checkin';

const pacificDay = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(ms));
const datetime = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};
/** An instant as the database gives it: a Date (mysql2), or text ('2026-08-10 15:02:10.000', UTC; or ISO). */
const instant = (value) => {
  if (value instanceof Date) return value.getTime(); // mysql2 (the server's connection is UTC)
  const text = String(value);
  return Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
};
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The seeded database, read and written by this script: `all` and `run` take `?` parameters. */
async function sqliteDatabase(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  return {
    all: async (sql, params = []) => db.prepare(sql).all(...params),
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
    close: async () => db.close(),
  };
}

async function mysqlDatabase(url) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url });
  return {
    all: async (sql, params = []) => (await connection.query(sql, params))[0],
    run: async (sql, params = []) => void (await connection.query(sql, params)),
    close: () => connection.end(),
  };
}

/** One shift per venue, under way since 20 minutes, with PER_SHIFT volunteers each. */
async function underWayShifts(db, seeded, now) {
  const shifts = await db.all('SELECT id, venue_id FROM shifts ORDER BY id');
  await db.run('DELETE FROM performance_records');
  await db.run('DELETE FROM shift_assignments');
  for (const [k, shift] of shifts.entries()) {
    await db.run('UPDATE shifts SET day = ?, starts_at = ?, ends_at = ?, sv_slots = ? WHERE id = ?', [
      pacificDay(now),
      datetime(now - 20 * MINUTE),
      datetime(now + 160 * MINUTE),
      PER_SHIFT,
      shift.id,
    ]);
    for (const volunteerId of seeded.volunteerIds.slice(k * PER_SHIFT, (k + 1) * PER_SHIFT))
      await db.run('INSERT INTO shift_assignments (shift_id, volunteer_id, created_at, updated_at) VALUES (?, ?, ?, ?)', [
        shift.id,
        volunteerId,
        datetime(now),
        datetime(now),
      ]);
  }
  const leaderOf = new Map(
    (await db.all('SELECT venue_id, team_leader_id FROM venue_team_leaders')).map((r) => [r.venue_id, r.team_leader_id]),
  );
  return shifts.map((shift, k) => ({
    id: shift.id,
    leaderId: leaderOf.get(shift.venue_id),
    volunteers: seeded.volunteerIds.slice(k * PER_SHIFT, (k + 1) * PER_SHIFT),
  }));
}

const count = async (db, sql) => Number((await db.all(sql))[0].n);

/** Reads GET /api/schedule/tl/{id} in turn by `readers` until `until()`; answers each read's time in ms and the failures. */
async function readSchedules(baseUrl, readers, until) {
  const times = [];
  let failed = 0;
  for (let k = 0; !until(); k += 1) {
    const reader = readers[k % readers.length];
    const started = performance.now();
    const res = await callJson(baseUrl, 'GET', `/schedule/tl/${reader.id}`, { token: reader.token });
    times.push(performance.now() - started);
    if (res.status !== 200) failed += 1;
  }
  return { times, failed };
}

async function benchDatabase(name, { databaseUrl, prepare, seed, open, cleanup }) {
  log(`━━ ${name} ━━`);
  if (prepare && !(await prepare())) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-checkin-'));
  let server = null;
  try {
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    await server.stop();
    // Readers besides the team leaders who sync: a few more leaders, each with a venue of their own.
    const readersCount = 4;
    const seeded = await seed(dataDir, {
      adminEmail: ADMIN.email,
      volunteers: LEADERS * PER_SHIFT,
      leaders: LEADERS + readersCount,
      venues: LEADERS + readersCount,
      shifts: LEADERS + readersCount,
      perVolunteer: 1,
    });
    const now = Date.now();
    let db = await open(dataDir);
    const shifts = await underWayShifts(db, seeded, now).finally(() => db.close());
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl, env: { AUTH_RATE_LIMIT: '10000' } });
    const admin = await adminToken(server.baseUrl);
    const settings = await callJson(server.baseUrl, 'PUT', '/admin/settings', {
      token: admin,
      body: {
        timeline: timelineFor('schedulesOut'),
        conference: {
          firstShiftDay: pacificDay(now - 2 * 86_400_000),
          startDate: pacificDay(now - 86_400_000),
          endDate: pacificDay(now + 3 * 86_400_000),
          defaultScheduleDay: pacificDay(now),
        },
      },
    });
    if (settings.status !== 200) throw new Error(`PUT /admin/settings answered ${settings.status}: ${JSON.stringify(settings.body)}`);
    const emailOf = new Map(seeded.rows.users.map((u) => [u.id, u.email]));
    const signIn = async (id) => {
      const res = await callJson(server.baseUrl, 'POST', '/users/login', { body: { email: emailOf.get(id), password: ADMIN.password } });
      if (res.status !== 200) throw new Error(`Sign-in of ${emailOf.get(id)} answered ${res.status}`);
      return res.body.data.session.access_token;
    };
    const syncing = [];
    for (const shift of shifts.slice(0, LEADERS)) syncing.push({ ...shift, token: await signIn(shift.leaderId) });
    const readers = [];
    for (const shift of shifts.slice(LEADERS)) readers.push({ id: shift.leaderId, token: await signIn(shift.leaderId) });

    // Each phone's queue: check-ins tapped over the last ten minutes, then two ratings, all built on version 0 (what the phone had).
    const queues = syncing.map((shift) => {
      const actions = shift.volunteers.slice(0, CHECK_INS).map((volunteerId, k) => ({
        key: randomUUID(),
        kind: 'check-in',
        shift_id: shift.id,
        student_volunteer_id: volunteerId,
        tapped_at: new Date(now - (10 - k) * MINUTE).toISOString(),
        base_version: 0,
      }));
      for (const [k, volunteerId] of shift.volunteers.slice(0, PER_SHIFT - CHECK_INS).entries())
        actions.push({
          key: randomUUID(),
          kind: 'rating',
          shift_id: shift.id,
          student_volunteer_id: volunteerId,
          tapped_at: new Date(now - (2 - k) * MINUTE + 30_000).toISOString(),
          base_version: 0,
          rating: 4 + k,
        });
      return { shift, actions };
    });
    const total = queues.reduce((n, q) => n + q.actions.length, 0);
    log(`${LEADERS} team leaders, ${total} actions kept offline; ${readers.length} other team leaders read their schedules`);

    // The reads alone, for comparison.
    const stopAt = performance.now() + 3000;
    const alone = await readSchedules(server.baseUrl, readers, () => performance.now() > stopAt);

    const send = () =>
      Promise.all(
        queues.map(async ({ shift, actions }) => {
          const started = performance.now();
          const res = await callJson(server.baseUrl, 'POST', '/schedule/pr/sync', {
            token: shift.token,
            body: { sent_at: new Date().toISOString(), actions },
          });
          return { res, ms: performance.now() - started };
        }),
      );
    const cpuBefore = cpuMs(server.pid);
    let syncingNow = true;
    const during = readSchedules(server.baseUrl, readers, () => !syncingNow);
    const started = performance.now();
    const first = await send();
    const drainMs = performance.now() - started;
    syncingNow = false;
    const cpuPerAction = (cpuMs(server.pid) - cpuBefore) / total;
    const reads = await during;

    const again = await send();
    const results = first.flatMap((f) => f.res.body?.data?.results ?? []);
    const repeated = again.flatMap((f) => f.res.body?.data?.results ?? []);
    db = await open(dataDir);
    const stored = await count(db, 'SELECT COUNT(*) AS n FROM record_actions');
    const checkedIn = await count(db, 'SELECT COUNT(*) AS n FROM performance_records WHERE check_in_at IS NOT NULL');
    const rated = await count(db, 'SELECT COUNT(*) AS n FROM performance_records WHERE rating > 0');
    // Every check-in at its tap time.
    const tapOf = new Map(
      queues.flatMap((q) =>
        q.actions.filter((a) => a.kind === 'check-in').map((a) => [`${a.shift_id}:${a.student_volunteer_id}`, a.tapped_at]),
      ),
    );
    const atTap = (
      await db.all('SELECT shift_id, volunteer_id, check_in_at FROM performance_records WHERE check_in_at IS NOT NULL')
    ).filter((r) => instant(r.check_in_at) === Date.parse(tapOf.get(`${r.shift_id}:${r.volunteer_id}`))).length;
    await db.close();

    const checks = {
      'every sync answered 200': [...first, ...again].every((f) => f.res.status === 200),
      'every action applied once': results.length === total && results.every((r) => r.outcome === 'applied' && !r.repeated),
      'sent again: every action repeated, nothing written': repeated.length === total && repeated.every((r) => r.repeated),
      [`${total} actions stored`]: stored === total,
      [`${LEADERS * CHECK_INS} check-ins at their tap times`]: checkedIn === LEADERS * CHECK_INS && atTap === checkedIn,
      [`${LEADERS * (PER_SHIFT - CHECK_INS)} ratings`]: rated === LEADERS * (PER_SHIFT - CHECK_INS),
      'no schedule read failed': reads.failed === 0 && alone.failed === 0,
    };
    const syncMs = first.map((f) => f.ms);
    const figures = {
      database: name,
      leaders: LEADERS,
      actions: total,
      drainMs: round(drainMs),
      syncMs: { median: round(median(syncMs)), max: round(Math.max(...syncMs)) },
      cpuMsPerAction: round(cpuPerAction, 2),
      scheduleReads: {
        alone: { count: alone.times.length, p50: round(percentile(alone.times, 50)), p99: round(percentile(alone.times, 99)) },
        duringSync: { count: reads.times.length, p50: round(percentile(reads.times, 50)), p99: round(percentile(reads.times, 99)) },
      },
      checks,
    };
    log(`  drained in ${round(drainMs / 1000, 2)} s (each sync: median ${figures.syncMs.median} ms, slowest ${figures.syncMs.max} ms)`);
    log(`  server CPU ${figures.cpuMsPerAction} ms per action`);
    const { alone: quiet, duringSync: busy } = figures.scheduleReads;
    log(
      `  GET /api/schedule/tl/{id}: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms alone; ` +
        `p50 ${busy.p50} ms, p99 ${busy.p99} ms during the sync (${busy.count} reads)`,
    );
    for (const [check, held] of Object.entries(checks)) log(`  ${held ? 'ok  ' : 'FAIL'} ${check}`);
    return figures;
  } finally {
    await server?.stop();
    await cleanup?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuilt(options.build);
  const loadBefore = loadNow();
  const { seedScheduleMysql, seedScheduleSqlite } = await import('./support/schedule-seed.mjs');
  const results = [];
  // A smoke run uses SQLite unless told otherwise.
  if ((!options.only && !options.smoke) || options.only === 'mariadb') {
    const admin = await mariadbAdmin(MYSQL_URL);
    const dropped = async () => {
      const connection = await admin.connect();
      await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
      return connection;
    };
    const result = await benchDatabase('MariaDB', {
      databaseUrl: MYSQL_URL,
      async prepare() {
        let connection;
        try {
          connection = await dropped();
        } catch (error) {
          log(`  skipped: MariaDB does not answer at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')} (${error.code ?? error.message}).`);
          return false;
        }
        await connection.query(`CREATE DATABASE \`${admin.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        await connection.end();
        return true;
      },
      seed: (_dataDir, seedOptions) => seedScheduleMysql(MYSQL_URL, seedOptions),
      open: () => mysqlDatabase(MYSQL_URL),
      cleanup: async () => (await dropped()).end(),
    });
    if (result) results.push(result);
  }
  if (!options.only || options.only === 'sqlite') {
    const file = (dataDir) => join(dataDir, 'svportal.sqlite');
    results.push(
      await benchDatabase('SQLite', {
        seed: (dataDir, seedOptions) => seedScheduleSqlite(file(dataDir), seedOptions),
        open: (dataDir) => sqliteDatabase(file(dataDir)),
      }),
    );
  }
  const checks = Object.fromEntries(
    results.flatMap((r) => Object.entries(r.checks).map(([check, held]) => [`${r.database}: ${check}`, held])),
  );
  if (options.smoke) return smokeVerdict(checks);
  log(`written to ${writeResult('checkin', { results }, { loadBefore })}`);
  return 0;
}

main().then(
  (code) => process.exit(code ?? process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
