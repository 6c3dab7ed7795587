import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { JOB_NAMES } from './job-catalogue.js';
import { JobsService } from './jobs.service.js';

const T = DEFAULT_TIMELINE;
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe('GET /api/admin/jobs, POST /api/admin/jobs/{job}/run', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedUser;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ now: after(T.acceptanceDate, 3600_000), env: { MAIL_URL: sink.url } });
    admin = await t.factories.admin();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const list = (auth = admin.auth, query = '') => t.http().get(`/api/admin/jobs${query}`).set('Authorization', auth);
  const run = (job: string, auth = admin.auth) => t.http().post(`/api/admin/jobs/${job}/run`).set('Authorization', auth).send({});

  it('lists every job in timeline order with its dates, state and runs, in ra-data-simple-rest form', async () => {
    const res = await list().expect(200);
    expect(res.headers['content-range']).toBe(`jobs 0-${JOB_NAMES.length - 1}/${JOB_NAMES.length}`);
    expect(res.body.map((j: { id: string }) => j.id)).toEqual([...JOB_NAMES]);
    const decisions = res.body.find((j: { id: string }) => j.id === 'decisions-release');
    expect(decisions).toMatchObject({
      name: 'decisions-release',
      title: 'Decisions released',
      description: expect.stringContaining('once'),
      anchorLabel: 'Decisions released',
      manualRun: true,
      runnableNow: true,
      edition: '2026',
      dueAt: T.acceptanceDate,
      nextDueAt: T.acceptanceDate,
      state: 'due',
      lastRuns: [],
    });
    expect(res.body.find((j: { id: string }) => j.id === 'schedules-release')).toMatchObject({
      state: 'scheduled',
      runnableNow: false,
      nextDueAt: T.schedulesReleaseDate,
    });
    expect(res.body.find((j: { id: string }) => j.id === 'confirmation-deadline')).toMatchObject({ manualRun: false, runnableNow: false });
    const page = await list(admin.auth, `?range=${encodeURIComponent('[2,3]')}`).expect(200);
    expect(page.headers['content-range']).toBe(`jobs 2-3/${JOB_NAMES.length}`);
    expect(page.body.map((j: { id: string }) => j.id)).toEqual(JOB_NAMES.slice(2, 4));
  });

  it('shows the runs and their outcome and counts once the jobs ran', async () => {
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { status: 'rejected' });
    await t.app.get(JobsService).runDue();
    const res = await list().expect(200);
    const decisions = res.body.find((j: { id: string }) => j.id === 'decisions-release');
    expect(decisions).toMatchObject({ state: 'done', nextDueAt: null });
    expect(decisions.lastRuns).toEqual([
      expect.objectContaining({
        job: 'decisions-release',
        slot: T.acceptanceDate,
        dueAt: T.acceptanceDate,
        outcome: 'succeeded',
        triggeredBy: 'catch-up',
        attempts: 1,
        counts: expect.objectContaining({ rejected: 1, mailsSent: 1 }),
      }),
    ]);
    const one = await t.http().get('/api/admin/jobs/decisions-release').set('Authorization', admin.auth).expect(200);
    expect(one.body).toMatchObject({ id: 'decisions-release', lastRuns: [expect.objectContaining({ outcome: 'succeeded' })] });
  });

  it('runs an idempotent job again by hand: it mails only whom it has not mailed, and the audit log names who ran it', async () => {
    const before = sink.messages.length;
    const late = await t.factories.applicant();
    await t.factories.application(late.user, { status: 'waitlisted' });
    const res = await run('decisions-release').expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      job: 'decisions-release',
      outcome: 'succeeded',
      triggeredBy: 'manual',
      attempts: 2,
    });
    expect(res.body.counts).toMatchObject({ waitlisted: 1, rejected: 1, mailsSent: 2 });
    expect(sink.messages.length).toBe(before + 1);
    expect(sink.to(late.user.email)).toHaveLength(1);

    const audit = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'job.run' ORDER BY id DESC");
    expect(audit[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_email: admin.user.email,
      entity: 'job',
      entity_id: 'decisions-release',
    });
    expect(JSON.parse(audit[0].after)).toMatchObject({ runId: res.body.id, outcome: 'succeeded' });
  });

  it('refuses a job that is not due yet, one that runs only on its schedule, and a job that does not exist', async () => {
    const early = await run('schedules-release').expect(409);
    expect(early.body).toMatchObject({ message: expect.stringContaining(`is not due until ${T.schedulesReleaseDate}`) });
    const scheduleOnly = await run('confirmation-deadline').expect(409);
    expect(scheduleOnly.body.message).toContain('runs only on its schedule');
    const unknown = await run('launch-rockets').expect(404);
    expect(unknown.body.message).toBe(`There is no job "launch-rockets". The jobs are: ${JOB_NAMES.join(', ')}.`);
    await t.http().get('/api/admin/jobs/launch-rockets').set('Authorization', admin.auth).expect(404);
    const badRange = await list(admin.auth, '?range=oops').expect(400);
    expect(badRange.body.message).toBe('range must be JSON');
    expect(await t.dataSource.query("SELECT * FROM job_runs WHERE job IN ('schedules-release', 'confirmation-deadline')")).toEqual([]);
  });

  it('answers 401 to anonymous callers and 403 to applicants and team leaders, running nothing', async () => {
    const applicant = await t.factories.applicant();
    const teamLeader = await t.factories.teamLeader();
    await t.http().get('/api/admin/jobs').expect(401);
    await t.http().get('/api/admin/jobs/decisions-release').expect(401);
    await t.http().post('/api/admin/jobs/decisions-release/run').expect(401);
    for (const stranger of [applicant, teamLeader]) {
      await list(stranger.auth).expect(403);
      await t.http().get('/api/admin/jobs/decisions-release').set('Authorization', stranger.auth).expect(403);
      const refused = await run('decisions-release', stranger.auth).expect(403);
      expect(refused.body.message).toBe('Only administrators can do this.');
    }
    const audit = await t.dataSource.query("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'job.run'");
    expect(Number(audit[0].n)).toBe(1);
  });
});
