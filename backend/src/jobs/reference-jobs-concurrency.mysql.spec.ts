import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import { completeApplicationData } from '../testing/fixtures.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { type JobsApp, jobRuns, openJobsApp } from '../testing/job-apps.js';

const T = DEFAULT_TIMELINE;
const DAY = 24 * 3600_000;
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

// Two servers sharing one MySQL/MariaDB database (a *.mysql.spec.ts file: it runs only with TEST_DATABASE_URL).
describe('reference requests: two servers against one MySQL database', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let servers: JobsApp[] = [];
  const referees: string[] = [];
  const SHARED = 'shared-referee@example.edu';

  beforeAll(async () => {
    sink = await SmtpSink.start();
    database = await createTestDatabase();
    const setup = await openJobsApp(database, { now: before(T.applicationEndDate, DAY), mailUrl: sink.url });
    for (let i = 0; i < 8; i++) {
      const person = await setup.factories.applicant();
      // Every applicant names the same first referee: one request per applicant, never two for the same one.
      const second = `second-${i}@example.com`;
      await setup.factories.application(person.user, {
        data: completeApplicationData({ firstReferenceEmail: SHARED, secondReferenceEmail: second }),
      });
      referees.push(second);
    }
    await setup.close();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
    await sink.close();
  });

  it('two servers waking at the deadline ask each referee once per applicant', async () => {
    const now = after(T.applicationEndDate, 500);
    servers = await Promise.all([0, 1].map(() => openJobsApp(database, { now, jobsEnabled: true, mailUrl: sink.url })));
    await Promise.all(servers.map((s) => s.cron.whenIdle()));
    await Promise.all(servers.map((s) => s.cron.wake()));
    const runs = (await jobRuns(servers[0]!.dataSource)).filter((r) => r.job === 'references-request');
    expect(runs.map((r) => [r.outcome, r.attempts])).toEqual([['succeeded', 1]]);
    expect(runs[0]!.counts).toMatchObject({ referencesCreated: 16, mailsOwed: 16, mailsSent: 16 });
    expect(sink.to(SHARED)).toHaveLength(8);
    expect(new Set(sink.to(SHARED).map((m) => m.subject)).size).toBe(8);
    for (const second of referees) expect(sink.to(second)).toHaveLength(1);
    const [{ n }] = await servers[0]!.dataSource.query('SELECT COUNT(*) AS n FROM application_references');
    expect(Number(n)).toBe(16);
  });

  it('both reminding a week before the closing date remind each waiting referee once', async () => {
    sink.clear();
    for (const server of servers) server.clock.set(after(before(T.referencesDeadline, 7 * DAY), 500));
    await Promise.all(servers.map((s) => s.cron.wake()));
    await Promise.all(servers.map((s) => s.cron.wake()));
    expect(sink.to(SHARED)).toHaveLength(8);
    for (const second of referees)
      expect(sink.to(second).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder: reference for .* closes in 7 days$/)]);
    const duplicates = await servers[0]!.dataSource.query(
      'SELECT ledger_key, COUNT(*) AS n FROM mail_sends GROUP BY ledger_key HAVING COUNT(*) > 1',
    );
    expect(duplicates).toEqual([]);
  });
});
