import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DEFAULT_CONFERENCE, DEFAULT_TIMELINE, WAITLIST_OFFER_DAYS } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { JuryScore } from '../jury/jury-score.entity.js';
import type { ApplicationOptions, CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp } from '../testing/test-app.js';
import type { JobRun } from './job-run.entity.js';
import { JobsService } from './jobs.service.js';
import { jobRuns } from '../testing/job-apps.js';

const T = DEFAULT_TIMELINE;
const DAY = 24 * 3600 * 1000;
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const byJob = (runs: JobRun[], job: string) => {
  const run = runs.find((r) => r.job === job);
  if (!run) throw new Error(`${job} did not run; ran: ${runs.map((r) => r.job).join(', ')}`);
  return run;
};
const fullForm = { passportStatus: 'valid', shirtSize: 'm', diet: false, emailConsent: true, photoConsent: true, inPerson: true };

/** Each job's effect, on the default timeline, with the clock pinned: the suite calls what the timer calls. */
describe('deadline jobs: what each one does', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  afterAll(() => sink.close());

  async function world(now: string) {
    const t = await createTestApp({ now, env: { MAIL_URL: sink.url } });
    const applications = t.app.get<Repository<Application>>(getRepositoryToken(Application));
    return {
      t,
      runDue: () => t.app.get(JobsService).runDue(),
      applicant: async (options: ApplicationOptions | null = {}) => {
        const person = await t.factories.applicant();
        const application = options ? await t.factories.application(person.user, options) : null;
        return { ...person, application };
      },
      reload: (id: number) => applications.findOneByOrFail({ id }),
      applications,
      mailsTo: (who: CreatedUser) => sink.to(who.user.email),
    };
  }

  describe('team leader deadline', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world(before(T.teamLeaderEndDate, 60_000));
    });
    afterAll(() => w.t.close());

    it(
      'clears the TL option of every application not submitted, at the deadline and not a millisecond before, ' +
        'and tells those applicants',
      async () => {
        const open = await w.applicant({ completed: false, teamLeader: true });
        const openNoTl = await w.applicant({ completed: false, teamLeader: false });
        const submitted = await w.applicant({ completed: true, teamLeader: true });

        w.t.clock.set(before(T.teamLeaderEndDate, 1));
        expect(await w.runDue()).toEqual([]);
        expect((await w.reload(open.application!.id)).teamLeader).toBe(true);

        w.t.clock.set(T.teamLeaderEndDate);
        const [run] = await w.runDue();
        expect(run).toMatchObject({ job: 'team-leader-deadline', outcome: 'succeeded', triggeredBy: 'schedule' });
        expect(run!.counts).toMatchObject({ cleared: 1, mailsSent: 1, mailsOwed: 1 });
        expect((await w.reload(open.application!.id)).teamLeader).toBe(false);
        expect((await w.reload(submitted.application!.id)).teamLeader).toBe(true);

        const [mail] = w.mailsTo(open);
        expect(mail!.subject).toContain('Team Leader applications have closed');
        expect(mail!.text).toContain('28 February 2026 at 22:00 UTC');
        expect(mail!.text).toContain(`${w.t.config.publicUrl}/application`);
        expect(w.mailsTo(openNoTl)).toHaveLength(0);
        expect(w.mailsTo(submitted)).toHaveLength(0);

        const audit = await w.t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.update' AND entity_id = ?", [
          String(open.application!.id),
        ]);
        expect(audit).toHaveLength(1);
        expect(audit[0].actor_id).toBeNull();
        expect(JSON.parse(audit[0].after)).toEqual({ teamLeader: false, reason: 'deadline' });
      },
    );

    it('runs once: the next look at the clock changes and sends nothing', async () => {
      const sent = sink.messages.length;
      w.t.clock.advance(30_000);
      expect(await w.runDue()).toEqual([]);
      expect(sink.messages.length).toBe(sent);
      expect((await jobRuns(w.t.dataSource)).filter((r) => r.job === 'team-leader-deadline')).toHaveLength(1);
    });
  });

  describe('application reminders and the application deadline', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world(before(T.applicationEndDate, 8 * DAY));
    });
    afterAll(() => w.t.close());

    it('reminds applicants with an application in progress 7 days and 1 day before the deadline', async () => {
      const inProgress = await w.applicant({ completed: false });
      const submitted = await w.applicant({ completed: true });
      const notStarted = await w.applicant(null);

      w.t.clock.set(before(T.applicationEndDate, 7 * DAY));
      const seven = byJob(await w.runDue(), 'application-reminder-7d');
      expect(seven).toMatchObject({ outcome: 'succeeded' });
      expect(seven!.counts).toMatchObject({ inProgress: 1, mailsSent: 1 });
      expect(w.mailsTo(inProgress).map((m) => m.subject)).toEqual([expect.stringContaining('applications close in 7 days')]);

      w.t.clock.set(before(T.applicationEndDate, DAY));
      const [one] = await w.runDue();
      expect(one).toMatchObject({ job: 'application-reminder-1d', outcome: 'succeeded' });
      expect(w.mailsTo(inProgress).map((m) => m.subject)).toEqual([
        expect.stringContaining('applications close in 7 days'),
        expect.stringContaining('applications close in 1 day'),
      ]);
      expect(w.mailsTo(inProgress)[1]!.text).toContain('28 February 2026 at 22:00 UTC');
      expect(w.mailsTo(submitted)).toHaveLength(0);
      expect(w.mailsTo(notStarted)).toHaveLength(0);
    });

    it('locks every open application at the deadline: the API refuses to save it, even when the deadline is moved later', async () => {
      const admin = await w.t.factories.admin();
      const open = await w.applicant(null);
      const save = (auth: string, data: Record<string, unknown>) =>
        w.t.http().post('/api/application/save').set('Authorization', auth).send({ data });
      await save(open.auth, { step: 1, schoolName: 'Emily Carr University' }).expect(200);
      const submitted = await w.applicant({ completed: true });
      const submittedBefore = await w.reload(submitted.application!.id);

      w.t.clock.set(T.applicationEndDate);
      const [run] = await w.runDue();
      expect(run).toMatchObject({ job: 'application-deadline', outcome: 'succeeded' });
      // The reminders' applicant in progress and this one; the two submitted applications stay as they are.
      expect(run!.counts).toMatchObject({ locked: 2, submitted: 2 });
      const mine = await w.t.http().get(`/api/application/${open.user.id}`).set('Authorization', w.t.factories.auth(open.user)).expect(200);
      expect(mine.body.data).toMatchObject({ closed: true, completed: false });
      expect(await w.reload(submitted.application!.id)).toEqual(submittedBefore);

      const refused = await save(w.t.factories.auth(open.user), { schoolCity: 'Vancouver' }).expect(409);
      expect(refused.body.data).toEqual({ message: 'Applications have closed', err: 'DEADLINE_PASSED' });

      // The organisers extend the deadline by two weeks: a locked application stays locked; a new one may start.
      const extended = after(T.applicationEndDate, 14 * DAY);
      await w.t
        .http()
        .put('/api/admin/settings')
        .set('Authorization', w.t.factories.auth(admin.user))
        .send({ timeline: { applicationEndDate: extended } })
        .expect(200);
      w.t.clock.advance(60_000);
      expect((await save(w.t.factories.auth(open.user), { schoolCity: 'Vancouver' }).expect(409)).body.data.err).toBe('DEADLINE_PASSED');
      const late = await w.applicant(null);
      await save(late.auth, { step: 1, schoolName: 'SFU' }).expect(200);
      expect(await w.runDue()).toEqual([]);

      // …and at the new deadline the job runs again, closing only what is still open (the reminders of
      // the new date, caught up only now, are skipped: that deadline has passed).
      w.t.clock.set(extended);
      const again = await w.runDue();
      expect(again.map((r) => [r.job, r.slot, r.outcome])).toEqual([
        ['application-reminder-7d', before(extended, 7 * DAY), 'skipped'],
        ['application-reminder-1d', before(extended, DAY), 'skipped'],
        ['application-deadline', extended, 'succeeded'],
        ['references-request', extended, 'succeeded'],
      ]);
      expect(again[2]!.counts).toMatchObject({ locked: 1 });
      expect((await save(w.t.factories.auth(late.user), { schoolCity: 'Burnaby' }).expect(409)).body.data.err).toBe('DEADLINE_PASSED');
    });
  });

  describe('decisions', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world(before(T.acceptanceDate, 3600_000));
    });
    afterAll(() => w.t.close());

    it('emails every submitted applicant with a decision its outcome at the acceptance date, once', async () => {
      const offered = await w.applicant({ status: 'offered' });
      const waitlisted = await w.applicant({ status: 'waitlisted' });
      const rejected = await w.applicant({ status: 'rejected' });
      const undecided = await w.applicant({ status: 'pending' });
      const incomplete = await w.applicant({ completed: false });

      w.t.clock.set(T.acceptanceDate);
      const run = byJob(await w.runDue(), 'decisions-release');
      expect(run).toMatchObject({ outcome: 'succeeded' });
      expect(run!.counts).toMatchObject({ offered: 1, waitlisted: 1, rejected: 1, undecided: 1, mailsSent: 3 });

      const [offer] = w.mailsTo(offered);
      expect(offer!.subject).toContain('you are offered a place');
      expect(offer!.text).toContain('17 June 2026 at 06:59 UTC');
      expect(offer!.text).toContain(`${w.t.config.publicUrl}/confirmation`);
      expect(w.mailsTo(waitlisted)[0]!.text).toContain('you are on the waitlist');
      expect(w.mailsTo(rejected)[0]!.text).toContain('we cannot offer you a place this year');
      expect(w.mailsTo(undecided)).toHaveLength(0);
      expect(w.mailsTo(incomplete)).toHaveLength(0);

      w.t.clock.advance(3600_000);
      expect(await w.runDue()).toEqual([]);
      expect(w.mailsTo(offered)).toHaveLength(1);
    });
  });

  describe('decisions release: the place named in the offer', () => {
    let w: Awaited<ReturnType<typeof world>>;
    beforeAll(async () => {
      w = await world(before(T.acceptanceDate, 3600_000));
    });
    afterAll(() => w.t.close());

    it('names the place the applicant will confirm: Team Leader for a team leader whose TL option the deadline cleared', async () => {
      const leader = await w.t.factories.teamLeader();
      await w.t.factories.application(leader.user, { status: 'offered', teamLeader: false });
      const volunteer = await w.applicant({ status: 'offered' });

      w.t.clock.set(T.acceptanceDate);
      byJob(await w.runDue(), 'decisions-release');
      expect(w.mailsTo(leader)[0]!.text).toContain(`You are offered a place as a ${DEFAULT_CONFERENCE.name} Team Leader.`);
      expect(w.mailsTo(volunteer)[0]!.text).toContain(`You are offered a place as a ${DEFAULT_CONFERENCE.name} Student Volunteer.`);
    });
  });

  describe('confirmation reminders, the confirmation deadline and the waitlist', () => {
    let w: Awaited<ReturnType<typeof world>>;
    let admin: CreatedUser;
    let people: Record<
      'unconfirmed' | 'confirmed' | 'alsoUnconfirmed' | 'best' | 'second' | 'unscored',
      Awaited<ReturnType<typeof w.applicant>>
    >;
    beforeAll(async () => {
      w = await world(after(T.acceptanceDate, DAY));
      admin = await w.t.factories.admin();
      await w.t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ autoOfferWaitlist: true }).expect(200);
      people = {
        unconfirmed: await w.applicant({ status: 'offered' }),
        confirmed: await w.applicant({ status: 'confirmed' }),
        alsoUnconfirmed: await w.applicant({ status: 'offered' }),
        second: await w.applicant({ status: 'waitlisted' }),
        unscored: await w.applicant({ status: 'waitlisted' }),
        best: await w.applicant({ status: 'waitlisted' }),
      };
      const juror = await w.t.factories.teamLeader();
      const scores = w.t.app.get<Repository<JuryScore>>(getRepositoryToken(JuryScore));
      const score = (application: Application, essays: number) =>
        scores.insert({
          editionId: application.editionId,
          teamLeaderId: juror.user.id,
          applicationId: application.id,
          essay1: essays,
          essay2: essays,
          essay3: essays,
          overall: 1,
          redFlag: 0,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
      await score(people.best.application!, 5);
      await score(people.second.application!, 3);
      // The decisions went out already; this suite starts after them.
      w.t.clock.set(T.acceptanceDate);
      await w.runDue();
      sink.clear();
    });
    afterAll(() => w.t.close());

    it('reminds offered applicants who have not confirmed, 7 days and 1 day before the deadline', async () => {
      w.t.clock.set(before(T.confirmationDeadline, 7 * DAY));
      const [seven] = await w.runDue();
      expect(seven).toMatchObject({ job: 'confirmation-reminder-7d', outcome: 'succeeded' });
      expect(seven!.counts).toMatchObject({ unconfirmed: 2, mailsSent: 2 });
      expect(w.mailsTo(people.unconfirmed).map((m) => m.subject)).toEqual([expect.stringContaining('confirm your place in 7 days')]);
      const [reminder] = w.mailsTo(people.unconfirmed);
      expect(reminder!.text).toContain('Please confirm or decline it by 17 June 2026 at 06:59 UTC');
      expect(reminder!.text).toContain(`${w.t.config.publicUrl}/confirmation`);
      expect(w.mailsTo(people.confirmed)).toHaveLength(0);
      expect(w.mailsTo(people.best)).toHaveLength(0);

      w.t.clock.set(before(T.confirmationDeadline, DAY));
      const [one] = await w.runDue();
      expect(one).toMatchObject({ job: 'confirmation-reminder-1d', outcome: 'succeeded' });
      expect(w.mailsTo(people.alsoUnconfirmed).map((m) => m.subject)).toEqual([
        expect.stringContaining('in 7 days'),
        expect.stringContaining('confirm your place in 1 day'),
      ]);
    });

    it('declines unconfirmed offers at the deadline and offers the freed places to the best-scored waitlisted applicants', async () => {
      sink.clear();
      w.t.clock.set(T.confirmationDeadline);
      const [run] = await w.runDue();
      expect(run).toMatchObject({ job: 'confirmation-deadline', outcome: 'succeeded' });
      expect(run!.counts).toMatchObject({ declined: 2, offeredFromWaitlist: 2, waitlisted: 1, mailsSent: 4 });

      for (const who of [people.unconfirmed, people.alsoUnconfirmed]) {
        const application = await w.reload(who.application!.id);
        expect(application).toMatchObject({ status: 'declined', declineReason: 'deadline' });
        expect(application.declinedAt!.toISOString()).toBe(T.confirmationDeadline);
        expect(w.mailsTo(who).map((m) => m.subject)).toEqual([expect.stringContaining('your offer has lapsed')]);
        expect(w.mailsTo(who)[0]!.text).toContain('the offer has lapsed and your application is now marked as declined');
      }
      expect((await w.reload(people.confirmed.application!.id)).status).toBe('confirmed');

      const ownDeadline = after(T.confirmationDeadline, WAITLIST_OFFER_DAYS * DAY);
      for (const who of [people.best, people.second]) {
        const application = await w.reload(who.application!.id);
        expect(application.status).toBe('offered');
        expect(application.offerExpiresAt!.toISOString()).toBe(ownDeadline);
        const [mail] = w.mailsTo(who);
        expect(mail!.subject).toContain('a place is free for you');
        expect(mail!.text).toContain('24 June 2026 at 06:59 UTC');
      }
      expect((await w.reload(people.unscored.application!.id)).status).toBe('waitlisted');

      const audit = await w.t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.status' AND entity_id = ?", [
        String(people.best.application!.id),
      ]);
      expect(JSON.parse(audit.at(-1).after)).toMatchObject({ state: 'offered', reason: 'waitlist' });
      const lapsed = await w.t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.status' AND entity_id = ?", [
        String(people.unconfirmed.application!.id),
      ]);
      expect(JSON.parse(lapsed.at(-1).after)).toMatchObject({ state: 'declined', reason: 'deadline' });
    });

    it('lets a waitlist offer be confirmed until its own deadline, which the application shows', async () => {
      w.t.clock.set(after(T.confirmationDeadline, DAY));
      const auth = w.t.factories.auth(people.best.user);
      const mine = await w.t.http().get(`/api/application/${people.best.user.id}`).set('Authorization', auth).expect(200);
      expect(mine.body.data.confirm_by).toBe(after(T.confirmationDeadline, WAITLIST_OFFER_DAYS * DAY));
      await w.t.http().post('/api/users/confirm').set('Authorization', auth).send(fullForm).expect(200);
      // A place of the edition's round can no longer be confirmed.
      const late = await w.applicant({ status: 'offered' });
      const refused = await w.t
        .http()
        .post('/api/users/confirm')
        .set('Authorization', w.t.factories.auth(late.user))
        .send(fullForm)
        .expect(409);
      expect(refused.body.data.err).toBe('DEADLINE_PASSED');
    });

    it('at the own deadline of the waitlist offers, declines the unconfirmed one and offers its place to the next in line', async () => {
      sink.clear();
      w.t.clock.set(after(T.confirmationDeadline, WAITLIST_OFFER_DAYS * DAY));
      const runs = await w.runDue();
      expect(runs.map((r) => [r.job, r.slot])).toEqual([
        ['confirmation-deadline', after(T.confirmationDeadline, WAITLIST_OFFER_DAYS * DAY)],
      ]);
      // Declined: the second-best's waitlist offer, and the place offered after the edition's deadline above, which could not be confirmed.
      expect(runs[0]!.counts).toMatchObject({ declined: 2, offeredFromWaitlist: 1, waitlisted: 0 });
      expect((await w.reload(people.best.application!.id)).status).toBe('confirmed');
      expect(await w.reload(people.second.application!.id)).toMatchObject({ status: 'declined', declineReason: 'deadline' });
      expect((await w.reload(people.unscored.application!.id)).status).toBe('offered');
      expect(w.mailsTo(people.unscored)[0]!.subject).toContain('a place is free for you');
    });

    it('leaves the waitlist alone when automatic waitlist offers are off', async () => {
      const off = await world(before(T.confirmationDeadline, 3600_000));
      try {
        const offered = await off.applicant({ status: 'offered' });
        const waitlisted = await off.applicant({ status: 'waitlisted' });
        off.t.clock.set(T.confirmationDeadline);
        const runs = await off.runDue();
        const deadline = byJob(runs, 'confirmation-deadline');
        expect(deadline.counts).toMatchObject({ declined: 1, offeredFromWaitlist: 0, waitlisted: 1 });
        expect((await off.reload(offered.application!.id)).status).toBe('declined');
        expect((await off.reload(waitlisted.application!.id)).status).toBe('waitlisted');
      } finally {
        await off.t.close();
      }
    });
  });

  describe('schedules release', () => {
    it('tells every confirmed volunteer that schedules are out', async () => {
      const w = await world(before(T.schedulesReleaseDate, 3600_000));
      try {
        const confirmed = await w.applicant({ status: 'confirmed' });
        const declined = await w.applicant({ status: 'declined' });
        w.t.clock.set(T.schedulesReleaseDate);
        const runs = await w.runDue();
        const release = byJob(runs, 'schedules-release');
        expect(release).toMatchObject({ outcome: 'succeeded' });
        expect(release.counts).toMatchObject({ confirmed: 1, mailsSent: 1 });
        expect(w.mailsTo(confirmed).map((m) => m.subject)).toEqual([expect.stringContaining('schedules are out')]);
        expect(w.mailsTo(confirmed)[0]!.text).toContain('arrive at the SV Office 30 minutes before each shift');
        expect(w.mailsTo(declined)).toHaveLength(0);
      } finally {
        await w.t.close();
      }
    });
  });
});
