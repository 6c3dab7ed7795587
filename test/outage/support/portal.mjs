// A built server with applicants who are signed in and have their wizard open, for the outage and
// crash tests; and the checks both make on what the clients were answered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../support/server.mjs';
import { ADMIN } from '../../bench/support/common.mjs';
import {
  applicantPasswordHash,
  deadlineHourTimeline,
  seedApplicantsMysql,
  seedApplicantsSqlite,
  storedApplicationsMysql,
  storedApplicationsSqlite,
} from '../../bench/support/applicants.mjs';
import { setTimeline, signInApplicants } from '../../bench/support/save-client.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A smoke run (SMOKE=1, as `npm run test:smoke` runs these tests): a few applicants and phases of a
 * second or two, every assertion kept; the figures are not written to test/bench/results.
 */
export const SMOKE = process.env.SMOKE === '1';

/**
 * Migrates a fresh store (MariaDB at `databaseUrl`, or SQLite in the data folder), seeds `count`
 * applicants, starts the server, sets the timeline to the hour before the deadline and signs every
 * applicant in. Answers { server, applicants, dataDir, stored() }.
 */
export async function preparePortal({ databaseUrl, count }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-outage-'));
  const migrating = await startServer({ admin: ADMIN, dataDir, databaseUrl });
  await migrating.stop();
  const passwordHash = await applicantPasswordHash();
  const sqliteFile = join(dataDir, 'svportal.sqlite');
  const accounts = databaseUrl
    ? await seedApplicantsMysql(databaseUrl, { count, passwordHash })
    : await seedApplicantsSqlite(sqliteFile, { count, passwordHash });
  const server = await startServer({ admin: ADMIN, dataDir, databaseUrl });
  try {
    await setTimeline(server.baseUrl, deadlineHourTimeline());
    const applicants = await signInApplicants(server.baseUrl, accounts);
    const stored = () => (databaseUrl ? storedApplicationsMysql(databaseUrl) : storedApplicationsSqlite(sqliteFile));
    return { server, applicants, dataDir, stored };
  } catch (error) {
    // The test never gets this server to stop, and a server left running keeps the test process alive.
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}\nThe server's last lines:\n${server.log().slice(-2000)}`, { cause: error });
  }
}

/** Whether an error answer is the API's envelope (docs/api.md) without a stack trace or SQL in it. */
export function envelopeProblem(outcome) {
  const body = outcome.body;
  if (!body) return `status ${outcome.status} without a JSON body: ${outcome.text ?? outcome.error}`;
  if (body.success !== false || typeof body.data?.message !== 'string' || typeof body.data?.err !== 'string')
    return `not the error envelope: ${JSON.stringify(body).slice(0, 200)}`;
  if (/\bat .+:\d+:\d+|\bSELECT\b|\bUPDATE\b|\bINSERT\b|ECONNREFUSED|ER_[A-Z_]+/.test(body.data.message))
    return `leaks internals: ${body.data.message}`;
  return null;
}

/** Counts of outcomes by status (0: no answer) and error code, e.g. { '200': 900, '503 DB_UNAVAILABLE': 40 }. */
export function tally(outcomes) {
  const counts = {};
  for (const o of outcomes) {
    const key = o.status === 0 ? `no answer (${o.error})` : o.ok ? String(o.status) : `${o.status} ${o.body?.data?.err ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** GET /api/health: status and body, or status 0 when nothing answers. */
export async function health(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch (error) {
    return { status: 0, body: null, error: error.cause?.code ?? error.name };
  }
}
