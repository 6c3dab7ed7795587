#!/usr/bin/env node
// Benchmark of the jury assignment run: with 5,000 completed applications and 60 team
// leaders, POST /api/jury/assign-jury {TLsPerApp: 3} should replace the assignments (15,000 rows)
// in under 2 s. Next to it, the floor: a bare bulk insert of the same 15,000 rows into a scratch
// table of the same shape, straight through the driver (mysql2 / better-sqlite3), and the ratio.
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run). Each database gets a fresh store: the built server migrates it, stops, test/bench/support/
// seed.mjs inserts applicants, team leaders and an earlier round of assignments and scores with SQL,
// and the server starts again with a timeline whose jury is open. Three kinds of run are timed:
//   keep    the seeded round has ~13,000 scores; the default run keeps them (and their pairs)
//   reset   reset: true removes every score and assignment, then assigns afresh
//   replace no scores: every one of the 15,000 unscored pairs is replaced (the main figure)
//
//   node test/bench/jury-assign.bench.mjs                      both databases, 5,000 applications, 3 replace runs
//   node test/bench/jury-assign.bench.mjs --only mariadb       or --only sqlite
//   node test/bench/jury-assign.bench.mjs --count 10000 --leaders 60 --runs 5
//   node test/bench/jury-assign.bench.mjs --build              rebuild domain and backend first
//   node test/bench/jury-assign.bench.mjs --smoke              30 applications, 6 team leaders, one run, nothing written;
//                                                              exits 1 when the pairs are not as asked
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/svp_bench_jury ... (default root@127.0.0.1:3306/svp_bench_jury;
//                                                                  that database is dropped and created)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { timelineFor } from '@svp/domain';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, ensureBuilt, log, mariadbAdmin, median, seconds, smokeVerdict } from './support/common.mjs';
import { adminToken } from './support/measure.mjs';
import { loadNow, writeResult } from './support/results.mjs';

const TARGET_SECONDS = 2;
const TLS_PER_APP = 3;
const CHUNK = 1000;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string' },
    leaders: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const COUNT = Number(options.count ?? (options.smoke ? 30 : 5000));
const LEADERS = Number(options.leaders ?? (options.smoke ? 6 : 60));
const RUNS = Number(options.runs ?? (options.smoke ? 1 : 3));
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench_jury';

async function api(baseUrl, token, method, path, body) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** One assignment run, timed at the client; also answers the server's own time inside the transaction. */
async function assignRun(baseUrl, token, body) {
  const started = performance.now();
  const answer = await api(baseUrl, token, 'POST', '/jury/assign-jury', body);
  return { ms: performance.now() - started, serverMs: answer.data.durationMs, data: answer.data };
}

/** The driver-level access the benchmark needs besides the server: counts, clearing, and the bare insert. */
async function mysqlStore(url) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  return {
    async count(table) {
      return Number((await connection.query(`SELECT COUNT(*) AS n FROM \`${table}\``))[0][0].n);
    },
    async pairs() {
      return (await connection.query('SELECT team_leader_id, application_id, created_at FROM jury_assignments'))[0];
    },
    async bareInsert(rows) {
      await connection.query('DROP TABLE IF EXISTS jury_bench_scratch');
      await connection.query(
        `CREATE TABLE jury_bench_scratch (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, team_leader_id INT NOT NULL,
           application_id INT NOT NULL, created_at DATETIME(3) NOT NULL,
           UNIQUE KEY UQ_scratch (team_leader_id, application_id), KEY IDX_scratch_application (application_id))
         CHARACTER SET utf8mb4`,
      );
      const started = performance.now();
      await connection.beginTransaction();
      for (let i = 0; i < rows.length; i += CHUNK) {
        const batch = rows.slice(i, i + CHUNK).map((r) => [r.team_leader_id, r.application_id, r.created_at]);
        await connection.query('INSERT INTO jury_bench_scratch (team_leader_id, application_id, created_at) VALUES ?', [batch]);
      }
      await connection.commit();
      const ms = performance.now() - started;
      await connection.query('DROP TABLE jury_bench_scratch');
      return ms;
    },
    close: () => connection.end(),
  };
}

