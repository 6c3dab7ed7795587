import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { createTestDatabase } from '../testing/test-database.js';
import { LEASE_MS, RETRY_DELAY_MS } from './job-runs.service.js';
import { JobsService } from './jobs.service.js';
import { type JobsAppOptions, jobRuns, jobsWorld, jobWorldsHarness, openJobsApp, wrapMailer } from '../testing/job-apps.js';

const T = DEFAULT_TIMELINE;
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

/** Run once, catch up, never twice: job_runs and mail_sends across restarts, crashes and failures. */
describe('deadline jobs: once, on time, after downtime', () => {
  const h = jobWorldsHarness();

  async function world(options: JobsAppOptions) {
    const w = await jobsWorld({ mailUrl: h.sink.url, ...options });
    h.worlds.push(w);
    return w;
  }
  const count = (who: CreatedUser) => h.sink.to(who.user.email).length;

  it('does nothing at start when JOBS_ENABLED is off (the test harness default)', async () => {
    const w = await world({ now: '2026-09-01T00:00:00.000Z' });
    await w.app.cron.whenIdle();
    expect(await jobRuns(w.app.dataSource)).toEqual([]);
  });

  it('catches up at start on every job that fell due while the server was down, in timeline order', async () => {
    const w = await world({ now: '2026-01-15T12:00:00.000Z' });
    const teamLeader = await w.app.factories.applicant();
    const open = await w.app.factories.application(teamLeader.user, { completed: false, teamLeader: true });
    const submitted = await w.app.factories.applicant();
    await w.app.factories.application(submitted.user, { completed: true });

    // Down from mid-January to the first of March: the TL deadline, both reminders and the application deadline passed.
    const up = await w.restart({ now: '2026-03-01T08:00:00.000Z', jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    const runs = await jobRuns(up.dataSource);
    expect(runs.map((r) => [r.job, r.outcome, r.triggered_by])).toEqual([
      ['team-leader-deadline', 'succeeded', 'catch-up'],
      ['application-reminder-7d', 'skipped', 'catch-up'],
      ['application-reminder-1d', 'skipped', 'catch-up'],
      ['application-deadline', 'succeeded', 'catch-up'],
      ['references-request', 'succeeded', 'catch-up'],
    ]);
    expect(runs[0]!.counts).toMatchObject({ cleared: 1, mailsOwed: 0 });
    expect(runs[1]!.message).toMatch(/application deadline had already passed/);
    expect(runs[3]!.counts).toMatchObject({ locked: 1, submitted: 1 });
    // Telling them to finish as an SV after the deadline would be wrong, and reminders after it pointless;
    // the referees of the submitted application are asked (references are still open).
    expect(h.sink.messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Reference request for /),
      expect.stringMatching(/^Reference request for /),
    ]);
    const locked = await up.dataSource.query('SELECT team_leader, closed FROM applications WHERE id = ?', [open.id]);
    expect([Boolean(Number(locked[0].team_leader)), Boolean(Number(locked[0].closed))]).toEqual([false, true]);

    // Another restart the same day runs none of them again.
    const again = await w.restart({ now: '2026-03-01T09:00:00.000Z', jobsEnabled: true, mailUrl: h.sink.url });
    await again.cron.whenIdle();
    expect(await jobRuns(again.dataSource)).toHaveLength(5);
  });

  it('runs a job on time while up: the timer sleeps until it is due, and a timeline change reschedules it at once', async () => {
    const w = await world({ now: '2026-01-15T12:00:00.000Z', jobsEnabled: true });
    await w.app.cron.whenIdle();
    expect(await w.app.jobs.nextDueAt()).toEqual(new Date(T.teamLeaderEndDate));

    const admin = await w.app.factories.admin();
    const applicant = await w.app.factories.applicant();
    await w.app.factories.application(applicant.user, { completed: false, teamLeader: true });
    // The organisers close TL applications today, an hour ago.
    const closedAt = before('2026-01-15T12:00:00.000Z', 3600_000);
    await w.app
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ timeline: { teamLeaderEndDate: closedAt } })
      .expect(200);
    await w.app.cron.whenIdle();
    const runs = await jobRuns(w.app.dataSource);
    expect(runs.map((r) => [r.job, r.slot, r.outcome])).toEqual([['team-leader-deadline', closedAt, 'succeeded']]);
    expect(h.sink.to(applicant.user.email).map((m) => m.subject)).toEqual([
      expect.stringContaining('Team Leader applications have closed'),
    ]);
    expect(await w.app.jobs.nextDueAt()).toEqual(new Date(before(T.applicationEndDate, 7 * 24 * 3600_000)));
  });

  it('resumes a run that failed between two emails without sending anyone a second copy', async () => {
    const w = await world({
      now: before(T.acceptanceDate, 60_000),
      beforeInit: (app) =>
        wrapMailer(app, async (n, send) => {
          if (n === 2) throw new Error('Connection lost');
          await send();
        }),
    });
    const people = [];
    for (let i = 0; i < 4; i++) {
      const person = await w.app.factories.applicant();
      await w.app.factories.application(person.user, { status: i % 2 ? 'rejected' : 'waitlisted' });
      people.push(person);
    }
    // The earlier jobs run first, with nothing to send.
    w.app.clock.set(T.acceptanceDate);
    const runs = await w.app.jobs.runDue();
    const decisions = runs.find((r) => r.job === 'decisions-release')!;
    expect(decisions).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(decisions.counts).toMatchObject({ mailsOwed: 4, mailsSent: 3, mailsPending: 1 });
    expect(decisions.message).toMatch(/1 email was refused by the mail server \(Connection lost\)/);
    expect(people.map(count)).toEqual([1, 0, 1, 1]);

    // The server restarts a minute later: the failed run waits for its retry time…
    let up = await w.restart({ now: after(T.acceptanceDate, 60_000), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    expect(people.map(count)).toEqual([1, 0, 1, 1]);
    // …and once it has come, the run resumes where it stopped.
    up = await w.restart({ now: after(T.acceptanceDate, RETRY_DELAY_MS + 60_000), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    expect(people.map(count)).toEqual([1, 1, 1, 1]);
    const [row] = (await jobRuns(up.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(row).toMatchObject({ outcome: 'succeeded', attempts: 2, triggered_by: 'catch-up' });
    expect(row!.counts).toMatchObject({ mailsOwed: 4, mailsSent: 4, mailsPending: 0, mailsUncertain: 0, waitlisted: 2, rejected: 2 });
  });

  it('stops a run at a shutdown after the email in progress, and resumes it at the next start', async () => {
    let closing: Promise<void> | undefined;
    const w = await world({ now: before(T.acceptanceDate, 60_000) });
    const people = [];
    for (let i = 0; i < 3; i++) {
      const person = await w.app.factories.applicant();
      await w.app.factories.application(person.user, { status: 'rejected' });
      people.push(person);
    }
    await w.app.jobs.runDue();
    const up = await w.restart({
      now: after(T.acceptanceDate, 1000),
      jobsEnabled: true,
      mailUrl: h.sink.url,
      beforeInit: (app, close) =>
        wrapMailer(app, async (n, send) => {
          await send();
          // The server is asked to stop while it sends the first email; its shutdown hook tells the jobs at once.
          if (n === 1) {
            app.get(JobsService).stop();
            closing = close();
          }
        }),
    });
    await up.cron.whenIdle();
    await closing;
    expect(people.map(count)).toEqual([1, 0, 0]);

    const next = await openJobsApp(w.database, { now: after(T.acceptanceDate, 30_000), jobsEnabled: true, mailUrl: h.sink.url });
    h.extra.push(next);
    const [stopped] = (await jobRuns(next.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(stopped).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('Stopped by a server shutdown with 2 emails still to send'),
    });
    await next.cron.whenIdle();
    expect(people.map(count)).toEqual([1, 1, 1]);
    const [resumed] = (await jobRuns(next.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(resumed).toMatchObject({ outcome: 'succeeded', attempts: 2 });
  });

  it('releases decisions exactly once when the server dies right after the acceptance time, mid-send, and restarts', async () => {
    const database = await createTestDatabase();
    h.worlds.push({ close: () => database.drop() });
    const setup = await openJobsApp(database, { now: before(T.acceptanceDate, 3600_000), mailUrl: h.sink.url });
    const offered = await setup.factories.applicant();
    await setup.factories.application(offered.user, { status: 'offered' });
    const waitlisted = await setup.factories.applicant();
    await setup.factories.application(waitlisted.user, { status: 'waitlisted' });
    const rejected = await setup.factories.applicant();
    await setup.factories.application(rejected.user, { status: 'rejected' });
    // Everything before the decisions ran on time.
    setup.clock.set(before(T.acceptanceDate, 60_000));
    await setup.jobs.runDue();
    await setup.close();

    // Server 1 starts a second after the acceptance time and hangs while sending the second email (it is dying).
    let sendStuck!: () => void;
    const stuck = new Promise<void>((resolve) => (sendStuck = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const dying = await openJobsApp(database, {
      now: after(T.acceptanceDate, 1000),
      jobsEnabled: true,
      mailUrl: h.sink.url,
      beforeInit: (app) =>
        wrapMailer(app, async (n, send) => {
          if (n === 2) {
            sendStuck();
            await released;
          }
          await send();
        }),
    });
    await stuck;
    expect([count(offered), count(waitlisted), count(rejected)]).toEqual([1, 0, 0]);

    // Server 2 starts 10 seconds later: server 1 still holds the run, so it leaves it alone.
    const second = await openJobsApp(database, { now: after(T.acceptanceDate, 10_000), jobsEnabled: true, mailUrl: h.sink.url });
    h.extra.push(second);
    await second.cron.whenIdle();
    expect([count(offered), count(waitlisted), count(rejected)]).toEqual([1, 0, 0]);

    // Server 1 never renews its lease: server 2 takes the run over. The email being sent when server 1
    // stopped may or may not have gone out, so it is not sent again; the one never started is.
    second.clock.set(after(T.acceptanceDate, LEASE_MS + 10_000));
    await second.cron.wake();
    expect([count(offered), count(waitlisted), count(rejected)]).toEqual([1, 0, 1]);
    const [run] = (await jobRuns(second.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(run).toMatchObject({ outcome: 'succeeded', attempts: 2 });
    expect(run!.counts).toMatchObject({ mailsOwed: 3, mailsSent: 2, mailsUncertain: 1 });
    expect(run!.message).toMatch(/1 email was being sent when a server stopped/);

    // Server 1's stuck send goes out after all: it records it, finds it lost the run, and stops.
    release();
    await dying.cron.whenIdle();
    await dying.close();
    expect([count(offered), count(waitlisted), count(rejected)]).toEqual([1, 1, 1]);

    // Restarts after that send nobody anything.
    const third = await openJobsApp(database, { now: after(T.acceptanceDate, 3600_000), jobsEnabled: true, mailUrl: h.sink.url });
    h.extra.push(third);
    await third.cron.whenIdle();
    expect([count(offered), count(waitlisted), count(rejected)]).toEqual([1, 1, 1]);
    expect((await jobRuns(third.dataSource)).filter((r) => r.job === 'decisions-release')).toHaveLength(1);
    const sends = await third.dataSource.query(
      "SELECT m.status AS status FROM mail_sends m JOIN job_runs r ON r.id = m.job_run_id WHERE r.job = 'decisions-release'",
    );
    expect(sends.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('releases decisions once when the server restarts right after they went out', async () => {
    const w = await world({ now: before(T.acceptanceDate, 60_000) });
    const offered = await w.app.factories.applicant();
    await w.app.factories.application(offered.user, { status: 'offered' });
    await w.app.jobs.runDue();
    let up = await w.restart({ now: after(T.acceptanceDate, 500), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    expect(count(offered)).toBe(1);
    up = await w.restart({ now: after(T.acceptanceDate, 1500), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    expect(count(offered)).toBe(1);
    // Moving the acceptance date later runs the release again at the new date, which sends the decision
    // to nobody who already has it: the ledger knows the message.
    const admin = await up.factories.admin();
    await up
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ timeline: { acceptanceDate: after(T.acceptanceDate, 3600_000) } })
      .expect(200);
    up.clock.set(after(T.acceptanceDate, 2 * 3600_000));
    await up.cron.wake();
    expect(count(offered)).toBe(1);
    const releases = (await jobRuns(up.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(releases.map((r) => [r.outcome, r.counts?.mailsOwed])).toEqual([
      ['succeeded', 1],
      ['succeeded', 0],
    ]);
  });
});
