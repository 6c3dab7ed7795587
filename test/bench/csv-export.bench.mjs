#!/usr/bin/env node
// Benchmark of the streamed CSV export: with 5,000 completed applications with full
// essays and jury scores, GET /api/admin/applications/export.csv?withData=true&withScores=true
// should stream in under 3 s on the embedded database and on MariaDB, and raise the server's
// peak memory by less than 100 MB. Next to it, the earlier portal's method: the client paging
// GET /api/application/search 10 rows a request and building the file itself.
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it
// cannot run). Each database gets a fresh store: the built server migrates it, stops, the data is
// inserted with SQL, and the server starts again for the measurements.
//
//   node test/bench/csv-export.bench.mjs                      both databases, 5,000 applications, 3 runs
//   node test/bench/csv-export.bench.mjs --only sqlite        or --only mariadb
//   node test/bench/csv-export.bench.mjs --count 1000 --runs 1 --paging-runs 1
//   node test/bench/csv-export.bench.mjs --build              rebuild domain and backend first
//   node test/bench/csv-export.bench.mjs --smoke              30 applications, one run of each, nothing written; exits 1
//                                                             when a row is missing, doubled or out of order
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/svp_bench ... (default root@127.0.0.1:3306/svp_bench;
//                                                             that database is dropped and created)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, ensureBuilt, log, mariadbAdmin, median, seconds, smokeVerdict } from './support/common.mjs';
import { adminToken, closeConnections, get, getJson, watchMemory } from './support/measure.mjs';
import { loadNow, writeResult } from './support/results.mjs';

const TARGET_SECONDS = 3;
const TARGET_MB = 100;
const PAGE_SIZE = 10;
const EXPORT_PATH = `/api/admin/applications/export.csv?withData=true&withScores=true&filter=${encodeURIComponent('{}')}`;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string' },
    runs: { type: 'string' },
    'paging-runs': { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const COUNT = Number(options.count ?? (options.smoke ? 30 : 5000));
const RUNS = Number(options.runs ?? (options.smoke ? 1 : 3));
const PAGING_RUNS = Number(options['paging-runs'] ?? RUNS);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench';

/** Runs `steps` against a fresh store of one database and answers its figures, or null when it is not reachable. */
async function benchDatabase(name, { databaseUrl, prepare, seed, cleanup }) {
  log(`━━ ${name} ━━`);
  if (prepare && !(await prepare())) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-'));
  let server = null;
  try {
    let started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    await server.stop();
    log(`  migrated a fresh database in ${seconds(performance.now() - started)} s`);
    started = performance.now();
    const seeded = await seed(dataDir);
    log(
      `  seeded ${seeded.applications} completed applications (${seeded.dataMb.toFixed(1)} MB of answers), ` +
        `${seeded.jurors} jurors, ${seeded.scores} scores in ${seconds(performance.now() - started)} s`,
    );

    server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
    const token = await adminToken(server.baseUrl);
    // Warm-up: one small request on each path, so the first measured run does not pay the start-up.
    await getJson(`${server.baseUrl}/api/application/search?completed=true&withData=true&withScores=true&page=1&limit=${PAGE_SIZE}`, token);
    await get(
      `${server.baseUrl}/api/admin/applications/export.csv?withData=true&withScores=true&filter=${encodeURIComponent('{"id":[1]}')}`,
      token,
    );

    const exports = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const memory = await watchMemory(server.pid);
      // The file is about the size of the answers; three times that means the stream is not ending.
      const answer = await get(server.baseUrl + EXPORT_PATH, token, {
        maxBytes: seeded.dataMb * 3 * 1048576 + 16 * 1048576,
        timeoutMs: 60_000,
      });
      const rss = memory.stop();
      if (answer.status !== 200)
        throw new Error(`The export answered ${answer.status}: ${Buffer.concat(answer.chunks).toString('utf8').slice(0, 500)}`);
      const check = answer.cutOff
        ? {
            ok: false,
            emails: [],
            summary: `CHECK FAILED: the stream did not end (${answer.cutOff}, ${Number(answer.headers['x-total-count'])} rows announced)`,
          }
        : checkCsv(Buffer.concat(answer.chunks), Number(answer.headers['x-total-count']));
      answer.chunks = []; // keep no more than one file at a time in the benchmark itself
      exports.push({ ...answer, rss, check });
      log(
        `  export run ${run}: first byte ${seconds(answer.firstByteMs)} s, ` +
          `${answer.cutOff ? 'cut off at' : 'last byte'} ${seconds(answer.totalMs)} s, ` +
          `${(answer.bytes / 1048576).toFixed(1)} MB (${(answer.bytes / 1048576 / (answer.totalMs / 1000)).toFixed(1)} MB/s), ` +
          `server RSS ${rss.baselineMb.toFixed(0)} → ${rss.peakMb.toFixed(0)} MB (+${rss.riseMb.toFixed(1)}); ${check.summary}`,
      );
    }

    const pagings = [];
    for (let run = 1; run <= PAGING_RUNS; run += 1) {
      const paging = await pageThrough(server.baseUrl, token);
      pagings.push(paging);
      const reference = exports.find((e) => e.check.ok);
      log(
        `  paging run ${run}: ${paging.requests} requests of ${PAGE_SIZE} in ${seconds(paging.totalMs)} s ` +
          `(${(paging.totalMs / paging.requests).toFixed(0)} ms a request, ` +
          `file built in ${paging.buildMs.toFixed(0)} ms); ${paging.check.summary}` +
          (reference
            ? `; same rows in the same order as the export: ${sameOrder(reference.check.emails, paging.check.emails) ? 'yes' : 'NO'}`
            : ''),
      );
    }

    const ended = exports.filter((e) => !e.cutOff);
    return {
      name,
      exportMs: ended.length === exports.length ? median(ended.map((e) => e.totalMs)) : NaN,
      firstByteMs: median(exports.map((e) => e.firstByteMs)),
      megabytes: exports[0].bytes / 1048576,
      pagingMs: pagings.length ? median(pagings.map((p) => p.totalMs)) : NaN,
      riseMb: Math.max(...exports.map((e) => e.rss.riseMb)),
      correct: exports.every((e) => e.check.ok) && pagings.every((p) => p.check.ok && sameOrder(exports[0].check.emails, p.check.emails)),
    };
  } catch (error) {
    if (server) log(server.log().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await server?.stop();
    closeConnections();
    if (!options.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await cleanup?.();
    } else {
      log(`  kept ${dataDir}${databaseUrl ? ` and ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}` : ''}`);
    }
  }
}

/** The earlier portal's client: GET /application/search 10 rows at a time until the last page, then the file built in memory. */
async function pageThrough(baseUrl, token) {
  const started = performance.now();
  const apps = [];
  let requests = 0;
  let total = 0;
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const { body } = await getJson(
      `${baseUrl}/api/application/search?completed=true&withData=true&withScores=true&page=${page}&limit=${PAGE_SIZE}`,
      token,
    );
    requests += 1;
    pages = body.data.pages;
    total = body.data.total;
    apps.push(...body.data.apps);
  }
  const fetchedAt = performance.now();
  const fields = apps.length ? Object.keys(apps[0].data).filter((k) => !['proofOfEnrollment', 'step', 'acceptedTerms'].includes(k)) : [];
  const file = stringify(
    apps.map((app) => [
      app.sv.given_name,
      app.sv.family_name,
      app.sv.email,
      app.sv['custom:svid'],
      app.completed ? 'Yes' : 'No',
      app.team_leader ? 'Yes' : 'No',
      app.financial_aid ? 'Yes' : 'No',
      app.sv.username,
      ...fields.map((field) => (Array.isArray(app.data[field]) ? app.data[field].join('; ') : app.data[field])),
      app.totalavg ?? '',
    ]),
  );
  const totalMs = performance.now() - started;
  const check = checkRows(
    apps.map((app) => app.sv.email),
    apps.map((app) => app.totalavg ?? -1),
    total,
  );
  return { totalMs, buildMs: totalMs - (fetchedAt - started), requests, bytes: Buffer.byteLength(file), check };
}

