// Database outage, run by hand: `npm run test:outage` (needs root: the throwaway MariaDB's
// folder belongs to mysql). A MariaDB instance of the test's own (test/outage/support/mariadb-instance.mjs,
// on a free port; the machine's shared server is never touched) serves the built server while 40
// applicants save in a loop. The instance is stopped, then started again:
//   - during the outage every save is answered 503 with the error envelope, /api/health answers 503
//     { db: "down" }, and the server process keeps running;
//   - within 10 s of the database's return the server serves again, without a restart;
//   - afterwards every application holds the last acknowledged save (or one sent after it whose
//     answer was lost in the outage), byte for byte.
// Once with a clean shutdown, once with the database killed (SIGKILL) mid-query. A last test starts
// the server while its database is down: it waits, says so, and comes up when the database does.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort, spawnServer, startServer } from '../support/server.mjs';
import { ADMIN } from '../bench/support/common.mjs';
import { checkStoredSaves, runSaveLoops } from '../bench/support/save-client.mjs';
import { loadNow, writeResult } from '../bench/support/results.mjs';
import { createMariadbInstance } from './support/mariadb-instance.mjs';
import { SMOKE, envelopeProblem, health, preparePortal, sleep, tally } from './support/portal.mjs';

const APPLICANTS = SMOKE ? 8 : 40;
/** How long the applicants save before the outage, and after the recovery. */
const SAVING_MS = SMOKE ? 1000 : 3000;
/** How long the database stays away. */
const OUTAGE_MS = SMOKE ? 1500 : 4000;
const RECOVERY_LIMIT_MS = 10_000;
/** How long the late-start test keeps the database down after starting the server. */
const DOWN_AT_START_MS = 6000;

