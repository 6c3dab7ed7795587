// Process crash, run by hand: `npm run test:outage`. 40 applicants save in a loop; the
// server is killed (SIGKILL: no shutdown hook, saves in flight) and started again on the same data.
// Afterwards no acknowledged save is lost and no application is half-written: every application's
// data parses and is, byte for byte, the last save its applicant saw acknowledged or one sent after
// it whose answer the crash swallowed. On MariaDB (a throwaway instance of the test's own) and on the
// embedded SQLite database.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { startServer } from '../support/server.mjs';
import { ADMIN } from '../bench/support/common.mjs';
import { checkStoredSaves, runSaveLoops } from '../bench/support/save-client.mjs';
import { loadNow, writeResult } from '../bench/support/results.mjs';
import { createMariadbInstance } from './support/mariadb-instance.mjs';
import { SMOKE, envelopeProblem, preparePortal, sleep, tally } from './support/portal.mjs';

const APPLICANTS = SMOKE ? 8 : 40;
/** How long the applicants save before the kill, and after the restart. */
const SAVING_MS = SMOKE ? 1500 : 3000;

describe('server crash in the middle of a save spike', { timeout: 300_000 }, () => {
  let db = null;
  const loadBefore = loadNow();
  /** What each store observed, written to test/bench/results/crash.json. */
  const figures = {};
  after(async () => {
    await db?.destroy();
    if (!SMOKE) writeResult('crash', { command: 'npm run test:outage', applicants: APPLICANTS, stores: figures }, { loadBefore });
  });

  for (const store of ['MariaDB', 'SQLite']) {
    test(`${store}: after SIGKILL and a restart no acknowledged save is lost and none is half-written`, async () => {
      let databaseUrl = null;
      if (store === 'MariaDB') {
        db = await createMariadbInstance();
        await db.start();
        db.createDatabase('svp_crash');
        databaseUrl = db.url('svp_crash');
      }
      const { server, applicants, dataDir, stored } = await preparePortal({ databaseUrl, count: APPLICANTS });
      let restarted = null;
      try {
        const outcomes = [];
        let saving = true;
        const loops = runSaveLoops(server.baseUrl, applicants, {
          running: () => saving,
          retryDelayMs: 100,
          timeoutMs: 20_000,
          onAnswer: (outcome) => outcomes.push(outcome),
        });
        await sleep(SAVING_MS);

        const inFlight = () => applicants.filter((a) => a.unanswered.length > 0).length;
        // Kill while saves are in flight: wait (briefly) for a moment when at least a few are.
        for (let i = 0; i < 200 && inFlight() < 5; i++) await sleep(5);
        const inFlightAtKill = inFlight();
        const answeredBeforeKill = outcomes.length;
        const ended = await server.kill('SIGKILL');
        assert.equal(ended.signal, 'SIGKILL');
        await sleep(1000);

        restarted = await startServer({ admin: ADMIN, dataDir, databaseUrl, port: server.port });
        const restartedAt = Date.now();
        await sleep(SAVING_MS);
        saving = false;
        await loops;

        const afterRestart = outcomes.filter((o) => o.at > restartedAt);
        console.log(
          `  [${store}] ${answeredBeforeKill} saves answered before the kill, ${inFlightAtKill} in flight at the kill; ` +
            `answers: ${JSON.stringify(tally(outcomes))}; after the restart: ${JSON.stringify(tally(afterRestart))}`,
        );
        assert.ok(inFlightAtKill > 0, 'no save was in flight at the kill');
        assert.ok(
          afterRestart.some((o) => o.ok),
          'no save succeeded after the restart',
        );
        for (const o of outcomes.filter((x) => !x.ok)) {
          if (o.status === 0) continue; // no server: connection refused or cut by the kill
          assert.ok(
            o.status === 409 && o.body?.data?.err === 'STALE',
            `unexpected answer: ${o.status} ${JSON.stringify(o.body).slice(0, 300)}`,
          );
          assert.equal(envelopeProblem(o), null);
        }
        assert.equal(afterRestart.filter((o) => !o.ok && o.status !== 409).length, 0, 'saves failed after the restart');

        await restarted.stop();
        const check = checkStoredSaves(applicants, await stored(), { allowUnanswered: true });
        console.log(
          `  [${store}] ${check.lastAcknowledged} applications hold their last acknowledged save, ${check.laterUnanswered} a save ` +
            `sent after it whose answer the crash swallowed`,
        );
        figures[store] = {
          savesAnsweredBeforeKill: answeredBeforeKill,
          savesInFlightAtKill: inFlightAtKill,
          answers: tally(outcomes),
          answersAfterRestart: tally(afterRestart),
          applicationsHoldingLastAcknowledgedSave: check.lastAcknowledged,
          applicationsHoldingASaveWhoseAnswerTheCrashSwallowed: check.laterUnanswered,
          halfWrittenOrLost: check.problems.length,
        };
        assert.deepEqual(check.problems, []);
        assert.equal(check.lastAcknowledged + check.laterUnanswered, APPLICANTS);
      } finally {
        await server.stop();
        await restarted?.stop();
        rmSync(dataDir, { recursive: true, force: true });
        if (store === 'MariaDB') {
          await db.destroy();
          db = null;
        }
      }
    });
  }
});
