import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParsedMail } from 'mailparser';
import { parse } from 'csv-parse/sync';
import { DEFAULT_TIMELINE, REFERENCE_MESSAGES } from '@svp/domain';
import { JobsService } from '../jobs/jobs.service.js';
import { juryItemId, juryItemKey } from '../jury/jury-item-id.js';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData } from '../testing/fixtures.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const T = DEFAULT_TIMELINE;
const DAY = 24 * 3600_000;
const before = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const BOUNCE_SECRET = 'bounce-secret-for-the-tests-0123';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const ANSWER = {
  relationship: 'professor',
  knownFor: '2-5-years',
  ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 3 },
  statement: 'Always prepared and generous with classmates.',
};

/** The token of the reference link in an email. */
function tokenIn(mail: ParsedMail | undefined): string {
  const match = /\/reference\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No reference link in: ${mail?.text}`);
  return match[1]!;
}

/**
 * References from the request job to the jury, on one edition's timeline with the clock pinned:
 * each step builds on the one before, as the season would.
 */
describe('references collected from referees', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: CreatedUser;
  const people: Record<'ada' | 'blaise' | 'cara' | 'dorothy', { who: CreatedUser; applicationId: number }> = {} as never;
  const refId = async (name: keyof typeof people, slot: number) =>
    Number(
      (
        await t.dataSource.query('SELECT id FROM application_references WHERE application_id = ? AND slot = ?', [
          people[name].applicationId,
          slot,
        ])
      )[0].id,
    );
  const rowOf = async (id: number) => (await t.dataSource.query('SELECT * FROM application_references WHERE id = ?', [id]))[0];
  const as = (who: CreatedUser) => t.factories.auth(who.user);
  const referee = (token: string) => `/api/referee/${token}`;
  const runDue = () => t.app.get(JobsService).runDue();
  /** The link Dorothy's second referee got when applications closed. */
  let dorothySecondToken = '';

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ now: before(T.applicationEndDate, DAY), env: { MAIL_URL: sink.url, MAIL_BOUNCE_SECRET: BOUNCE_SECRET } });
    admin = await t.factories.admin();
    const make = async (firstName: string, lastName: string, first: string, second: string, completed = true) => {
      const who = await t.factories.applicant({ firstName, lastName });
      const application = await t.factories.application(who.user, {
        completed,
        data: completeApplicationData({ firstReferenceEmail: first, secondReferenceEmail: second }),
      });
      return { who, applicationId: application.id };
    };
    // Ivan Sutherland is named by Ada and by Blaise: two references, one email each.
    people.ada = await make('Ada', 'Lovelace', 'shared@example.edu', 'ada-second@example.com');
    people.blaise = await make('Blaise', 'Pascal', 'shared@example.edu', 'blaise-second@example.com');
    people.cara = await make('Cara', 'Draft', 'cara-first@example.edu', 'cara-second@example.com', false);
    people.dorothy = await make('Dorothy', 'Vaughan', 'nobody@example.edu', 'dorothy-second@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it(
    'before applications close, shows the applicant the two referees to be asked, ' + 'and nothing for an application not submitted',
    async () => {
      const mine = await t.http().get('/api/users/references').set('Authorization', as(people.ada.who)).expect(200);
      expect(mine.body).toEqual({
        success: true,
        data: {
          closesAt: T.referencesDeadline,
          requestsFrom: T.applicationEndDate,
          references: [
            {
              slot: 1,
              referenceType: 'professor',
              firstName: 'Ivan',
              lastName: 'Sutherland',
              email: 'shared@example.edu',
              state: null,
              stateLabel: 'Requested when applications close',
              requestedAt: null,
              answeredAt: null,
              canReplace: false,
            },
            {
              slot: 2,
              referenceType: 'supervisor',
              firstName: 'Evelyn',
              lastName: 'Berezin',
              email: 'ada-second@example.com',
              state: null,
              stateLabel: 'Requested when applications close',
              requestedAt: null,
              answeredAt: null,
              canReplace: false,
            },
          ],
        },
      });
      const draft = await t.http().get('/api/users/references').set('Authorization', as(people.cara.who)).expect(200);
      expect(draft.body.data.references).toEqual([]);
    },
  );

  it(
    'when applications close, asks each referee of each submitted application once: ' + 'a shared referee once per applicant, never twice',
    async () => {
      sink.refuse('nobody@example.edu', '5.1.1 nobody: no such mailbox');
      t.clock.set(T.applicationEndDate);
      const runs = await runDue();
      const run = runs.find((r) => r.job === 'references-request')!;
      expect(run).toMatchObject({ outcome: 'succeeded' });
      // Dorothy's first referee's mailbox does not exist: refused for good, recorded as failed.
      expect(run.counts).toMatchObject({
        applications: 3,
        referencesCreated: 6,
        referencesRequested: 6,
        mailsOwed: 6,
        mailsSent: 5,
        mailsFailed: 1,
        mailsPending: 0,
      });

      const shared = sink.to('shared@example.edu');
      expect(shared.map((m) => m.subject).sort()).toEqual([
        'Reference request for Ada Lovelace — SIGGRAPH 2026 Student Volunteers',
        'Reference request for Blaise Pascal — SIGGRAPH 2026 Student Volunteers',
      ]);
      const mail = shared.find((m) => m.subject!.includes('Ada'))!;
      expect(mail.text).toContain('Dear Ivan Sutherland,');
      expect(mail.text).toContain('SIGGRAPH 2026 Student Volunteer Program');
      expect(mail.text).toContain('10 April 2026 at 17:00 UTC');
      expect(mail.text).toContain('needs no account');
      expect(mail.text).toContain('Ada never sees your answer');
      expect(mail.text).toContain('Please do not name the applicant in your statement');
      expect(mail.text).toContain(`${t.config.publicUrl}/reference/${tokenIn(mail)}`);
      expect(sink.to('cara-first@example.edu')).toHaveLength(0);

      // Only the token's sha256 is stored, and the ledger holds the nonce, never the token.
      const token = tokenIn(mail);
      const stored = await rowOf(await refId('ada', 1));
      expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      const params = await t.dataSource.query("SELECT params FROM mail_sends WHERE kind = 'reference-request'");
      expect(params.map((p: { params: string }) => p.params).join(' ')).not.toContain(token);

      // The timer looks again, an administrator runs the job by hand: nobody gets a second request.
      t.clock.advance(60_000);
      expect(await runDue()).toEqual([]);
      const manual = await t.http().post('/api/admin/jobs/references-request/run').set('Authorization', as(admin)).expect(201);
      // The same occurrence run again: nothing made, nothing more owed.
      expect(manual.body).toMatchObject({ outcome: 'succeeded', triggeredBy: 'manual' });
      expect(manual.body.counts).toMatchObject({ referencesCreated: 6, mailsOwed: 6, mailsSent: 5 });
      expect(sink.to('shared@example.edu')).toHaveLength(2);
      expect(sink.to('ada-second@example.com')).toHaveLength(1);
      const [{ n }] = await t.dataSource.query("SELECT COUNT(*) AS n FROM mail_sends WHERE kind = 'reference-request'");
      expect(Number(n)).toBe(6);
    },
  );

  it('marks a referee the mail server refused as not reachable, with its answer, and shows the applicant', async () => {
    const row = await rowOf(await refId('dorothy', 1));
    expect(row.state).toBe('not-reachable');
    expect(row.unreachable_reason).toContain('no such mailbox');
    const [send] = await t.dataSource.query("SELECT status FROM mail_sends WHERE recipient = 'nobody@example.edu'");
    expect(send.status).toBe('failed');
    const mine = await t.http().get('/api/users/references').set('Authorization', as(people.dorothy.who)).expect(200);
    expect(
      mine.body.data.references.map((r: { state: string; stateLabel: string; canReplace: boolean }) => [
        r.state,
        r.stateLabel,
        r.canReplace,
      ]),
    ).toEqual([
      ['not-reachable', 'Not reachable', true],
      ['requested', 'Requested', false],
    ]);
  });

  it('opens the form from the link in the email, without an account', async () => {
    const token = tokenIn(sink.to('shared@example.edu').find((m) => m.subject!.includes('Ada')));
    const res = await t.http().get(referee(token)).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        applicant: { firstName: 'Ada', lastName: 'Lovelace' },
        programme: 'SIGGRAPH 2026 Student Volunteer Program',
        referee: { firstName: 'Ivan', lastName: 'Sutherland' },
        referenceType: 'professor',
        closesAt: T.referencesDeadline,
        state: 'requested',
        answer: null,
        answeredAt: null,
      },
    });
  });

  it("refuses a 301-word statement with the limit's message, names every missing field, and takes 300 words", async () => {
    const token = tokenIn(sink.to('shared@example.edu').find((m) => m.subject!.includes('Ada')));
    const long = await t
      .http()
      .put(referee(token))
      .send({ ...ANSWER, statement: words(301) })
      .expect(400);
    expect(long.body).toEqual({
      success: false,
      data: {
        message: 'The statement must be at most 300 words; it has 301. Shorten it by 1.',
        err: 'VALIDATION_FAILED',
        errors: { statement: 'The statement must be at most 300 words; it has 301. Shorten it by 1.' },
      },
    });
    const empty = await t
      .http()
      .put(referee(token))
      .send({ ratings: { reliability: 5, teamwork: 9 } })
      .expect(400);
    expect(empty.body.data.errors).toEqual({
      relationship: REFERENCE_MESSAGES.relationship,
      knownFor: REFERENCE_MESSAGES.knownFor,
      'ratings.teamwork': "Rate teamwork from 1 to 5, or choose 'Cannot judge'.",
      'ratings.communication': "Rate communication from 1 to 5, or choose 'Cannot judge'.",
      'ratings.initiative': "Rate initiative from 1 to 5, or choose 'Cannot judge'.",
      statement: REFERENCE_MESSAGES.statementMissing,
    });
    const ok = await t
      .http()
      .put(referee(token))
      .send({ ...ANSWER, statement: words(300) })
      .expect(200);
    expect(ok.body.data).toMatchObject({
      state: 'received',
      answer: { ...ANSWER, statement: words(300) },
      answeredAt: after(T.applicationEndDate, 60_000),
    });
  });

  it('lets the referee correct the answer with the same link until the closing date, but not decline it', async () => {
    const token = tokenIn(sink.to('shared@example.edu').find((m) => m.subject!.includes('Ada')));
    t.clock.advance(DAY);
    const corrected = await t.http().put(referee(token)).send(ANSWER).expect(200);
    expect(corrected.body.data.answer.statement).toBe(ANSWER.statement);
    const again = await t.http().get(referee(token)).expect(200);
    expect(again.body.data).toMatchObject({ state: 'received', answer: ANSWER });
    const decline = await t
      .http()
      .post(`${referee(token)}/decline`)
      .send({})
      .expect(409);
    expect(decline.body.data.err).toBe('REFERENCE_ANSWERED');
    expect((await rowOf(await refId('ada', 1))).average_rating).toBe(4);
  });

  it('never shows the applicant what a referee wrote', async () => {
    const mine = await t.http().get('/api/users/references').set('Authorization', as(people.ada.who)).expect(200);
    const text = JSON.stringify(mine.body);
    expect(mine.body.data.references[0]).toMatchObject({ state: 'received', stateLabel: 'Received' });
    expect(Object.keys(mine.body.data.references[0]).sort()).toEqual([
      'answeredAt',
      'canReplace',
      'email',
      'firstName',
      'lastName',
      'referenceType',
      'requestedAt',
      'slot',
      'state',
      'stateLabel',
    ]);
    for (const secret of [ANSWER.statement, 'ratings', 'relationship', 'knownFor', 'declineReason', '2-5-years'])
      expect(text).not.toContain(secret);
  });

  it('records a decline with its reason, after which the link is refused (410)', async () => {
    const token = tokenIn(sink.to('blaise-second@example.com')[0]);
    const tooLong = await t
      .http()
      .post(`${referee(token)}/decline`)
      .send({ reason: 'x'.repeat(1001) })
      .expect(400);
    expect(tooLong.body.data.errors).toEqual({ reason: REFERENCE_MESSAGES.declineReasonTooLong });
    const declined = await t
      .http()
      .post(`${referee(token)}/decline`)
      .send({ reason: 'I only met Blaise once.' })
      .expect(200);
    expect(declined.body).toEqual({ success: true, data: { state: 'declined' } });
    for (const call of [
      t.http().get(referee(token)),
      t.http().put(referee(token)).send(ANSWER),
      t
        .http()
        .post(`${referee(token)}/decline`)
        .send({}),
    ]) {
      const res = await call.expect(410);
      expect(res.body).toEqual({
        success: false,
        data: {
          message: 'You declined to give this reference. If this was a mistake, write to sv@siggraph.org.',
          err: 'REFERENCE_DECLINED',
        },
      });
    }
    const mine = await t.http().get('/api/users/references').set('Authorization', as(people.blaise.who)).expect(200);
    expect(JSON.stringify(mine.body)).not.toContain('only met');
  });

  it('refuses a guessed or malformed link, and one replaced by a new request (401), and a withdrawn one (410)', async () => {
    const invalid = {
      success: false,
      data: {
        message: 'This reference link is not valid. Use the newest link from your email, copied whole.',
        err: 'REFERENCE_LINK_INVALID',
      },
    };
    for (const guess of ['A'.repeat(43), 'abc', `${'b'.repeat(42)}!`, tokenIn(sink.to('shared@example.edu')[0]).slice(0, 42)]) {
      expect((await t.http().get(referee(guess)).expect(401)).body).toEqual(invalid);
    }
    // Blaise's first referee is asked again by an administrator: a new link; the old one is dead.
    const blaiseFirst = await refId('blaise', 1);
    const oldToken = tokenIn(sink.to('shared@example.edu').find((m) => m.subject!.includes('Blaise')));
    await t.http().get(referee(oldToken)).expect(200);
    const resent = await t.http().post(`/api/admin/references/${blaiseFirst}/resend`).set('Authorization', as(admin)).expect(200);
    expect(resent.body).toMatchObject({ state: 'requested', requestNo: 2 });
    const requests = sink.to('shared@example.edu').filter((m) => m.subject!.includes('Blaise'));
    expect(requests).toHaveLength(2);
    const newToken = tokenIn(requests[1]);
    expect(newToken).not.toBe(oldToken);
    expect((await t.http().put(referee(oldToken)).send(ANSWER).expect(401)).body).toEqual(invalid);
    await t.http().get(referee(newToken)).expect(200);

    const withdrawn = await t.http().post(`/api/admin/references/${blaiseFirst}/withdraw`).set('Authorization', as(admin)).expect(200);
    expect(withdrawn.body).toMatchObject({ state: 'withdrawn', withdrawnAt: expect.any(String) });
    const refused = await t.http().get(referee(newToken)).expect(410);
    expect(refused.body).toEqual({
      success: false,
      data: { message: 'The organisers withdrew this reference request. There is nothing more to do.', err: 'REFERENCE_WITHDRAWN' },
    });
    await t.http().put(referee(newToken)).send(ANSWER).expect(410);
    // A received or declined reference is not asked again.
    const answered = await t
      .http()
      .post(`/api/admin/references/${await refId('ada', 1)}/resend`)
      .set('Authorization', as(admin))
      .expect(409);
    expect(answered.body).toMatchObject({ err: 'REFERENCE_ANSWERED' });
  });

  it('marks a later bounce as not reachable with the webhook, which needs its secret', async () => {
    dorothySecondToken = tokenIn(sink.to('dorothy-second@example.com')[0]);
    const bounce = { recipient: 'DOROTHY-second@example.com', reason: '550 5.1.1 mailbox unavailable' };
    await t.http().post('/api/references/bounces').send(bounce).expect(401);
    await t.http().post('/api/references/bounces').set('Authorization', 'Bearer not-the-secret').send(bounce).expect(401);
    const bad = await t
      .http()
      .post('/api/references/bounces')
      .set('Authorization', `Bearer ${BOUNCE_SECRET}`)
      .send({ reason: 'x' })
      .expect(400);
    expect(bad.body.data.errors).toHaveProperty('recipient');
    const res = await t.http().post('/api/references/bounces').set('Authorization', `Bearer ${BOUNCE_SECRET}`).send(bounce).expect(200);
    expect(res.body).toEqual({ success: true, data: { marked: 1 } });
    const row = await rowOf(await refId('dorothy', 2));
    expect([row.state, row.unreachable_reason]).toEqual(['not-reachable', '550 5.1.1 mailbox unavailable']);
    // Nothing is waiting for that address any more.
    expect(
      (await t.http().post('/api/references/bounces').set('Authorization', `Bearer ${BOUNCE_SECRET}`).send(bounce).expect(200)).body.data,
    ).toEqual({ marked: 0 });
  });

  it('reminds a week before the closing date only the referees who have not answered', async () => {
    sink.clear();
    t.clock.set(before(T.referencesDeadline, 7 * DAY));
    const run = (await runDue()).find((r) => r.job === 'references-reminder-7d')!;
    expect(run).toMatchObject({ outcome: 'succeeded' });
    expect(run.counts).toMatchObject({ waiting: 1, mailsSent: 1 });
    // Ada's second referee is still waiting; received, declined, withdrawn and unreachable ones are not reminded.
    expect(sink.messages.map((m) => [m.to && (Array.isArray(m.to) ? m.to[0] : m.to).text, m.subject])).toEqual([
      ['ada-second@example.com', 'Reminder: reference for Ada Lovelace closes in 7 days'],
    ]);
    const token = tokenIn(sink.messages[0]);
    await t.http().get(referee(token)).expect(200);
  });

  it('lets the applicant give another referee for one not reachable, and only for that one', async () => {
    const dorothy = people.dorothy.who;
    const replace = (who: CreatedUser, slot: string, body: object) =>
      t.http().put(`/api/users/references/${slot}`).set('Authorization', as(who)).send(body);
    const grace = { referenceType: 'mentor', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' };

    expect((await replace(dorothy, '1', { ...grace, email: dorothy.user.email.toUpperCase() }).expect(400)).body.data.errors).toEqual({
      email: REFERENCE_MESSAGES.selfReference,
    });
    expect((await replace(dorothy, '1', { ...grace, email: 'dorothy-second@example.com' }).expect(400)).body.data.errors).toEqual({
      email: 'This is the email address of your other referee. Name two different people.',
    });
    expect(
      (await replace(dorothy, '1', { ...grace, email: 'not an email', referenceType: 'cousin' }).expect(400)).body.data.errors,
    ).toEqual({
      referenceType: 'Choose how the referee knows you: one of the listed types.',
      email: "Enter the referee's email address, like name@example.edu.",
    });
    await replace(dorothy, '3', grace).expect(400);

    const res = await replace(dorothy, '1', grace).expect(200);
    expect(res.body.data.references[0]).toMatchObject({
      slot: 1,
      ...grace,
      state: 'requested',
      stateLabel: 'Requested',
      canReplace: false,
    });
    const [request] = sink.to('grace@example.org');
    expect(request!.subject).toBe('Reference request for Dorothy Vaughan — SIGGRAPH 2026 Student Volunteers');
    await t
      .http()
      .get(referee(tokenIn(request)))
      .expect(200);
    // The application names who was asked now; the change is in the audit log.
    const [application] = await t.dataSource.query('SELECT data FROM applications WHERE id = ?', [people.dorothy.applicationId]);
    expect(JSON.parse(application.data)).toMatchObject({
      firstReferenceFirstName: 'Grace',
      firstReferenceEmail: 'grace@example.org',
      firstReferenceType: 'mentor',
    });
    const audit = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'reference.replace'");
    expect(audit).toHaveLength(1);
    expect(Number(audit[0].actor_id)).toBe(dorothy.user.id);
    expect(JSON.parse(audit[0].before)).toMatchObject({ email: 'nobody@example.edu', state: 'not-reachable' });

    // Once asked, the referee can answer: no second replacement; another applicant's slot is never this one.
    expect((await replace(dorothy, '1', { ...grace, email: 'ada@example.org' }).expect(409)).body.data.err).toBe(
      'REFERENCE_NOT_REPLACEABLE',
    );
    expect((await replace(people.ada.who, '2', grace).expect(409)).body.data.err).toBe('REFERENCE_NOT_REPLACEABLE');
    expect((await replace(people.blaise.who, '1', grace).expect(409)).body.data.err).toBe('REFERENCE_NOT_REPLACEABLE');
    expect((await replace(people.cara.who, '1', grace).expect(404)).body.data.err).toBe('NOT_FOUND');
    expect((await rowOf(await refId('dorothy', 1))).referee_email).toBe('grace@example.org');

    // Grace answers: Dorothy's average is 3.
    await t
      .http()
      .put(referee(tokenIn(request)))
      .send({ ...ANSWER, ratings: { reliability: 3, teamwork: 3, communication: 3, initiative: 3 } })
      .expect(200);
  });

  it('lets an administrator read, correct and resend, every change audit-logged', async () => {
    const id = await refId('dorothy', 2);
    const list = await t
      .http()
      .get('/api/admin/references')
      .query({ filter: JSON.stringify({ applicationId: people.ada.applicationId }) })
      .set('Authorization', as(admin))
      .expect(200);
    expect(list.headers['content-range']).toBe('references 0-1/2');
    expect(list.body[0]).toMatchObject({
      applicationId: people.ada.applicationId,
      slot: 1,
      referenceType: 'professor',
      firstName: 'Ivan',
      email: 'shared@example.edu',
      state: 'received',
      requestNo: 1,
      ...ANSWER,
      averageRating: 4,
      declineReason: null,
      mails: [
        { kind: 'reference-request', status: 'sent', recipient: 'shared@example.edu', sentAt: T.applicationEndDate, lastError: null },
      ],
    });
    expect(list.body[1].mails.map((m: { kind: string }) => m.kind)).toEqual(['reference-request', 'reference-reminder']);
    const byState = await t
      .http()
      .get('/api/admin/references')
      .query({ filter: JSON.stringify({ state: 'declined' }) })
      .set('Authorization', as(admin))
      .expect(200);
    expect(byState.body).toEqual([
      expect.objectContaining({ applicationId: people.blaise.applicationId, declineReason: 'I only met Blaise once.' }),
    ]);
    await t
      .http()
      .get('/api/admin/references')
      .query({ filter: JSON.stringify({ state: 'lost' }) })
      .set('Authorization', as(admin))
      .expect(400);
    const failed = await t
      .http()
      .get(`/api/admin/references/${await refId('dorothy', 1)}`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(failed.body.mails[0]).toMatchObject({
      status: 'failed',
      recipient: 'nobody@example.edu',
      lastError: expect.stringContaining('no such mailbox'),
    });

    // A corrected address gets a new link; nothing is sent until the administrator sends it again.
    const oldToken = dorothySecondToken;
    await t.http().get(referee(oldToken)).expect(200);
    sink.clear();
    const corrected = await t
      .http()
      .put(`/api/admin/references/${id}`)
      .set('Authorization', as(admin))
      .send({ email: 'katherine@example.org', firstName: 'Katherine' })
      .expect(200);
    expect(corrected.body).toMatchObject({ email: 'katherine@example.org', firstName: 'Katherine', state: 'not-reachable', requestNo: 1 });
    expect(sink.messages).toHaveLength(0);
    await t.http().get(referee(oldToken)).expect(401);
    await t.http().put(`/api/admin/references/${id}`).set('Authorization', as(admin)).send({ email: 'nope' }).expect(400);
    const resent = await t.http().post(`/api/admin/references/${id}/resend`).set('Authorization', as(admin)).expect(200);
    expect(resent.body).toMatchObject({ state: 'requested', requestNo: 2, unreachableReason: null });
    const [mail] = sink.to('katherine@example.org');
    expect(mail!.text).toContain('Dear Katherine Berezin,');
    await t
      .http()
      .get(referee(tokenIn(mail)))
      .expect(200);

    const audit = await t.dataSource.query(
      "SELECT action, actor_id FROM audit_log WHERE entity = 'reference' AND actor_id IS NOT NULL ORDER BY id",
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'reference.resend',
      'reference.withdraw',
      'reference.replace',
      'reference.update',
      'reference.resend',
    ]);
    await t.http().get('/api/admin/references/999999').set('Authorization', as(admin)).expect(404);
  });

  it('filters the applications list by reference state and rating, with the reference columns, and exports them', async () => {
    const list = (filter: object) =>
      t
        .http()
        .get('/api/admin/applications')
        .query({ filter: JSON.stringify(filter) })
        .set('Authorization', as(admin))
        .expect(200);
    const names = (res: { body: { firstName: string }[] }) => res.body.map((r) => r.firstName);
    expect(names(await list({ referenceState: 'received' }))).toEqual(['Ada', 'Dorothy']);
    expect(names(await list({ referenceState: 'declined' }))).toEqual(['Blaise']);
    expect(names(await list({ referenceState: 'none' }))).toEqual(['Cara']);
    expect(names(await list({ minReferenceRating: 3.5 }))).toEqual(['Ada']);
    expect(names(await list({ minReferenceRating: 3 }))).toEqual(['Ada', 'Dorothy']);
    const all = await list({});
    expect(
      all.body.map((r: { firstName: string; referencesReceived: number; referenceRating: number | null }) => [
        r.firstName,
        r.referencesReceived,
        r.referenceRating,
      ]),
    ).toEqual([
      ['Ada', 1, 4],
      ['Blaise', 0, null],
      ['Cara', 0, null],
      ['Dorothy', 1, 3],
    ]);
    await t
      .http()
      .get('/api/admin/applications')
      .query({ filter: JSON.stringify({ referenceState: 'lost' }) })
      .set('Authorization', as(admin))
      .expect(400);
    await t
      .http()
      .get('/api/admin/applications')
      .query({ filter: JSON.stringify({ minReferenceRating: 9 }) })
      .set('Authorization', as(admin))
      .expect(400);

    const csv = await t
      .http()
      .get('/api/admin/applications/export.csv')
      .query({ filter: JSON.stringify({ referenceState: 'received' }) })
      .set('Authorization', as(admin))
      .expect(200);
    const [header, ...rows] = parse(csv.text.replace(/^\uFEFF/, '')) as string[][];
    expect(header!.slice(8, 13)).toEqual([
      'Processing Status',
      'First Reference State',
      'Second Reference State',
      'References Received',
      'Average Reference Rating',
    ]);
    expect(rows.map((r) => [r[0], ...r.slice(9, 13)])).toEqual([
      ['Ada', 'Received', 'Requested', '1', '4.00'],
      ['Dorothy', 'Received', 'Requested', '1', '3.00'],
    ]);
  });

  it('reminds a day before only those still waiting, and refuses every link once references have closed (410)', async () => {
    sink.clear();
    t.clock.set(before(T.referencesDeadline, DAY));
    const run = (await runDue()).find((r) => r.job === 'references-reminder-1d')!;
    expect(run.counts).toMatchObject({ waiting: 2, mailsSent: 2 });
    expect(sink.messages.map((m) => m.subject).sort()).toEqual([
      'Reminder: reference for Ada Lovelace closes in 1 day',
      'Reminder: reference for Dorothy Vaughan closes in 1 day',
    ]);
    const waiting = tokenIn(sink.to('ada-second@example.com')[0]);

    t.clock.set(T.referencesDeadline);
    const closed = {
      success: false,
      data: {
        message: 'References for this application closed on 10 April 2026 at 17:00 UTC. Thank you for your time.',
        err: 'REFERENCE_CLOSED',
      },
    };
    expect((await t.http().get(referee(waiting)).expect(410)).body).toEqual(closed);
    expect((await t.http().put(referee(waiting)).send(ANSWER).expect(410)).body).toEqual(closed);
    const resend = await t
      .http()
      .post(`/api/admin/references/${await refId('ada', 2)}/resend`)
      .set('Authorization', as(admin))
      .expect(409);
    expect(resend.body.err).toBe('REFERENCE_CLOSED');
    // The applicant's view stays, without an offer to replace anyone.
    const mine = await t.http().get('/api/users/references').set('Authorization', as(people.ada.who)).expect(200);
    expect(mine.body.data.references.map((r: { canReplace: boolean }) => r.canReplace)).toEqual([false, false]);
  });

  it("shows the jury the received references only with the setting on, without the referee's name, email or type", async () => {
    const leader = await t.factories.teamLeader();
    await t.http().post('/api/jury/assign-jury').set('Authorization', as(admin)).send({ TLsPerApp: 1 }).expect(200);
    t.clock.set(after(T.juryReleaseDate, 60_000));
    // The jury knows the application by the opaque id of the leader's list, never by the applicant's user id.
    const listed = (await t.http().get(`/api/jury/tl-assignments/${leader.user.id}`).set('Authorization', as(leader)).expect(200)).body.data
      .assignments;
    const [ada] = await t.dataSource.query('SELECT id, edition_id FROM applications WHERE user_id = ?', [people.ada.who.user.id]);
    const adaItem = juryItemId(juryItemKey(t.config.jwtSecret), Number(ada.edition_id), leader.user.id, Number(ada.id));
    expect(listed.map((item: { student_volunteer_id: string }) => item.student_volunteer_id)).toContain(adaItem);
    await t.http().get(`/api/application/${people.ada.who.user.id}`).set('Authorization', as(leader)).expect(403);
    const read = () => t.http().get(`/api/application/${adaItem}`).set('Authorization', as(leader)).expect(200);
    const off = await read();
    expect(off.body.data.data).not.toHaveProperty('references');
    expect(Object.keys(off.body.data.data).sort()).toEqual(['essay1', 'essay2', 'essay3']);

    await t.http().put('/api/admin/settings').set('Authorization', as(admin)).send({ juryReferences: true }).expect(200);
    const on = await read();
    expect(on.body.data.data.references).toEqual([
      { relationship: 'professor', knownFor: '2-5-years', ratings: ANSWER.ratings, averageRating: 4, statement: ANSWER.statement },
    ]);
    const text = JSON.stringify(on.body);
    for (const identity of ['Ivan', 'Sutherland', 'shared@example.edu', 'Evelyn', 'referenceType', 'email'])
      expect(text).not.toContain(identity);
  });

  it('counts the references in the jury statistics', async () => {
    const res = await t.http().get('/api/jury/statistics').set('Authorization', as(admin)).expect(200);
    expect(res.body.data.references).toEqual({ requested: 2, received: 2, declined: 1, notReachable: 0, withdrawn: 1, averageRating: 3.5 });
  });
});