describe('database outage', { timeout: 300_000 }, () => {
  let db;
  const loadBefore = loadNow();
  /** What each scenario observed, written to test/bench/results/outage.json. */
  const figures = {};
  before(async () => {
    db = await createMariadbInstance();
    await db.start();
  });
  after(async () => {
    await db?.destroy();
    if (SMOKE) return;
    const recoveryLimitSeconds = RECOVERY_LIMIT_MS / 1000;
    const record = { command: 'npm run test:outage', applicants: APPLICANTS, recoveryLimitSeconds, scenarios: figures };
    writeResult('outage', record, { loadBefore });
  });

  for (const how of ['shutdown', 'kill']) {
    test(
      `database ${how === 'kill' ? 'killed (SIGKILL)' : 'shut down'} while applicants save: ` +
        `503s, health down, back within 10 s, no acknowledged save lost`,
      async () => {
        const database = `svp_outage_${how}`;
        db.createDatabase(database);
        const { server, applicants, dataDir, stored } = await preparePortal({ databaseUrl: db.url(database), count: APPLICANTS });
        try {
          const outcomes = [];
          let saving = true;
          const loops = runSaveLoops(server.baseUrl, applicants, {
            running: () => saving,
            retryDelayMs: 100,
            timeoutMs: 20_000,
            onAnswer: (outcome) => outcomes.push({ ...outcome, sentAt: outcome.at - outcome.ms }),
          });
          await sleep(SAVING_MS);

          const stoppingAt = Date.now();
          await (how === 'kill' ? db.kill() : db.stop());
          const downAt = Date.now();
          const probes = [];
          while (Date.now() - downAt < OUTAGE_MS) {
            probes.push(await health(server.baseUrl));
            await sleep(250);
          }
          assert.ok(server.running(), `the server process ended during the outage:\n${server.log().slice(-3000)}`);

          // The database is certainly away until it is started again; once it listens, the server may
          // serve before this test notices (it polls the port), so answers from then on are a transition.
          const restartingAt = Date.now();
          await db.start();
          const upAt = Date.now();
          let recoveredAt = null;
          while (Date.now() - upAt < 30_000) {
            const saved = outcomes.some((o) => o.ok && o.at > upAt);
            if (saved && (await health(server.baseUrl)).status === 200) {
              recoveredAt = Date.now();
              break;
            }
            await sleep(100);
          }
          await sleep(SAVING_MS);
          saving = false;
          await loops;

          // By when a save was sent and answered: before the database went, while it was away, after.
          const phaseOf = (o) => {
            if (o.at < stoppingAt) return 'before';
            if (o.sentAt >= downAt && o.at <= restartingAt) return 'outage';
            return o.at <= (recoveredAt ?? Infinity) ? 'transition' : 'after';
          };
          for (const o of outcomes) o.phase = phaseOf(o);
          const during = outcomes.filter((o) => o.phase === 'outage');
          const counts = Object.fromEntries(
            ['before', 'outage', 'transition', 'after'].map((phase) => [phase, tally(outcomes.filter((o) => o.phase === phase))]),
          );
          console.log(`  [${how}] answers by phase: ${JSON.stringify(counts)}`);
          console.log(
            `  [${how}] back ${recoveredAt ? `${((recoveredAt - upAt) / 1000).toFixed(1)} s` : 'NOT within 30 s'} after the database ` +
              `listened again`,
          );

          assert.ok(server.running(), 'the server process is still the same one');
          assert.ok(
            outcomes.filter((o) => o.phase === 'before').every((o) => o.ok),
            `saves failed before the outage: ${JSON.stringify(counts.before)}`,
          );
          const stale = (o) => o.status === 409 && o.body?.data?.err === 'STALE';
          assert.ok(
            outcomes.filter((o) => o.phase === 'after').every((o) => o.ok || stale(o)),
            `saves failed after the recovery: ${JSON.stringify(counts.after)}`,
          );
          assert.ok(
            during.length > 0 && during.every((o) => o.status === 503),
            `during the outage not every save was answered 503: ${JSON.stringify(counts.outage)}`,
          );
          for (const o of outcomes.filter((x) => !x.ok)) {
            // A save whose answer was lost may have been stored: the next one from that version is stale, and says so.
            assert.ok(
              o.status === 503 || stale(o),
              `unexpected answer in phase ${o.phase}: ${o.status} ${o.error ?? JSON.stringify(o.body).slice(0, 300)}`,
            );
            assert.equal(envelopeProblem(o), null);
            if (o.status === 503) assert.equal(o.body.data.err, 'DB_UNAVAILABLE');
          }
          assert.ok(
            probes.length > 0 && probes.every((p) => p.status === 503 && p.body?.db === 'down' && p.body?.status === 'error'),
            `health during the outage: ${JSON.stringify(probes.slice(0, 3))}`,
          );
          assert.ok(
            recoveredAt && recoveredAt - upAt <= RECOVERY_LIMIT_MS,
            `not serving again within ${RECOVERY_LIMIT_MS / 1000} s of the database's return`,
          );
          const lateFailures = outcomes.filter((o) => o.status === 503 && o.at > upAt + RECOVERY_LIMIT_MS);
          assert.equal(
            lateFailures.length,
            0,
            `${lateFailures.length} saves still answered 503 more than 10 s after the database's return`,
          );

          await server.stop();
          const check = checkStoredSaves(applicants, await stored(), { allowUnanswered: true });
          console.log(
            `  [${how}] ${check.lastAcknowledged} applications hold their last acknowledged save, ${check.laterUnanswered} a later save ` +
              `whose answer was lost`,
          );
          const answeredDown = probes.filter((p) => p.status === 503 && p.body?.db === 'down').length;
          figures[how === 'kill' ? 'databaseKilled' : 'databaseShutDown'] = {
            outageSeconds: Math.round((upAt - downAt) / 100) / 10,
            answersByPhase: counts,
            healthDuringOutage: `${answeredDown}/${probes.length} answered 503 db down`,
            servingAgainSecondsAfterDatabaseReturn: recoveredAt ? Math.round((recoveredAt - upAt) / 100) / 10 : null,
            serverRestarted: false,
            applicationsHoldingLastAcknowledgedSave: check.lastAcknowledged,
            applicationsHoldingALaterUnansweredSave: check.laterUnanswered,
            problems: check.problems.length,
          };
          assert.deepEqual(check.problems, []);
        } finally {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    );
  }

  test('a server started while its database is down keeps trying, says so, and serves once the database is up', async () => {
    const database = 'svp_outage_late_start';
    db.createDatabase(database);
    const dataDir = mkdtempSync(join(tmpdir(), 'svp-outage-'));
    // Migrated beforehand, so the time measured is the wait for the database, not the migrations.
    await (await startServer({ admin: ADMIN, dataDir, databaseUrl: db.url(database) })).stop();
    await db.stop();
    const server = await spawnServer({ admin: ADMIN, dataDir, databaseUrl: db.url(database), port: await freePort() });
    try {
      await sleep(DOWN_AT_START_MS);
      assert.ok(server.running(), `the server gave up while the database was down:\n${server.log().slice(-2000)}`);
      assert.match(
        server.log(),
        /Cannot reach the database at svp@127\.0\.0\.1:\d+\/svp_outage_late_start \(ECONNREFUSED\); trying again every 2 s until it answers\./,
      );
      assert.equal((await health(server.baseUrl)).status, 0, 'the server listens before it has a database');

      await db.start();
      const upAt = Date.now();
      await server.ready(30_000);
      const tookMs = Date.now() - upAt;
      console.log(`  [late start] serving ${(tookMs / 1000).toFixed(1)} s after the database listened`);
      figures.startedWhileDatabaseDown = {
        databaseDownSeconds: DOWN_AT_START_MS / 1000,
        servingSecondsAfterDatabaseReturn: Math.round(tookMs / 100) / 10,
      };
      assert.ok(tookMs <= RECOVERY_LIMIT_MS, `took ${tookMs} ms`);
      assert.match(server.log(), /The database answered after \d+ s \(\d+ attempts\); starting\./);
      const settings = await fetch(`${server.baseUrl}/api/settings`);
      assert.equal(settings.status, 200);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