/** Rows = the seeded applications plus the header, one row per applicant, Average Essay Score descending with the unscored last. */
function checkCsv(buffer, totalHeader) {
  const records = parse(buffer, { bom: true, relax_column_count: false });
  const [header, ...rows] = records;
  const scoreAt = header.indexOf('Average Essay Score');
  const emailAt = header.indexOf('Email');
  if (scoreAt < 0 || emailAt < 0) return { ok: false, emails: [], summary: 'CHECK FAILED: no Email or Average Essay Score column' };
  const check = checkRows(
    rows.map((row) => row[emailAt]),
    rows.map((row) => (row[scoreAt] === '' ? -1 : Number(row[scoreAt]))),
    totalHeader,
  );
  return { ...check, summary: check.ok ? `${rows.length} rows + header, ${header.length} columns, sorted by score: ok` : check.summary };
}

/** One row per seeded applicant (none missing, none twice), as many as announced, scores descending (-1 for none). */
function checkRows(emails, scores, announced) {
  const problems = [];
  if (emails.length !== COUNT) problems.push(`${emails.length} rows, expected ${COUNT}`);
  if (announced !== COUNT) problems.push(`${announced} announced`);
  const unique = new Set(emails).size;
  if (unique !== emails.length) problems.push(`${emails.length - unique} rows twice or more`);
  if (unique < COUNT) problems.push(`${COUNT - unique} applicants missing`);
  let unsorted = 0;
  for (let i = 1; i < scores.length; i += 1) if (scores[i] > scores[i - 1]) unsorted += 1;
  if (unsorted) problems.push(`${unsorted} rows out of score order`);
  const ok = problems.length === 0;
  return { ok, emails, summary: ok ? `${emails.length} rows, sorted by score: ok` : `CHECK FAILED: ${problems.join('; ')}` };
}

