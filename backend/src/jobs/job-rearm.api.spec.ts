import { describe, expect, it } from '@jest/globals';
import type { Timeline } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { jobRuns, jobsWorld, jobWorldsHarness } from '../testing/job-apps.js';

const DAY = 24 * 3600_000;

/** The edition's real dates, all ahead of an install on 1 September 2026 (the application deadline in the same year). */
const NEXT_TIMELINE: Timeline = {
  applicationLaunchDate: '2026-09-01T08:00:00.000Z',
  teamLeaderEndDate: '2026-09-20T22:00:00.000Z',
  applicationEndDate: '2026-10-20T22:00:00.000Z',
  referencesDeadline: '2026-10-22T12:00:00.000Z',
  juryReleaseDate: '2026-10-22T17:00:00.000Z',
  juryDeadline: '2026-10-30T06:59:00.000Z',
  acceptanceDate: '2026-11-02T19:00:00.000Z',
  confirmationDeadline: '2026-11-20T06:59:00.000Z',
  schedulesReleaseDate: '2026-12-01T22:00:00.000Z',
};

/**
 * A fresh install started after its default timeline runs every job at once, with nobody to write
 * to; the organiser then sets the edition's real dates. Each job must run again at its new date
 * and send what it owes, and a date moved once more must send nobody the same message twice.
 */
