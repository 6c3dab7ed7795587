import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { type JobsApp, jobRuns, openJobsApp } from '../testing/job-apps.js';

const T = DEFAULT_TIMELINE;
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

// Two servers sharing one MySQL/MariaDB database; SQLite is one process's file, so this runs on MySQL only (a *.mysql.spec.ts file:
// jest.config.js runs it only with TEST_DATABASE_URL).

describe('deadline jobs: two servers against one MySQL database', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let servers: JobsApp[] = [];
  const people: Record<string, CreatedUser[]> = { teamLeader: [], offered: [], waitlisted: [], rejected: [], confirmed: [] };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    database = await createTestDatabase();
    const setup = await openJobsApp(database, { now: '2026-01-15T12:00:00.000Z', mailUrl: sink.url });
    for (let i = 0; i < 4; i++) {
      const person = await setup.factories.applicant();
      await setup.factories.application(person.user, { completed: false, teamLeader: true });
      people.teamLeader!.push(person);
    }
    for (const status of ['offered', 'waitlisted', 'rejected', 'confirmed'] as const) {
      for (let i = 0; i < 5; i++) {
        const person = await setup.factories.applicant();
        await setup.factories.application(person.user, { status });
        people[status]!.push(person);
      }
    }
    await setup.close();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
    await sink.close();
  });

  const subjects = (who: CreatedUser) => sink.to(who.user.email).map((m) => m.subject);

  it('two servers starting at once after the TL deadline each clear and notify once', async () => {
    const now = after(T.teamLeaderEndDate, 1000);
    servers = await Promise.all([0, 1].map(() => openJobsApp(database, { now, jobsEnabled: true, mailUrl: sink.url })));
    await Promise.all(servers.map((s) => s.cron.whenIdle()));
    // Both look again at once, as their timers would.
    await Promise.all(servers.map((s) => s.cron.wake()));
    const runs = await jobRuns(servers[0]!.dataSource);
    expect(runs.map((r) => [r.job, r.outcome, r.attempts])).toEqual([['team-leader-deadline', 'succeeded', 1]]);
    expect(runs[0]!.counts).toMatchObject({ cleared: 4, mailsSent: 4 });
    for (const person of people.teamLeader!)
      expect(subjects(person)).toEqual([expect.stringContaining('Team Leader applications have closed')]);
  });

  it('at the acceptance date, both wake together and every decision goes out exactly once', async () => {
    for (const server of servers) server.clock.set(after(T.acceptanceDate, 500));
    await Promise.all(servers.map((s) => s.cron.wake()));
    await Promise.all(servers.map((s) => s.cron.wake()));
    const runs = await jobRuns(servers[1]!.dataSource);
    const byJob = new Map(runs.map((r) => [r.job, r]));
    expect(runs).toHaveLength(new Set(runs.map((r) => `${r.job}/${r.slot}`)).size);
    expect([...byJob.keys()].sort()).toEqual([
      'application-deadline',
      'application-reminder-1d',
      'application-reminder-7d',
      'decisions-release',
      'references-reminder-1d',
      'references-reminder-7d',
      'references-request',
      'team-leader-deadline',
    ]);
    expect(runs.every((r) => r.attempts === 1)).toBe(true);
    expect(byJob.get('decisions-release')!.counts).toMatchObject({ offered: 5, waitlisted: 5, rejected: 5, mailsSent: 15 });
    for (const status of ['offered', 'waitlisted', 'rejected'] as const) {
      for (const person of people[status]!) expect(sink.to(person.user.email)).toHaveLength(1);
    }
    for (const person of people.confirmed!) expect(sink.to(person.user.email)).toHaveLength(0);
  });

  it('at the confirmation deadline and the schedules release, each job runs once and mails once across both', async () => {
    sink.clear();
    for (const server of servers) server.clock.set(after(T.schedulesReleaseDate, 500));
    await Promise.all(servers.map((s) => s.cron.wake()));
    await Promise.all(servers.map((s) => s.cron.wake()));
    const runs = await jobRuns(servers[0]!.dataSource);
    expect(runs).toHaveLength(new Set(runs.map((r) => `${r.job}/${r.slot}`)).size);
    const byJob = new Map(runs.map((r) => [r.job, r]));
    expect(byJob.get('confirmation-deadline')).toMatchObject({ outcome: 'succeeded', attempts: 1 });
    expect(byJob.get('confirmation-deadline')!.counts).toMatchObject({ declined: 5, mailsSent: 5 });
    expect(byJob.get('schedules-release')!.counts).toMatchObject({ confirmed: 5, mailsSent: 5 });
    for (const person of people.offered!) expect(subjects(person)).toEqual([expect.stringContaining('your offer has lapsed')]);
    for (const person of people.confirmed!) expect(subjects(person)).toEqual([expect.stringContaining('schedules are out')]);
    // One row per message (an applicant's two referees are two messages of one run, user and kind).
    const sends = await servers[0]!.dataSource.query(
      'SELECT ledger_key, COUNT(*) AS n FROM mail_sends GROUP BY ledger_key HAVING COUNT(*) > 1',
    );
    expect(sends).toEqual([]);
  });
});