const sameOrder = (a, b) => a.length === b.length && a.every((value, i) => value === b[i]);

async function main() {
  if (!Number.isInteger(COUNT) || COUNT < 1 || !Number.isInteger(RUNS) || RUNS < 1 || !Number.isInteger(PAGING_RUNS) || PAGING_RUNS < 0) {
    throw new Error('--count and --runs must be positive whole numbers, --paging-runs zero or more');
  }
  ensureBuilt(options.build);
  const loadBefore = loadNow();
  const { seedMysql, seedSqlite } = await import('./support/seed.mjs');
  log(
    `CSV export benchmark: ${COUNT} completed applications with full essays and jury scores; ${RUNS} export run(s), ${PAGING_RUNS} ` +
      `paging run(s), medians reported.\n`,
  );

  const results = [];
  if (!options.only || options.only === 'sqlite') {
    results.push(
      await benchDatabase('SQLite (embedded)', { seed: (dataDir) => seedSqlite(join(dataDir, 'svportal.sqlite'), { count: COUNT }) }),
    );
  }
  if (!options.only || options.only === 'mariadb') {
    const admin = await mariadbAdmin(MYSQL_URL);
    const result = await benchDatabase('MariaDB', {
      databaseUrl: MYSQL_URL,
      async prepare() {
        let connection;
        try {
          connection = await admin.connect();
        } catch (error) {
          log(`  skipped: MariaDB does not answer at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')} (${error.code ?? error.message}).`);
          log('  Start it, or point BENCH_MYSQL_URL at a server where the user may create databases.\n');
          return false;
        }
        const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
        log(`  server ${version}, database ${admin.database} (dropped and created)`);
        await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
        await connection.query(`CREATE DATABASE \`${admin.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        await connection.end();
        return true;
      },
      seed: () => seedMysql(MYSQL_URL, { count: COUNT }),
      async cleanup() {
        const connection = await admin.connect();
        await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
        await connection.end();
      },
    });
    if (result) results.push(result);
  }

  printTable(results.filter(Boolean));
  const met = (r) => r.correct && r.exportMs < TARGET_SECONDS * 1000 && r.riseMb < TARGET_MB;
  if (options.smoke) {
    smokeVerdict(Object.fromEntries(results.filter(Boolean).map((r) => [`${r.name}: every row once, sorted by score`, r.correct])));
    return;
  }
  const file = writeResult(
    'export',
    {
      command: 'npm run bench:export',
      config: { applications: COUNT, exportRuns: RUNS, pagingRuns: PAGING_RUNS },
      results: results.filter(Boolean).map((r) => ({
        database: r.name,
        exportSeconds: Number.isNaN(r.exportMs) ? null : Number(seconds(r.exportMs)),
        firstByteSeconds: Number(seconds(r.firstByteMs)),
        sizeMb: Number(r.megabytes.toFixed(1)),
        pagingSeconds: Number.isNaN(r.pagingMs) ? null : Number(seconds(r.pagingMs)),
        peakRssRiseMb: Number(r.riseMb.toFixed(1)),
        rowsOk: r.correct,
        targetsMet: met(r),
      })),
      targets: { exportSeconds: TARGET_SECONDS, peakRssRiseMb: TARGET_MB, met: results.length > 0 && results.filter(Boolean).every(met) },
    },
    { loadBefore },
  );
  log(`Wrote ${file.slice(ROOT.length + 1)}`);
}

function printTable(results) {
  const head = [
    'database',
    'export (s)',
    'first byte (s)',
    'size (MB)',
    `paging ${PAGE_SIZE}/request (s)`,
    'paging ÷ export',
    'peak RSS rise (MB)',
    'rows ok',
    `< ${TARGET_SECONDS} s`,
    `< ${TARGET_MB} MB`,
  ];
  const rows = results.map((r) => [
    r.name,
    Number.isNaN(r.exportMs) ? 'no end' : seconds(r.exportMs),
    seconds(r.firstByteMs),
    r.megabytes.toFixed(1),
    Number.isNaN(r.pagingMs) ? '–' : seconds(r.pagingMs),
    Number.isNaN(r.pagingMs) || Number.isNaN(r.exportMs) ? '–' : `${(r.pagingMs / r.exportMs).toFixed(1)}×`,
    r.riseMb.toFixed(1),
    r.correct ? 'yes' : 'NO',
    r.exportMs < TARGET_SECONDS * 1000 ? 'yes' : 'NO',
    r.riseMb < TARGET_MB ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log('\nResults (medians of the runs; RSS rise is the largest of the export runs)');
  log(line(head));
  log(widths.map((w) => '─'.repeat(w)).join('  '));
  rows.forEach((row) => log(line(row)));
  log(
    `\nTarget: the export with data and scores streams in under ${TARGET_SECONDS} s and raises peak server memory by less ` +
      `than ${TARGET_MB} MB.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