describe('deadline jobs re-armed by a moved date', () => {
  const h = jobWorldsHarness();

  /** A subject without the conference's name in front: 'your application'. */
  const topic = (subject: string | undefined) => (subject ?? '').replace(/^.*Student Volunteers: /, '');
  const subjects = (who: CreatedUser) => h.sink.to(who.user.email).map((m) => topic(m.subject));

  it('runs every job again at the date it is moved to, and mails what each owes, once', async () => {
    // Installed on 1 September 2026: every date of the default timeline has passed.
    const w = await jobsWorld({ now: '2026-09-01T12:00:00.000Z', mailUrl: h.sink.url });
    h.worlds.push(w);
    const t = w.app;
    const installRuns = await t.jobs.runDue();
    expect(installRuns.map((r) => r.job).sort()).toEqual(
      [
        'application-deadline',
        'application-reminder-1d',
        'application-reminder-7d',
        'confirmation-deadline',
        'confirmation-reminder-1d',
        'confirmation-reminder-7d',
        'decisions-release',
        'references-reminder-1d',
        'references-reminder-7d',
        'references-request',
        'schedules-release',
        'team-leader-deadline',
      ].sort(),
    );
    expect(h.sink.messages).toHaveLength(0);

    const admin = await t.factories.admin();
    const timeline = NEXT_TIMELINE;
    // The organiser sets the real dates.
    await t.http().put('/api/admin/settings').set('Authorization', t.factories.auth(admin.user)).send({ timeline }).expect(200);

    const leader = await t.factories.applicant();
    await t.factories.application(leader.user, { completed: false, teamLeader: true });
    const [offered, waitlisted, rejected, confirmed] = [
      await t.factories.applicant(),
      await t.factories.applicant(),
      await t.factories.applicant(),
      await t.factories.applicant(),
    ];

    const at = async (iso: string) => {
      t.clock.set(iso);
      return (await t.jobs.runDue()).map((r) => `${r.job}:${r.outcome}`);
    };

    expect(await at(timeline.teamLeaderEndDate)).toEqual(['team-leader-deadline:succeeded']);
    expect(subjects(leader)).toEqual(['Team Leader applications have closed']);

    expect(await at(new Date(Date.parse(timeline.applicationEndDate) - 7 * DAY).toISOString())).toEqual([
      'application-reminder-7d:succeeded',
    ]);
    expect(await at(new Date(Date.parse(timeline.applicationEndDate) - DAY).toISOString())).toEqual(['application-reminder-1d:succeeded']);
    expect(subjects(leader)).toEqual([
      'Team Leader applications have closed',
      'applications close in 7 days',
      'applications close in 1 day',
    ]);

    await t.factories.application(offered.user, { completed: true, status: 'offered' });
    await t.factories.application(waitlisted.user, { completed: true, status: 'waitlisted' });
    await t.factories.application(rejected.user, { completed: true, status: 'rejected' });
    await t.factories.application(confirmed.user, { completed: true, status: 'confirmed' });
    expect(await at(timeline.applicationEndDate)).toEqual(['application-deadline:succeeded', 'references-request:succeeded']);

    // The 1-day reference reminder, caught up after references closed, is skipped.
    expect(await at(timeline.acceptanceDate)).toEqual(['references-reminder-1d:skipped', 'decisions-release:succeeded']);
    expect(subjects(offered)).toEqual(['you are offered a place']);
    expect(subjects(waitlisted)).toEqual(['your application']);
    expect(subjects(rejected)).toEqual(['your application']);

    expect(await at(new Date(Date.parse(timeline.confirmationDeadline) - 7 * DAY).toISOString())).toEqual([
      'confirmation-reminder-7d:succeeded',
    ]);
    expect(await at(new Date(Date.parse(timeline.confirmationDeadline) - DAY).toISOString())).toEqual([
      'confirmation-reminder-1d:succeeded',
    ]);
    expect(await at(timeline.confirmationDeadline)).toEqual(['confirmation-deadline:succeeded']);
    expect(subjects(offered)).toEqual([
      'you are offered a place',
      'confirm your place in 7 days',
      'confirm your place in 1 day',
      'your offer has lapsed',
    ]);

    expect(await at(timeline.schedulesReleaseDate)).toEqual(['schedules-release:succeeded']);
    expect(subjects(confirmed)).toEqual(['schedules are out']);

    // Moved once more after they ran: each runs again at its new date, and nobody gets a message twice.
    const late = await t.factories.applicant();
    await t.factories.application(late.user, { completed: true, status: 'waitlisted' });
    const moved = {
      acceptanceDate: '2026-12-02T19:00:00.000Z',
      confirmationDeadline: '2026-12-10T06:59:00.000Z',
      schedulesReleaseDate: '2026-12-20T22:00:00.000Z',
    };
    await t.http().put('/api/admin/settings').set('Authorization', t.factories.auth(admin.user)).send({ timeline: moved }).expect(200);
    h.sink.clear();
    expect(await at(moved.acceptanceDate)).toEqual(['decisions-release:succeeded']);
    // Caught up after their deadline, the reminders are skipped; the deadline and the schedules run.
    expect(await at(moved.schedulesReleaseDate)).toEqual([
      'confirmation-reminder-7d:skipped',
      'confirmation-reminder-1d:skipped',
      'confirmation-deadline:succeeded',
      'schedules-release:succeeded',
    ]);
    // Only the applicant decided since the first release hears anything; the rest already had their message.
    expect(h.sink.messages).toHaveLength(1);
    expect(subjects(late)).toEqual(['your application']);

    const decisionRuns = (await jobRuns(t.dataSource)).filter((r) => r.job === 'decisions-release');
    expect(decisionRuns.map((r) => [r.slot, r.counts?.mailsOwed])).toEqual([
      ['2026-05-21T19:00:00.000Z', 0],
      [timeline.acceptanceDate, 3],
      [moved.acceptanceDate, 1],
    ]);
  });

  it('sends a reminder again when its deadline moves, since it names the new date', async () => {
    const w = await jobsWorld({ now: '2026-09-01T12:00:00.000Z', mailUrl: h.sink.url });
    h.worlds.push(w);
    const t = w.app;
    const admin = await t.factories.admin();
    const applicationEndDate = '2026-10-20T22:00:00.000Z';
    await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', t.factories.auth(admin.user))
      .send({ timeline: NEXT_TIMELINE })
      .expect(200);
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { completed: false });
    t.clock.set(new Date(Date.parse(applicationEndDate) - DAY).toISOString());
    await t.jobs.runDue();
    expect(subjects(applicant)).toEqual(['applications close in 1 day']);

    // Extended by a day: the 1-day reminder comes again before the new deadline, naming it.
    const extended = '2026-10-21T22:00:00.000Z';
    await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', t.factories.auth(admin.user))
      .send({ timeline: { applicationEndDate: extended } })
      .expect(200);
    t.clock.set(new Date(Date.parse(extended) - DAY).toISOString());
    await t.jobs.runDue();
    const reminders = h.sink.to(applicant.user.email);
    expect(reminders.map((m) => topic(m.subject))).toEqual(['applications close in 1 day', 'applications close in 1 day']);
    expect(reminders[1]!.text).toContain('21 October 2026');

    // The server restarting at the same moment, or the job run by hand, sends nothing more.
    await t.http().post('/api/admin/jobs/application-reminder-1d/run').set('Authorization', t.factories.auth(admin.user)).expect(201);
    expect(h.sink.to(applicant.user.email)).toHaveLength(2);
  });
});