async function sqliteStore(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  return {
    async count(table) {
      return Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get().n);
    },
    async pairs() {
      return db.prepare('SELECT team_leader_id, application_id, created_at FROM jury_assignments').all();
    },
    async bareInsert(rows) {
      db.exec('DROP TABLE IF EXISTS jury_bench_scratch');
      db.exec(
        `CREATE TABLE jury_bench_scratch (id INTEGER PRIMARY KEY AUTOINCREMENT, team_leader_id INTEGER NOT NULL,
           application_id INTEGER NOT NULL, created_at DATETIME NOT NULL);
         CREATE UNIQUE INDEX UQ_scratch ON jury_bench_scratch (team_leader_id, application_id);
         CREATE INDEX IDX_scratch_application ON jury_bench_scratch (application_id);`,
      );
      const started = performance.now();
      const insertChunk = db.prepare(
        `INSERT INTO jury_bench_scratch (team_leader_id, application_id, created_at) VALUES ${Array(CHUNK).fill('(?, ?, ?)').join(', ')}`,
      );
      db.transaction(() => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          const batch = rows.slice(i, i + CHUNK);
          const values = batch.flatMap((r) => [r.team_leader_id, r.application_id, r.created_at]);
          if (batch.length === CHUNK) insertChunk.run(values);
          else
            db.prepare(
              `INSERT INTO jury_bench_scratch (team_leader_id, application_id, created_at) ` +
                `VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
            ).run(values);
        }
      })();
      const ms = performance.now() - started;
      db.exec('DROP TABLE jury_bench_scratch');
      return ms;
    },
    close: async () => db.close(),
  };
}

async function benchDatabase(name, { databaseUrl, prepare, seed, store, cleanup }) {
  log(`━━ ${name} ━━`);
  if (prepare && !(await prepare())) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-jury-'));
  let server = null;
  let db = null;
  try {
    let started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    await server.stop();
    log(`  migrated a fresh database in ${seconds(performance.now() - started)} s`);
    started = performance.now();
    const seeded = await seed(dataDir);
    log(
      `  seeded ${seeded.applications} completed applications, ${seeded.jurors} team leaders and an earlier round ` +
        `with ${seeded.scores} scores in ${seconds(performance.now() - started)} s`,
    );

    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    const token = await adminToken(server.baseUrl);
    // The jury open, the references already closed: no referee reminder is sent while the runs are timed.
    await api(server.baseUrl, token, 'PUT', '/admin/settings', { timeline: timelineFor('jury', Date.now(), { referencesDeadline: -1.5 }) });
    const preview = await api(server.baseUrl, token, 'GET', `/jury/preview?TLsPerApp=${TLS_PER_APP}`);
    log(`  preview: ${preview.data.applications} applications, ${preview.data.teamLeaders} team leaders: "${preview.data.message}"`);
    db = await store(dataDir);

    const keep = await assignRun(server.baseUrl, token, { TLsPerApp: TLS_PER_APP, seed: 1 });
    log(`  keep:    ${seconds(keep.ms)} s (server ${seconds(keep.serverMs)} s) — ${keep.data.message} (${keep.data.added} new pairs)`);
    const reset = await assignRun(server.baseUrl, token, { TLsPerApp: TLS_PER_APP, reset: true, seed: 2 });
    log(`  reset:   ${seconds(reset.ms)} s (server ${seconds(reset.serverMs)} s) — ${reset.data.message}`);

    const replaces = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await assignRun(server.baseUrl, token, { TLsPerApp: TLS_PER_APP, seed: 100 + run });
      replaces.push(result);
      log(
        `  replace ${run}: ${seconds(result.ms)} s (server ${seconds(result.serverMs)} s) ` +
          `— ${result.data.added} pairs, ${result.data.appsPerTeamLeader.min}–${result.data.appsPerTeamLeader.max} apps per TL`,
      );
    }

    const rows = await db.pairs();
    const expected = COUNT * TLS_PER_APP;
    const correct = rows.length === expected && (await db.count('jury_scores')) === 0;
    const bare = [];
    for (let run = 1; run <= RUNS; run += 1) bare.push(await db.bareInsert(rows));
    log(`  bare insert of the same ${rows.length} rows in chunks of ${CHUNK}: ${bare.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);

    return {
      name,
      rows: rows.length,
      correct,
      keepMs: keep.ms,
      resetMs: reset.ms,
      replaceMs: median(replaces.map((r) => r.ms)),
      serverMs: median(replaces.map((r) => r.serverMs)),
      bareMs: median(bare),
    };
  } catch (error) {
    if (server) log(server.log().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await db?.close();
    await server?.stop();
    if (!options.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await cleanup?.();
    } else {
      log(`  kept ${dataDir}${databaseUrl ? ` and ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}` : ''}`);
    }
  }
}

async function main() {
  if (![COUNT, LEADERS, RUNS].every((n) => Number.isInteger(n) && n > 0) || LEADERS < TLS_PER_APP) {
    throw new Error(`--count, --leaders and --runs must be positive whole numbers, --leaders at least ${TLS_PER_APP}`);
  }
  ensureBuilt(options.build);
  const loadBefore = loadNow();
  const { seedMysql, seedSqlite } = await import('./support/seed.mjs');
  log(
    `Jury assignment benchmark: ${COUNT} completed applications, ${LEADERS} team leaders, ` +
      `TLsPerApp ${TLS_PER_APP}; ${RUNS} replace run(s), medians reported.\n`,
  );

  const results = [];
  if (!options.only || options.only === 'mariadb') {
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
      seed: () => seedMysql(MYSQL_URL, { count: COUNT, jurors: LEADERS }),
      store: () => mysqlStore(MYSQL_URL),
      async cleanup() {
        const connection = await admin.connect();
        await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
        await connection.end();
      },
    });
    if (result) results.push(result);
  }
  if (!options.only || options.only === 'sqlite') {
    results.push(
      await benchDatabase('SQLite (embedded)', {
        seed: (dataDir) => seedSqlite(join(dataDir, 'svportal.sqlite'), { count: COUNT, jurors: LEADERS }),
        store: (dataDir) => sqliteStore(join(dataDir, 'svportal.sqlite')),
      }),
    );
  }
  printTable(results);
  const met = (r) => r.correct && Math.max(r.replaceMs, r.keepMs, r.resetMs) < TARGET_SECONDS * 1000;
  if (options.smoke) {
    smokeVerdict(Object.fromEntries(results.map((r) => [`${r.name}: ${TLS_PER_APP} team leaders each, no score left`, r.correct])));
    return;
  }
  const file = writeResult(
    'jury-assign',
    {
      command: 'npm run bench:jury',
      config: { applications: COUNT, teamLeaders: LEADERS, tlsPerApp: TLS_PER_APP, runs: RUNS },
      results: results.map((r) => ({
        database: r.name,
        rows: r.rows,
        replaceSeconds: Number(seconds(r.replaceMs)),
        inTransactionSeconds: Number(seconds(r.serverMs)),
        bareInsertSeconds: Number(seconds(r.bareMs)),
        replaceOverBare: Number((r.replaceMs / r.bareMs).toFixed(1)),
        keepSeconds: Number(seconds(r.keepMs)),
        resetSeconds: Number(seconds(r.resetMs)),
        rowsOk: r.correct,
        targetsMet: met(r),
      })),
      targets: { seconds: TARGET_SECONDS, met: results.length > 0 && results.every(met) },
    },
    { loadBefore },
  );
  log(`Wrote ${file.slice(ROOT.length + 1)}`);
}

function printTable(results) {
  const head = [
    'database',
    'rows',
    'replace (s)',
    'in transaction (s)',
    'bare insert (s)',
    'replace ÷ bare',
    'keep (s)',
    'reset (s)',
    'rows ok',
    `< ${TARGET_SECONDS} s`,
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.rows),
    seconds(r.replaceMs),
    seconds(r.serverMs),
    seconds(r.bareMs),
    `${(r.replaceMs / r.bareMs).toFixed(1)}×`,
    seconds(r.keepMs),
    seconds(r.resetMs),
    r.correct ? 'yes' : 'NO',
    Math.max(r.replaceMs, r.keepMs, r.resetMs) < TARGET_SECONDS * 1000 ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log('\nResults (replace: median at the client, HTTP included; in transaction: the server’s own time; bare insert: median)');
  log(line(head));
  log(widths.map((w) => '─'.repeat(w)).join('  '));
  rows.forEach((row) => log(line(row)));
  log(`\nTarget: an assignment run of ${COUNT} applications × ${TLS_PER_APP} team leaders in under ${TARGET_SECONDS} s.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
