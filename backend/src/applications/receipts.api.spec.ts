import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MailLedgerService, RECEIPT_SWEEP_AFTER_MS } from '../mail/mail-ledger.service.js';
import { MailService } from '../mail/mail.service.js';
import { completeApplicationData, pdfBytes } from '../testing/fixtures.js';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { uploadProof } from '../testing/uploads.js';

const DECISIONS_OUT = '2026-06-01T12:00:00.000Z';
const CONFIRMATION = { passportStatus: 'valid', shirtSize: 'm', diet: false, emailConsent: true, photoConsent: true, inPerson: true };

/** Receipts: the applicant's own actions answered by an email, exactly once, through the mail ledger. */
describe('receipts for a submitted application and a confirmed place', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: sink.url } });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    sink.clear();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const save = (who: CreatedUser, body: Record<string, unknown>) =>
    t.http().post('/api/application/save').set('Authorization', t.factories.auth(who.user)).send(body);
  const subjects = (who: CreatedUser) => sink.to(who.user.email).map((m) => (m.subject ?? '').replace(/^.*Student Volunteers: /, ''));
  const ledger = async (who: CreatedUser) =>
    (await t.dataSource.query('SELECT kind, status, job_run_id FROM mail_sends WHERE user_id = ? ORDER BY id', [who.user.id])) as {
      kind: string;
      status: string;
      job_run_id: number | null;
    }[];

  /** Uploads a proof, fills every answer, then submits: the submission's answer. */
  async function submit(who: CreatedUser, flags: { team_leader?: boolean } = {}) {
    await uploadProof(t, who, pdfBytes());
    const essays = flags.team_leader ? { teamLeaderEssay1: 'I led a team.', teamLeaderEssay2: 'I organised a festival.' } : {};
    const filled = await save(who, { data: { ...completeApplicationData(essays), step: 7 }, ...flags }).expect(200);
    return save(who, { data: { step: 7 }, completed: true, updated_at: filled.body.data.updated_at }).expect(200);
  }

  it('tells the applicant what was received, when, what happens next and where to see it, once', async () => {
    t.clock.set('2026-01-20T09:30:00.000Z');
    const ada = await t.factories.applicant({ firstName: 'Ada' });
    await submit(ada, { team_leader: true });

    const mail = await sink.waitFor(ada.user.email, /we received your application/);
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('Student Volunteer application and your Team Leader application on 20 January 2026 at 09:30 UTC.');
    expect(mail.text).toContain(
      'mid-February 2026 about your Team Leader application, and late May 2026 about your Student Volunteer application',
    );
    expect(mail.text).toMatch(/http:\/\/[^\s]+\/application\/view/);
    // The ledger marks it sent just after the mail server took it.
    for (let i = 0; i < 500 && (await ledger(ada))[0]?.status !== 'sent'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await ledger(ada)).toEqual([{ kind: 'application-received', status: 'sent', job_run_id: null }]);

    // The same submission again (a double click) is refused, and nothing more is sent.
    await save(ada, { data: { step: 7 }, completed: true }).expect(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subjects(ada)).toEqual(['we received your application']);
  });

  it('sends no receipt for a draft save or a refused submission', async () => {
    const ben = await t.factories.applicant();
    await save(ben, { data: { schoolName: 'UBC' } }).expect(200);
    await save(ben, { data: {}, completed: true }).expect(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.to(ben.user.email)).toEqual([]);
    expect(await ledger(ben)).toEqual([]);
  });

  it('keeps a receipt the mail server refused, and sends it once later, however many servers sweep', async () => {
    const cleo = await t.factories.applicant();
    const mailer = t.app.get(MailService);
    jest.spyOn(mailer, 'send').mockRejectedValueOnce(new Error('421 Service not available'));
    // The submission itself is saved whatever the mail server says.
    const submitted = await submit(cleo);
    expect(submitted.body.data.completed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ledger(cleo)).toEqual([{ kind: 'application-received', status: 'pending', job_run_id: null }]);

    const sweeper = t.app.get(MailLedgerService);
    expect(await sweeper.sweepReceipts()).toBe(0); // too recent: the request's own send may still be under way
    t.clock.advance(RECEIPT_SWEEP_AFTER_MS + 1);
    const swept = await Promise.all([sweeper.sweepReceipts(), sweeper.sweepReceipts()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    await sink.waitFor(cleo.user.email, /we received your application/);
    expect(await sweeper.sweepReceipts()).toBe(0);
    expect(subjects(cleo)).toEqual(['we received your application']);
  });

  it('confirms a place with a receipt naming the role, the days, the hours and the schedules date, once', async () => {
    t.clock.set(DECISIONS_OUT);
    const dev = await t.factories.applicant({ firstName: 'Dev' });
    await t.factories.application(dev.user, { status: 'offered' });
    const confirm = () => t.http().post('/api/users/confirm').set('Authorization', t.factories.auth(dev.user)).send(CONFIRMATION);
    await confirm().expect(200);
    const mail = await sink.waitFor(dev.user.email, /your place is confirmed/);
    expect(mail.text).toContain('Your place as a SIGGRAPH 2026 Student Volunteer is confirmed.');
    expect(mail.text).toContain(
      'You serve in person from 8 to 13 August 2026, about 25 hours. Schedules are released on 5 August 2026 at 22:00 UTC',
    );

    // The same answers again are no change, and send nothing.
    await confirm().expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(subjects(dev)).toEqual(['your place is confirmed']);
  });

  it('writes no receipt when the confirmation is refused', async () => {
    t.clock.set(DECISIONS_OUT);
    const eve = await t.factories.applicant();
    await t.factories.application(eve.user, { status: 'offered' });
    await t
      .http()
      .post('/api/users/confirm')
      .set('Authorization', t.factories.auth(eve.user))
      .send({ ...CONFIRMATION, inPerson: false })
      .expect(400);
    expect(await ledger(eve)).toEqual([]);
  });
});
