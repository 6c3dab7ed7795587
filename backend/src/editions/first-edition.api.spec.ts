import { afterEach, describe, expect, it } from '@jest/globals';
import { TIMELINE_KEYS, type Timeline } from '@svp/domain';
import { FirstEditionService } from './first-edition.service.js';
import { JobsCron } from '../jobs/jobs.cron.js';
import { JobsService } from '../jobs/jobs.service.js';
import { jobRuns } from '../testing/job-apps.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * A portal installed on an empty database, as `npm start` does it, with the server's clock on several
 * days of the year: before a season, during one and after one. Its first edition is the coming one,
 * and no deadline job fires at the start for a date before the install; the jobs of the dates still
 * ahead run as in any season, and so does the catch-up after the server was down.
 */
describe('the first start of an empty database', () => {
  let t: TestApp | null = null;
  let sink: SmtpSink | null = null;

  afterEach(async () => {
    await t?.close();
    await sink?.close();
    t = null;
    sink = null;
  });

  /** A server started for the first time at `now`, its deadline jobs running as in production. */
  async function install(now: string): Promise<TestApp> {
    sink = await SmtpSink.start();
    t = await createTestApp({ now, firstStart: true, env: { JOBS_ENABLED: 'true', MAIL_URL: sink.url } });
    await t.app.get(JobsCron).whenIdle();
    return t;
  }

  const publicSettings = async (app: TestApp) => (await app.http().get('/api/settings').expect(200)).body.data;

  it('on 1 December, after a season: the next conference, its applications opening in the future, nothing run', async () => {
    const app = await install('2026-12-01T09:00:00.000Z');
    const settings = await publicSettings(app);
    expect(settings.edition).toMatchObject({ key: '2027', name: 'SIGGRAPH 2027' });
    expect(settings.conference).toMatchObject({ firstShiftDay: '2027-08-13', startDate: '2027-08-14', endDate: '2027-08-19' });
    expect(settings.timeline.applicationLaunchDate).toBe('2026-12-08T08:00:00.000Z');
    expect(settings.gates).toMatchObject({ beforeLaunch: true, applicationsOpen: false, schedulesOut: false });
    expect(settings.mailingListUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    expect(settings.programmeUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    expect(settings.resultTexts).toMatchObject({ studentVolunteerResults: 'late May 2027', confirmBy: 'late June' });
    expect(await jobRuns(app.dataSource)).toEqual([]);
    expect(sink!.messages).toHaveLength(0);
    // The admin panel's settings are the same edition, its contact address still the deployment's.
    const admin = await app.factories.admin();
    const stored = (await app.http().get('/api/admin/settings').set('Authorization', app.factories.auth(admin.user)).expect(200)).body;
    expect(stored).toMatchObject({ contactEmail: app.config.contactEmail, conference: { name: 'SIGGRAPH 2027' } });
  });

  it('before a season: that season’s conference, every date still ahead', async () => {
    const app = await install('2025-11-01T12:00:00.000Z');
    const settings = await publicSettings(app);
    expect(settings.edition).toMatchObject({ key: '2026', name: 'SIGGRAPH 2026' });
    const timeline = settings.timeline as Timeline;
    expect(TIMELINE_KEYS.filter((key) => Date.parse(timeline[key]) <= Date.parse('2025-11-01T12:00:00.000Z'))).toEqual([]);
    expect(await jobRuns(app.dataSource)).toEqual([]);
  });

  it('during a season: its conference, the dates already passed skipped and never run, the later ones run as usual', async () => {
    const app = await install('2027-03-15T12:00:00.000Z');
    const settings = await publicSettings(app);
    expect(settings.edition).toMatchObject({ key: '2027', name: 'SIGGRAPH 2027' });
    expect(settings.gates).toMatchObject({ afterApplicationDeadline: true, referencesOpen: true });
    const atInstall = await jobRuns(app.dataSource);
    expect(atInstall.map((run) => run.job).sort()).toEqual(
      ['application-deadline', 'application-reminder-1d', 'application-reminder-7d', 'references-request', 'team-leader-deadline'].sort(),
    );
    for (const run of atInstall) {
      expect(run.outcome).toBe('skipped');
      expect(run.message).toMatch(/^Not run: its date had passed when the portal was installed \(15 March 2027 at 12:00 UTC\)/);
    }
    expect(sink!.messages).toHaveLength(0);
    // Started again later, nothing of the install's past runs either.
    const jobs = app.app.get(JobsService);
    expect(await jobs.runDue()).toEqual([]);

    // The server is down across the references' reminders: both are caught up at the next look, once each.
    app.clock.set('2027-04-16T12:00:00.000Z');
    const caughtUp = await jobs.runDue();
    expect(caughtUp.map((run) => [run.job, run.outcome, run.triggeredBy])).toEqual([
      ['references-reminder-7d', 'skipped', 'catch-up'],
      ['references-reminder-1d', 'succeeded', 'catch-up'],
    ]);
    expect(await jobs.runDue()).toEqual([]);

    // A date that had passed at the install, moved by the organisers, is a new occurrence: it runs.
    const admin = await app.factories.admin();
    await app
      .http()
      .put('/api/admin/settings')
      .set('Authorization', app.factories.auth(admin.user))
      .send({ timeline: { teamLeaderEndDate: '2027-02-13T22:00:00.000Z' } })
      .expect(200);
    await app.app.get(JobsCron).whenIdle();
    const rearmed = (await jobRuns(app.dataSource)).filter((run) => run.job === 'team-leader-deadline');
    expect(rearmed.map((run) => [run.slot, run.outcome])).toEqual([
      ['2027-02-06T22:00:00.000Z', 'skipped'],
      ['2027-02-13T22:00:00.000Z', 'succeeded'],
    ]);
  });

  it('from the conference’s first day on: the next year’s', async () => {
    const app = await install('2027-08-13T08:00:00.000Z');
    expect((await publicSettings(app)).edition).toMatchObject({ key: '2028', name: 'SIGGRAPH 2028' });
  });

  it('happens once, and never on a database that already has people on it', async () => {
    const app = await install('2026-12-01T09:00:00.000Z');
    expect(await app.app.get(FirstEditionService).ensureComingEdition()).toBeNull();
    expect((await publicSettings(app)).edition.key).toBe('2027');

    // A portal running the default edition with its people, whose settings were never saved: it keeps its edition.
    await t!.close();
    t = await createTestApp({ now: '2026-12-01T09:00:00.000Z' });
    await t.factories.applicant();
    expect(await t.app.get(FirstEditionService).ensureComingEdition()).toBeNull();
    expect((await publicSettings(t)).edition.key).toBe('2026');
  });
});
