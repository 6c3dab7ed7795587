import { describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import { completeApplicationData } from '../testing/fixtures.js';
import { RETRY_DELAY_MS } from './job-runs.service.js';
import { JobsService } from './jobs.service.js';
import { type JobsAppOptions, jobRuns, jobsWorld, jobWorldsHarness, openJobsApp, wrapMailer } from '../testing/job-apps.js';

const T = DEFAULT_TIMELINE;
const DAY = 24 * 3600_000;
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

/** The reference requests on the job machinery: once per referee and application, across failures and restarts. */
describe('reference requests: exactly once across failures and restarts', () => {
  const h = jobWorldsHarness();

  async function world(options: JobsAppOptions, applicants = 3) {
    const w = await jobsWorld({ mailUrl: h.sink.url, ...options });
    h.worlds.push(w);
    const referees: string[] = [];
    for (let i = 0; i < applicants; i++) {
      const person = await w.app.factories.applicant();
      const first = `first-${i}-${Date.now().toString(36)}@example.edu`;
      const second = `second-${i}-${Date.now().toString(36)}@example.com`;
      await w.app.factories.application(person.user, {
        data: completeApplicationData({ firstReferenceEmail: first, secondReferenceEmail: second }),
      });
      referees.push(first, second);
    }
    return { w, referees, counts: () => referees.map((r) => h.sink.to(r).length) };
  }

  it('resumes a request run that failed between two emails, asking nobody twice', async () => {
    const { w, counts } = await world({
      now: before(T.applicationEndDate, 60_000),
      beforeInit: (app) =>
        wrapMailer(app, async (n, send) => {
          if (n === 2) throw new Error('Connection lost');
          await send();
        }),
    });
    w.app.clock.set(T.applicationEndDate);
    const run = (await w.app.jobs.runDue()).find((r) => r.job === 'references-request')!;
    expect(run).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(run.counts).toMatchObject({ mailsOwed: 6, mailsSent: 5, mailsPending: 1 });
    expect(counts()).toEqual([1, 0, 1, 1, 1, 1]);

    // Restarted after the retry time: the run resumes where it stopped.
    let up = await w.restart({ now: after(T.applicationEndDate, RETRY_DELAY_MS + 60_000), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    expect(counts()).toEqual([1, 1, 1, 1, 1, 1]);
    const [row] = (await jobRuns(up.dataSource)).filter((r) => r.job === 'references-request');
    expect(row).toMatchObject({ outcome: 'succeeded', attempts: 2 });
    expect(row!.counts).toMatchObject({ referencesCreated: 6, mailsOwed: 6, mailsSent: 6 });

    // Another restart, and a run by hand: nobody is asked again.
    up = await w.restart({ now: after(T.applicationEndDate, RETRY_DELAY_MS + 120_000), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    const admin = await up.factories.admin();
    await up.http().post('/api/admin/jobs/references-request/run').set('Authorization', admin.auth).expect(201);
    expect(counts()).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('stops at a shutdown after the email in progress, and the next start sends the rest once', async () => {
    let closing: Promise<void> | undefined;
    const { w, counts } = await world({ now: before(T.applicationEndDate, 60_000) });
    await w.app.jobs.runDue();
    const up = await w.restart({
      now: after(T.applicationEndDate, 1000),
      jobsEnabled: true,
      mailUrl: h.sink.url,
      beforeInit: (app, close) =>
        wrapMailer(app, async (n, send) => {
          await send();
          if (n === 2) {
            app.get(JobsService).stop();
            closing = close();
          }
        }),
    });
    await up.cron.whenIdle();
    await closing;
    expect(counts().reduce((a, b) => a + b, 0)).toBe(2);

    const next = await openJobsApp(w.database, { now: after(T.applicationEndDate, 30_000), jobsEnabled: true, mailUrl: h.sink.url });
    h.extra.push(next);
    await next.cron.whenIdle();
    expect(counts()).toEqual([1, 1, 1, 1, 1, 1]);
    const [row] = (await jobRuns(next.dataSource)).filter((r) => r.job === 'references-request');
    expect(row).toMatchObject({ outcome: 'succeeded', attempts: 2 });
  });

  it('asks nobody when it could only run after references closed, and reminds nobody after', async () => {
    const { w, counts } = await world({ now: before(T.applicationEndDate, 60_000) }, 1);
    // Down from before the deadline until after references closed.
    const up = await w.restart({ now: after(T.referencesDeadline, 60_000), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    const runs = (await jobRuns(up.dataSource)).filter((r) => r.job.startsWith('references-'));
    expect(runs.map((r) => [r.job, r.outcome])).toEqual([
      ['references-request', 'skipped'],
      ['references-reminder-7d', 'skipped'],
      ['references-reminder-1d', 'skipped'],
    ]);
    expect(runs[0]!.message).toBe('Not sent: references had already closed when this job could run.');
    expect(counts()).toEqual([0, 0]);
  });

  it('does not remind a referee asked after the reminder fell due: the request just went out', async () => {
    const { w, referees, counts } = await world({ now: before(T.applicationEndDate, 60_000) }, 1);
    // Down from before applications closed until half a day before references close: the request
    // and both reminders are due at once on the next start.
    const up = await w.restart({ now: before(T.referencesDeadline, DAY / 2), jobsEnabled: true, mailUrl: h.sink.url });
    await up.cron.whenIdle();
    const runs = (await jobRuns(up.dataSource)).filter((r) => r.job.startsWith('references-'));
    expect(runs.map((r) => [r.job, r.outcome])).toEqual([
      ['references-request', 'succeeded'],
      ['references-reminder-7d', 'skipped'],
      ['references-reminder-1d', 'succeeded'],
    ]);
    expect(counts()).toEqual([1, 1]);
    for (const referee of referees)
      expect(h.sink.to(referee).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reference request for /)]);
  });

  it('has no bounce route without MAIL_BOUNCE_SECRET', async () => {
    const { w } = await world({ now: T.applicationEndDate }, 0);
    const res = await w.app
      .http()
      .post('/api/references/bounces')
      .set('Authorization', 'Bearer anything-at-all-0123')
      .send({ recipient: 'a@example.edu' })
      .expect(404);
    expect(res.body).toMatchObject({ success: false, data: { err: 'NOT_FOUND' } });
  });
});
