import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import type { AudienceNode, AudiencePreview, MessageDetail, MessagePreview, MessageRecipientRow, ReceivedMessage } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { MailSend } from '../mail/mail-send.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { User } from '../users/user.entity.js';
import { MAX_ATTEMPTS, MessageOutbox, RETRY_AFTER_MS } from './message-outbox.js';
import { Message } from './message.entity.js';

/**
 * Organisers' messages on a small programme worked out by hand. Shifts (Pacific), on Monday
 * 10 August: Registration 08:00–12:00 (Ann) and 13:00–17:00 (Bo); Night Desk on Tuesday 11 August
 * 09:00–13:00 (Bo). Cy leads Registration. Statuses (catalogue A): Ann, Bo and Cy confirmed; Dee
 * offered, form not sent, a team-leader applicant; Eve waitlisted with financial aid; Fay pending.
 * Ann also asked for financial aid. Gus never verified his email: never a recipient.
 */
describe('messages to volunteers', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedUser;
  const people: Record<string, CreatedUser> = {};
  const venues: Record<string, number> = {};
  const shifts: Record<string, number> = {};

  const adminCall = (method: 'get' | 'post', path: string) =>
    t.http()[method](`/api/admin/messages${path}`).set('Authorization', t.factories.auth(admin.user));
  const names = (preview: AudiencePreview) => preview.recipients.map((r) => r.name.split(' ')[0]).sort();
  const count = async (audience: AudienceNode) => names((await adminCall('post', '/audience').send({ audience }).expect(200)).body);
  const outbox = () => t.app.get(MessageOutbox);
  const ledger = () => t.app.get<Repository<MailSend>>(getRepositoryToken(MailSend));
  const send = async (body: object) => (await adminCall('post', '').send(body).expect(201)).body as MessageDetail;
  const detail = async (id: number) => (await adminCall('get', `/${id}`).expect(200)).body as MessageDetail;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({
      now: '2026-08-07T12:00:00.000Z',
      env: { MAIL_URL: sink.url, PUBLIC_URL: 'https://portal.example.org', MAIL_RATE_PER_SECOND: '1000' },
    });
    admin = await t.factories.admin({ firstName: 'Olga', lastName: 'Organiser' });
    const person = async (
      key: string,
      firstName: string,
      options: Parameters<typeof t.factories.application>[1] | null,
      extra: { role?: 'Team-Leader'; verified?: boolean } = {},
    ) => {
      people[key] = await t.factories.user({ firstName, lastName: `${firstName}son`, email: `${key}@example.edu`, ...extra });
      if (options) await t.factories.application(people[key].user, options);
    };
    await person('ann', 'Ann', { status: 'confirmed', statusTag: 'SV', financialAid: true });
    await person('bo', 'Bo', { status: 'confirmed', statusTag: 'SV' });
    await person('cy', 'Cy', { status: 'confirmed', statusTag: 'TL', teamLeader: true }, { role: 'Team-Leader' });
    await person('dee', 'Dee', { status: 'offered', teamLeader: true });
    await person('eve', 'Eve', { status: 'waitlisted', financialAid: true });
    await person('fay', 'Fay', { status: 'pending', completed: false });
    await person('gus', 'Gus', { status: 'confirmed' }, { verified: false });
    const applications = t.app.get<Repository<Application>>(getRepositoryToken(Application));
    for (const key of ['ann', 'bo', 'cy'])
      await applications.update({ userId: people[key].user.id }, { confirmedAt: new Date('2026-06-01T00:00:00Z') });

    const adminPost = async (path: string, body: object) =>
      (await t.http().post(`/api/admin/${path}`).set('Authorization', t.factories.auth(admin.user)).send(body).expect(201)).body;
    venues.registration = (
      await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [people.cy.user.id] })
    ).id;
    venues.nightDesk = (await adminPost('venues', { name: 'Night Desk', location: 'East Lobby', teamLeaderIds: [] })).id;
    const shift = async (key: string, venue: string, startTime: string, endTime: string, volunteers: string[]) => {
      shifts[key] = (await adminPost('shifts', { venueId: venues[venue], startTime, endTime, role: 'Greeter', svSlots: 2 })).id;
      for (const v of volunteers) await adminPost('shift-assignments', { shiftId: shifts[key], volunteerId: people[v].user.id });
    };
    await shift('regMorning', 'registration', '2026-08-10 08:00', '2026-08-10 12:00', ['ann']);
    await shift('regAfternoon', 'registration', '2026-08-10 13:00', '2026-08-10 17:00', ['bo']);
    await shift('night', 'nightDesk', '2026-08-11 09:00', '2026-08-11 13:00', ['bo']);
    // Schedules are out, so each assignment above owes its volunteer a schedule-changed email, sent after
    // the answer: wait until they have gone, so that no test below counts them among its own.
    for (let waited = 0; waited < 20_000; waited += 50) {
      const [{ owed }] = (await t.dataSource.query(
        "SELECT COUNT(*) AS owed FROM mail_sends WHERE kind = 'schedule-changed' AND status IN ('pending', 'sending')",
      )) as { owed: number | string }[];
      if (Number(owed) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  beforeEach(() => sink.clear());

  describe('segments', () => {
    it('count exactly the people each fact describes, and never an unverified account', async () => {
      expect(await count({ kind: 'status', statusId: 2 })).toEqual(['Ann', 'Bo', 'Cy']);
      expect(await count({ kind: 'status', statusId: 1 })).toEqual(['Dee']);
      expect(await count({ kind: 'status', statusId: 5 })).toEqual(['Eve']);
      expect(await count({ kind: 'status', statusId: null })).toEqual(['Fay']);
      expect(await count({ kind: 'role', role: 'Team-Leader' })).toEqual(['Cy']);
      expect(await count({ kind: 'role', role: 'Student-Volunteer' })).toEqual(['Ann', 'Bo', 'Dee', 'Eve', 'Fay', 'Olga']);
      expect(await count({ kind: 'teamLeaderApplicants' })).toEqual(['Cy', 'Dee']);
      expect(await count({ kind: 'financialAidApplicants' })).toEqual(['Ann', 'Eve']);
      expect(await count({ kind: 'confirmed' })).toEqual(['Ann', 'Bo', 'Cy']);
      expect(await count({ kind: 'confirmationIncomplete' })).toEqual(['Dee']);
      expect(await count({ kind: 'venue', venueId: venues.registration })).toEqual(['Ann', 'Bo', 'Cy']);
      expect(await count({ kind: 'venue', venueId: venues.nightDesk })).toEqual(['Bo']);
      expect(await count({ kind: 'day', day: '2026-08-10' })).toEqual(['Ann', 'Bo']);
      expect(await count({ kind: 'day', day: '2026-08-10', startsBefore: '12:00' })).toEqual(['Ann']);
      expect(await count({ kind: 'day', day: '2026-08-10', startsFrom: '12:00' })).toEqual(['Bo']);
      expect(await count({ kind: 'day', day: '2026-08-11', venueId: venues.registration })).toEqual([]);
      expect(await count({ kind: 'shift', shiftId: shifts.night })).toEqual(['Bo']);
    });

    it('combine with and/or, nested', async () => {
      expect(await count({ op: 'or', parts: [{ kind: 'financialAidApplicants' }, { kind: 'teamLeaderApplicants' }] })).toEqual([
        'Ann',
        'Cy',
        'Dee',
        'Eve',
      ]);
      expect(
        await count({
          op: 'and',
          parts: [
            { kind: 'confirmed' },
            { op: 'or', parts: [{ kind: 'venue', venueId: venues.nightDesk }, { kind: 'financialAidApplicants' }] },
          ],
        }),
      ).toEqual(['Ann', 'Bo']);
      expect(await count({ op: 'and', parts: [{ kind: 'teamLeaderApplicants' }, { kind: 'confirmed' }] })).toEqual(['Cy']);
    });

    it('list each recipient with SV ID, email and status, and say the audience in words', async () => {
      const preview = (
        await adminCall('post', '/audience')
          .send({ audience: { op: 'and', parts: [{ kind: 'confirmed' }, { kind: 'venue', venueId: venues.nightDesk }] } })
          .expect(200)
      ).body as AudiencePreview;
      expect(preview.count).toBe(1);
      expect(preview.recipients).toEqual([
        { id: people.bo.user.id, name: 'Bo Boson', svid: people.bo.user.svid, email: 'bo@example.edu', status: 'Confirmed' },
      ]);
      expect(preview.description).toBe('confirmed volunteers and venue Night Desk');
    });

    it('refuse a malformed audience with a sentence naming what to fix', async () => {
      const refused = async (audience: unknown) => (await adminCall('post', '/audience').send({ audience }).expect(400)).body;
      expect((await refused({ kind: 'everyone' })).errors.audience).toMatch(/Unknown segment 'everyone'/);
      expect((await refused({ kind: 'status', statusId: 42 })).errors.audience).toBe('Pick a status of the edition’s catalogue.');
      expect((await refused({ op: 'xor', parts: [{ kind: 'confirmed' }] })).errors.audience).toMatch(/'and' or 'or'/);
      expect((await refused({ kind: 'day', day: '10/08/2026' })).errors.audience).toBe('Give the day as YYYY-MM-DD.');
      expect((await refused('confirmed')).errors.audience).toMatch(/segment or a group/);
    });
  });

  describe('writing', () => {
    it('refuses an unknown merge field before anything is sent, naming the fields that exist', async () => {
      const response = await adminCall('post', '')
        .send({ subject: 'Hello {firstName}', body: 'Your shift: {nxtShift}', audience: { kind: 'confirmed' } })
        .expect(400);
      expect(response.body.errors.body).toMatch(/^Unknown merge field \{nxtShift\}: use one of \{firstName\}, /);
      expect((await adminCall('get', '').expect(200)).body).toEqual([]);
      expect(await ledger().countBy({ kind: 'message' })).toBe(0);
    });

    it('refuses an empty audience and a banner date in the past', async () => {
      const empty = await adminCall('post', '')
        .send({ subject: 'Hi', body: 'Hello', audience: { kind: 'shift', shiftId: 99999 } })
        .expect(400);
      expect(empty.body.message).toBe('Nobody is in this audience now: change the segments before sending.');
      const past = await adminCall('post', '')
        .send({ subject: 'Hi', body: 'Hello', audience: { kind: 'confirmed' }, bannerUntil: '2026-08-01T00:00:00Z' })
        .expect(400);
      expect(past.body.errors.bannerUntil).toBe('The banner must be shown until a moment in the future.');
    });

    it('previews the message as its first recipient gets it: values escaped, raw HTML shown as text, links absolute', async () => {
      const users = t.app.get<Repository<User>>(getRepositoryToken(User));
      await users.update({ id: people.ann.user.id }, { firstName: '<b>Ann</b> & *co*' });
      try {
        const preview = (
          await adminCall('post', '/preview')
            .send({
              subject: 'For {firstName}',
              body: 'Hi **{firstName}**, <script>alert(1)</script>\n\n[Your schedule](/schedule/sv) · next: {nextShift}',
              audience: { kind: 'shift', shiftId: shifts.regMorning },
            })
            .expect(200)
        ).body;
        expect(preview.recipient.id).toBe(people.ann.user.id);
        expect(preview.subject).toBe('For <b>Ann</b> & *co*');
        expect(preview.html).toContain('<strong>&lt;b&gt;Ann&lt;/b&gt; &amp; *co*</strong>');
        expect(preview.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(preview.html).not.toContain('<script>');
        expect(preview.html).toContain('<a href="https://portal.example.org/schedule/sv">Your schedule</a>');
        expect(preview.html).toContain('next: Greeter at Registration, Mon Aug 10th 08:00–12:00');
        expect(preview.text).toContain('Your schedule (https://portal.example.org/schedule/sv)');
      } finally {
        await users.update({ id: people.ann.user.id }, { firstName: 'Ann' });
      }
    });

    it('sends a test to the writer only, with their own values, at once', async () => {
      const answer = (await adminCall('post', '/test').send({ subject: 'Trial for {firstName}', body: 'Status: {status}' }).expect(200))
        .body;
      expect(answer).toEqual({ sentTo: admin.user.email });
      const mail = await sink.waitFor(admin.user.email, /\[Test\] Trial for Olga/);
      expect(mail.text).toContain('Status: No application');
      expect(sink.messages).toHaveLength(1);
    });
  });

  describe('sending', () => {
    it('reaches each recipient exactly once, with their own values, in plain text and HTML, and keeps the record', async () => {
      const message = await send({
        subject: 'Tomorrow, {firstName}',
        body: 'Hi {firstName} ({svid}),\n\n- next: {nextShift}\n- hours: {scheduledHours}\n\nSee [your schedule]({scheduleUrl}).',
        audience: { kind: 'confirmed' },
      });
      expect(message).toMatchObject({ state: 'sending', recipients: 3, counts: { queued: 3, sent: 0 }, audience: 'confirmed volunteers' });

      expect(await outbox().drain()).toBe(3);
      expect(await outbox().drain()).toBe(0);
      expect(sink.messages).toHaveLength(3);
      for (const key of ['ann', 'bo', 'cy']) expect(sink.to(`${key}@example.edu`)).toHaveLength(1);
      const bo = sink.to('bo@example.edu')[0];
      expect(bo.subject).toBe('Tomorrow, Bo');
      expect(bo.text).toContain(`Hi Bo (${people.bo.user.svid}),`);
      expect(bo.text).toContain('- next: Greeter at Registration, Mon Aug 10th 13:00–17:00');
      expect(bo.text).toContain('- hours: 8');
      expect(bo.text).toContain('The SIGGRAPH 2026 Student Volunteers team');
      expect(bo.html).toContain('<a href="https://portal.example.org/schedule/sv">your schedule</a>');
      expect(sink.to('cy@example.edu')[0].html).toContain('https://portal.example.org/schedule/tl');

      const done = await detail(message.id);
      expect(done).toMatchObject({ state: 'sent', counts: { queued: 0, sent: 3, failed: 0 }, secondsLeft: null });
      expect(done.finishedAt).not.toBeNull();
      const recipients = (await adminCall('get', `/${message.id}/recipients`).expect(200)).body as MessageRecipientRow[];
      expect(recipients.map((r) => [r.email, r.state])).toEqual([
        ['ann@example.edu', 'sent'],
        ['bo@example.edu', 'sent'],
        ['cy@example.edu', 'sent'],
      ]);
      const audit = await t.app
        .get<Repository<AuditEntry>>(getRepositoryToken(AuditEntry))
        .findBy({ action: 'message.sent', entityId: String(message.id) });
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ subject: 'Tomorrow, {firstName}', recipients: 3 });
    });

    it('fills the schedule fields from the day a message is about, as the preview showed, even once that day is over', async () => {
      // Bo works Registration on Monday and Night Desk on Tuesday: to Tuesday's volunteers, his shift is Tuesday's.
      const tuesday = 'Greeter at Night Desk, Tue Aug 11th 09:00–13:00';
      const text = { subject: 'Tuesday: {nextShift}', body: 'Hi {firstName},\n\n- shift: {nextShift}\n- hours: {scheduledHours}' };
      const audience = { kind: 'day', day: '2026-08-11' };
      const preview = (
        await adminCall('post', '/preview')
          .send({ ...text, audience })
          .expect(200)
      ).body as MessagePreview;
      expect(preview.recipient?.id).toBe(people.bo.user.id);
      expect(preview.subject).toBe(`Tuesday: ${tuesday}`);
      expect(preview.text).toContain(`- shift: ${tuesday}\n- hours: 4`);

      const message = await send({ ...text, audience });
      expect(message.recipients).toBe(1);
      expect(await outbox().drain()).toBe(1);
      const [mail] = sink.to('bo@example.edu');
      expect(mail.subject).toBe(preview.subject);
      expect(mail.text).toContain(`- shift: ${tuesday}\n- hours: 4`);
      expect(mail.text).not.toContain('Mon Aug 10th');
      const mine = (await t.http().get('/api/messages').set('Authorization', t.factories.auth(people.bo.user)).expect(200)).body.data
        .messages as ReceivedMessage[];
      expect(mine.find((m) => m.id === message.id)?.subject).toBe(`Tuesday: ${tuesday}`);

      // A thank-you the day after still names Tuesday's shift, not 'No upcoming shift'.
      sink.clear();
      t.clock.set('2026-08-12T20:00:00.000Z');
      try {
        await send({ subject: 'Thank you', body: 'Thanks for {nextShift} ({scheduledHours} h).', audience });
        await outbox().drain();
        expect(sink.to('bo@example.edu')[0].text).toContain(`Thanks for ${tuesday} (4 h).`);
      } finally {
        t.clock.set('2026-08-07T12:00:00.000Z');
      }
    });

    it("fills the schedule fields from a venue's shifts in a message to its volunteers", async () => {
      await send({
        subject: 'Night Desk',
        body: 'Next: {nextShift}. Hours: {scheduledHours}.',
        audience: { kind: 'venue', venueId: venues.nightDesk },
      });
      await outbox().drain();
      expect(sink.to('bo@example.edu')[0].text).toContain('Next: Greeter at Night Desk, Tue Aug 11th 09:00–13:00. Hours: 4.');
    });

    it('stops when cancelled, sends nobody twice when resumed', async () => {
      const message = await send({
        subject: 'Lunch',
        body: 'Lunch is at noon.',
        audience: { op: 'or', parts: [{ kind: 'confirmed' }, { kind: 'status', statusId: 1 }] },
      });
      const cancelled = (await adminCall('post', `/${message.id}/cancel`).expect(200)).body as MessageDetail;
      expect(cancelled).toMatchObject({ state: 'cancelled', counts: { queued: 0, cancelled: 4 } });
      expect(await outbox().drain()).toBe(0);
      expect(sink.messages).toHaveLength(0);
      expect((await adminCall('post', `/${message.id}/cancel`).expect(409)).body.message).toBe(
        'Nothing is waiting to be sent: every recipient has had their turn.',
      );
      // A cancelled message is not among a recipient's messages.
      const before = (await t.http().get('/api/messages').set('Authorization', t.factories.auth(people.dee.user)).expect(200)).body.data
        .messages as ReceivedMessage[];
      expect(before.map((m) => m.subject)).not.toContain('Lunch');

      expect((await adminCall('post', `/${message.id}/resume`).expect(200)).body).toMatchObject({
        state: 'sending',
        counts: { queued: 4, cancelled: 0 },
      });
      expect(await outbox().drain()).toBe(4);
      expect(await outbox().drain()).toBe(0);
      expect(sink.messages.map((m) => m.subject)).toEqual(['Lunch', 'Lunch', 'Lunch', 'Lunch']);
      expect(new Set(sink.messages.map((m) => (m.to as { text: string }).text)).size).toBe(4);
      expect((await adminCall('post', `/${message.id}/resume`).expect(409)).body.err).toBe('NOTHING_TO_RESUME');
    });

    it('marks a recipient refused for good as failed with the server’s answer, and can send it again', async () => {
      sink.refuse('eve@example.edu', 'Mailbox eve does not exist');
      const message = await send({ subject: 'Waitlist news', body: 'Hello', audience: { kind: 'financialAidApplicants' } });
      await outbox().drain();
      const failed = (
        await adminCall('get', `/${message.id}/recipients`)
          .query({ filter: JSON.stringify({ state: 'failed' }) })
          .expect(200)
      ).body as MessageRecipientRow[];
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ email: 'eve@example.edu', state: 'failed' });
      expect(failed[0].error).toContain('Mailbox eve does not exist');
      expect(await detail(message.id)).toMatchObject({ state: 'sent', counts: { sent: 1, failed: 1 } });

      sink.accept('eve@example.edu');
      expect(
        (
          await adminCall('post', `/${message.id}/retry`)
            .send({ include: ['failed'] })
            .expect(200)
        ).body.counts,
      ).toMatchObject({ queued: 1, failed: 0 });
      expect(await outbox().drain()).toBe(1);
      expect(sink.to('eve@example.edu')).toHaveLength(1);
      expect(sink.to('ann@example.edu')).toHaveLength(1);
      expect(
        (
          await adminCall('post', `/${message.id}/retry`)
            .send({ include: ['failed'] })
            .expect(409)
        ).body.err,
      ).toBe('NOTHING_TO_RETRY');
    });

    it('tries a recipient turned away for now again later, and fails them after the last attempt', async () => {
      sink.defer('dee@example.edu', 'Mailbox full');
      const message = await send({
        subject: 'Please confirm',
        body: 'Confirm by {confirmBy}',
        audience: { kind: 'confirmationIncomplete' },
      });
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        await outbox().drain();
        const [row] = (await adminCall('get', `/${message.id}/recipients`).expect(200)).body as MessageRecipientRow[];
        expect(row).toMatchObject({ state: 'queued', attempts: attempt });
        expect(row.error).toContain('Mailbox full');
        // Not tried again before its time.
        expect(await outbox().drain()).toBe(0);
        expect((await adminCall('get', `/${message.id}/recipients`).expect(200)).body[0].attempts).toBe(attempt);
        t.clock.advance(RETRY_AFTER_MS * attempt);
      }
      await outbox().drain();
      expect((await adminCall('get', `/${message.id}/recipients`).expect(200)).body[0]).toMatchObject({
        state: 'failed',
        attempts: MAX_ATTEMPTS,
      });
      expect(sink.to('dee@example.edu')).toHaveLength(0);
      t.clock.set('2026-08-07T12:00:00.000Z');
    });

    it('queues a recipient a stopped server left mid-send only when asked, and only once the send is surely over', async () => {
      const message = await send({ subject: 'Interrupted', body: 'Hello', audience: { kind: 'shift', shiftId: shifts.night } });
      // As a server that claimed the email and stopped before it finished.
      await ledger().update({ messageId: message.id, kind: 'message' }, { status: 'sending', claimedAt: t.clock.now(), attempts: 1 });
      expect(await outbox().drain()).toBe(0);
      expect(
        (
          await adminCall('post', `/${message.id}/retry`)
            .send({ include: ['failed'] })
            .expect(409)
        ).body.err,
      ).toBe('NOTHING_TO_RETRY');
      expect(
        (
          await adminCall('post', `/${message.id}/retry`)
            .send({ include: ['sending'] })
            .expect(409)
        ).body.err,
      ).toBe('NOTHING_TO_RETRY');
      t.clock.advance(3 * 60_000);
      expect(
        (
          await adminCall('post', `/${message.id}/retry`)
            .send({ include: ['failed', 'sending'] })
            .expect(200)
        ).body.counts,
      ).toMatchObject({ queued: 1, sending: 0 });
      expect(await outbox().drain()).toBe(1);
      expect(sink.to('bo@example.edu').map((m) => m.subject)).toEqual(['Interrupted']);
      t.clock.set('2026-08-07T12:00:00.000Z');
    });
  });

  describe('what recipients see', () => {
    it('lists their messages made for them, shows a banner until its date or until dismissed', async () => {
      const message = await send({
        subject: 'Welcome {firstName}',
        body: 'Doors open at **8**.',
        audience: { kind: 'venue', venueId: venues.nightDesk },
        bannerUntil: '2026-08-09T00:00:00Z',
      });
      await outbox().drain();
      const bo = t.factories.auth(people.bo.user);
      const mine = (await t.http().get('/api/messages').set('Authorization', bo).expect(200)).body.data.messages as ReceivedMessage[];
      expect(mine[0]).toMatchObject({
        id: message.id,
        subject: 'Welcome Bo',
        from: 'The SIGGRAPH 2026 Student Volunteers team',
        bannerUntil: '2026-08-09T00:00:00.000Z',
        dismissed: false,
      });
      expect(mine[0].html).toContain('Doors open at <strong>8</strong>.');

      const ann = t.factories.auth(people.ann.user);
      expect(
        ((await t.http().get('/api/messages').set('Authorization', ann).expect(200)).body.data.messages as ReceivedMessage[]).map(
          (m) => m.id,
        ),
      ).not.toContain(message.id);
      expect((await t.http().post(`/api/messages/${message.id}/dismiss`).set('Authorization', ann).expect(404)).body.data.message).toBe(
        'There is no such message among the ones sent to you.',
      );

      expect((await t.http().post(`/api/messages/${message.id}/dismiss`).set('Authorization', bo).expect(200)).body.data).toEqual({
        dismissed: true,
      });
      await t.http().post(`/api/messages/${message.id}/dismiss`).set('Authorization', bo).expect(200);
      const after = (await t.http().get('/api/messages').set('Authorization', bo).expect(200)).body.data.messages as ReceivedMessage[];
      expect(after.find((m) => m.id === message.id)?.dismissed).toBe(true);
    });

    it('keeps volunteers and team leaders out of the organisers’ routes', async () => {
      for (const caller of [people.ann, people.cy]) {
        await t
          .http()
          .post('/api/admin/messages/audience')
          .set('Authorization', t.factories.auth(caller.user))
          .send({ audience: { kind: 'confirmed' } })
          .expect(403);
        await t
          .http()
          .post('/api/admin/messages')
          .set('Authorization', t.factories.auth(caller.user))
          .send({ subject: 'x', body: 'y', audience: { kind: 'confirmed' } })
          .expect(403);
        await t.http().get('/api/admin/messages').set('Authorization', t.factories.auth(caller.user)).expect(403);
      }
      await t.http().get('/api/messages').expect(401);
    });
  });

  describe('team leaders', () => {
    const leader = (method: 'get' | 'post', path = '') =>
      t.http()[method](`/api/messages/team${path}`).set('Authorization', t.factories.auth(people.cy.user));

    it('see the venues they lead with their shifts', async () => {
      const { venues: led } = (await leader('get', '/venues').expect(200)).body.data;
      expect(led).toEqual([
        {
          id: venues.registration,
          name: 'Registration',
          shifts: [
            { id: shifts.regMorning, label: 'Greeter at Registration, Mon Aug 10th 08:00–12:00', day: '2026-08-10' },
            { id: shifts.regAfternoon, label: 'Greeter at Registration, Mon Aug 10th 13:00–17:00', day: '2026-08-10' },
          ],
        },
      ]);
    });

    it('write only to the volunteers of their own venue, with the organisers in copy', async () => {
      const audience = async (body: object) => names((await leader('post', '/audience').send(body).expect(200)).body.data);
      expect(await audience({ venueId: venues.registration })).toEqual(['Ann', 'Bo']);
      expect(await audience({ venueId: venues.registration, day: '2026-08-10' })).toEqual(['Ann', 'Bo']);
      expect(await audience({ venueId: venues.registration, shiftId: shifts.regAfternoon })).toEqual(['Bo']);
      const outside = await leader('post', '/audience').send({ venueId: venues.nightDesk }).expect(403);
      expect(outside.body.data).toMatchObject({
        err: 'NOT_YOUR_VENUE',
        message: 'You can only write to the volunteers of a venue you lead.',
      });
      expect(
        (await leader('post', '/audience').send({ venueId: venues.registration, shiftId: shifts.night }).expect(400)).body.data.errors
          .shiftId,
      ).toBe('That shift is not one of the venue’s.');
      await leader('post').send({ venueId: venues.nightDesk, subject: 'Hi', body: 'Hello' }).expect(403);

      const created = (
        await leader('post')
          .send({
            venueId: venues.registration,
            shiftId: shifts.regMorning,
            subject: 'Morning crew',
            body: 'Meet me at the door, {firstName}.',
          })
          .expect(201)
      ).body.data as MessageDetail;
      expect(created).toMatchObject({
        recipients: 1,
        author: { kind: 'team-leader', name: 'Cy Cyson' },
        organisersCopy: 'sv@siggraph.org',
      });
      await outbox().drain();
      const ann = sink.to('ann@example.edu');
      expect(ann).toHaveLength(1);
      expect(ann[0].text).toContain('Meet me at the door, Ann.');
      expect(ann[0].text).toContain('Cy Cyson, team leader of Registration');
      const copy = sink.to('sv@siggraph.org');
      expect(copy).toHaveLength(1);
      expect(copy[0].subject).toBe('Copy: Morning crew');
      expect(copy[0].text).toContain('A copy for the organisers: Cy Cyson, team leader of Registration wrote to 1 volunteer');
      expect(sink.messages).toHaveLength(2);

      const mine = (await leader('get').expect(200)).body.data.messages;
      expect(mine.map((m: { id: number; counts: { sent: number } }) => [m.id, m.counts.sent])).toEqual([[created.id, 1]]);
      // The organisers see it too.
      expect(((await adminCall('get', '').expect(200)).body as { id: number }[]).map((m) => m.id)).toContain(created.id);
    });

    it('fill the schedule fields from the venue they write to', async () => {
      // Bo also works Night Desk, which Cy does not lead: his hours here are Registration's only.
      await leader('post')
        .send({ venueId: venues.registration, subject: 'Registration', body: 'Next here: {nextShift}. Hours here: {scheduledHours}.' })
        .expect(201);
      await outbox().drain();
      expect(sink.to('bo@example.edu')[0].text).toContain('Next here: Greeter at Registration, Mon Aug 10th 13:00–17:00. Hours here: 4.');
      expect(sink.to('ann@example.edu')[0].text).toContain('Next here: Greeter at Registration, Mon Aug 10th 08:00–12:00. Hours here: 4.');
    });

    it('cannot write before schedules are out, and volunteers cannot write at all', async () => {
      t.clock.set('2026-08-01T12:00:00.000Z');
      try {
        expect((await leader('post', '/audience').send({ venueId: venues.registration }).expect(403)).body.data.message).toMatch(
          /schedules/i,
        );
      } finally {
        t.clock.set('2026-08-07T12:00:00.000Z');
      }
      await t
        .http()
        .post('/api/messages/team/audience')
        .set('Authorization', t.factories.auth(people.ann.user))
        .send({ venueId: venues.registration })
        .expect(403);
      await t.http().get('/api/messages/team/venues').set('Authorization', t.factories.auth(people.ann.user)).expect(403);
    });
  });

  describe('what a message costs, whatever it says', () => {
    const messageRows = () => t.app.get<Repository<Message>>(getRepositoryToken(Message));
    const mine = async (who: CreatedUser) =>
      (await t.http().get('/api/messages').set('Authorization', t.factories.auth(who.user)).expect(200)).body.data
        .messages as ReceivedMessage[];
    // Bodies of 20,000 characters that each took 0.2–1.9 s to render, for every recipient and every read.
    const hostile: [string, string, RegExp][] = [
      ['addresses', 'http://a.'.repeat(2222), /2,222 web or email addresses.*at most 200/],
      ['emphasis', '*a'.repeat(10_000), /10,000 emphasis marks.*at most 1,000/],
      ['links', '['.repeat(20_000), /20,000 '\[' or '<': at most 200/],
    ];

    it.each(hostile)(
      'refuses a body over the %s limit with 400 naming the limit, from organisers and team leaders',
      async (_limit, body, named) => {
        const messagesBefore = await messageRows().count();
        const refused = await adminCall('post', '')
          .send({ subject: 'Hi', body, audience: { kind: 'confirmed' } })
          .expect(400);
        expect(refused.body).toMatchObject({ err: 'MARKDOWN_LIMIT' });
        expect(refused.body.errors.body).toMatch(named);
        expect(refused.body.message).toBe(refused.body.errors.body);
        const preview = await adminCall('post', '/preview').send({ subject: 'Hi', body }).expect(400);
        expect(preview.body.err).toBe('MARKDOWN_LIMIT');
        const team = await t
          .http()
          .post('/api/messages/team')
          .set('Authorization', t.factories.auth(people.cy.user))
          .send({ venueId: venues.registration, subject: 'Hi', body })
          .expect(400);
        expect(team.body.data).toMatchObject({ err: 'MARKDOWN_LIMIT', errors: { body: expect.stringMatching(named) } });
        expect(await messageRows().count()).toBe(messagesBefore);
      },
    );

    it("renders a message once, when it is written, and fills every copy from that rendering (emails, the recipients' list)", async () => {
      const message = await send({
        subject: 'Kept {firstName}',
        body: 'Hi **{firstName}**, see {scheduleUrl}.',
        audience: { kind: 'venue', venueId: venues.registration },
      });
      const row = await messageRows().findOneByOrFail({ id: message.id });
      // Rendered without anyone's values: a slot stands where each goes.
      expect(row.renderedHtml).toContain('<strong>\u0001firstName\u0002</strong>');
      expect(row.renderedHtml).not.toContain('Ann');
      expect(row.renderedText).toBe('Hi \u0001firstName\u0002, see \u0001scheduleUrl\u0002.');
      // What is served is the kept rendering, not the Markdown parsed again.
      await messageRows().update(
        { id: message.id },
        { renderedHtml: '<p>As kept, for \u0001firstName\u0002</p>', renderedText: 'As kept, for \u0001firstName\u0002' },
      );
      expect(await outbox().drain()).toBe(3);
      expect(sink.to('ann@example.edu')[0].html).toContain('<p>As kept, for Ann</p>');
      expect(sink.to('bo@example.edu')[0].text).toContain('As kept, for Bo');
      expect((await mine(people.bo)).find((m) => m.id === message.id)?.html).toBe('<p>As kept, for Bo</p>');
    });

    it('renders a message written before renderings were kept the first time it is read, once; one over a limit as its text', async () => {
      const ordinary = await send({
        subject: 'Old',
        body: 'An **old** one for {firstName}',
        audience: { kind: 'shift', shiftId: shifts.night },
      });
      const overLimit = await send({ subject: 'Old and long', body: 'x', audience: { kind: 'shift', shiftId: shifts.night } });
      await outbox().drain();
      // As the migration leaves the messages written before it (the second one written before the limits).
      await messageRows().update({ id: ordinary.id }, { renderedHtml: null, renderedText: null, renderedLinks: null });
      await messageRows().update(
        { id: overLimit.id },
        { body: `<b>${'*a'.repeat(1200)}</b> {firstName}`, renderedHtml: null, renderedText: null, renderedLinks: null },
      );
      const read = await mine(people.bo);
      expect(read.find((m) => m.id === ordinary.id)?.html).toBe('<p>An <strong>old</strong> one for Bo</p>\n');
      expect(read.find((m) => m.id === overLimit.id)?.html).toBe(`<p>&lt;b&gt;${'*a'.repeat(1200)}&lt;/b&gt; Bo</p>\n`);
      const kept = await messageRows().findBy({ id: In([ordinary.id, overLimit.id]) });
      expect(kept.map((m) => m.renderedHtml)).toEqual([
        '<p>An <strong>old</strong> one for \u0001firstName\u0002</p>\n',
        `<p>&lt;b&gt;${'*a'.repeat(1200)}&lt;/b&gt; \u0001firstName\u0002</p>\n`,
      ]);
    });

    it('limits team leaders to 10 messages a venue in an hour; the organisers see them and can stop one', async () => {
      const leader = () => t.http().post('/api/messages/team').set('Authorization', t.factories.auth(people.cy.user));
      // Two hours after the team leaders' earlier messages.
      t.clock.set('2026-08-07T15:00:00.000Z');
      try {
        // The organisers write too, as often as they like (and Ann's list passes 20 messages).
        for (let n = 1; n <= 11; n += 1)
          await send({ subject: `From the office ${n}`, body: 'Hello', audience: { kind: 'shift', shiftId: shifts.regMorning } });
        const sent: number[] = [];
        for (let n = 1; n <= 10; n += 1) {
          sent.push(
            (
              await leader()
                .send({ venueId: venues.registration, subject: `Note ${n}`, body: 'Hello' })
                .expect(201)
            ).body.data.id,
          );
          t.clock.advance(60_000);
        }
        // Ann's list, over 20 messages now, is written a group at a time: every one, newest first.
        const annList = await mine(people.ann);
        expect(annList.length).toBeGreaterThan(20);
        expect(annList.map((m) => m.id)).toEqual(annList.map((m) => m.id).sort((a, b) => b - a));
        expect(annList.slice(0, 10).map((m) => m.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${10 - i}`));
        t.clock.set('2026-08-07T15:30:00.000Z');
        const refused = await leader().send({ venueId: venues.registration, subject: 'Note 11', body: 'Hello' }).expect(429);
        expect(refused.body.data).toEqual({
          err: 'TEAM_MESSAGE_LIMIT',
          message:
            "Registration's volunteers have had 10 messages from team leaders in the past hour, the most an hour allows. " +
            'You can write to them again at 09:00 (Pacific time), or ask the organisers to send it.',
          nextAt: '2026-08-07T16:00:00.000Z',
        });
        // The organisers see every one, with its author, and can stop its sending.
        const listed = (await adminCall('get', '').expect(200)).body as { id: number; author: { kind: string } }[];
        expect(listed.filter((m) => sent.includes(m.id)).map((m) => m.author.kind)).toEqual(Array(10).fill('team-leader'));
        expect((await adminCall('post', `/${sent[9]}/cancel`).expect(200)).body).toMatchObject({ state: 'cancelled' });
        // A cancelled message still counts; once the first leaves the hour, one more can go.
        t.clock.set('2026-08-07T15:59:59.000Z');
        await leader().send({ venueId: venues.registration, subject: 'Note 11', body: 'Hello' }).expect(429);
        t.clock.set('2026-08-07T16:00:00.000Z');
        await leader().send({ venueId: venues.registration, subject: 'Note 11', body: 'Hello' }).expect(201);
        await leader().send({ venueId: venues.registration, subject: 'Note 12', body: 'Hello' }).expect(429);
        await outbox().drain();
      } finally {
        t.clock.set('2026-08-07T12:00:00.000Z');
      }
    });
  });

  describe('answers and addresses', () => {
    it("asks for answers at the programme's contact address, from organisers and team leaders alike", async () => {
      await send({ subject: 'Reply to us', body: 'Write back.', audience: { kind: 'shift', shiftId: shifts.night } });
      await outbox().drain();
      expect(sink.to('bo@example.edu')[0].replyTo?.text).toBe('sv@siggraph.org');

      // The address is the edition's contact address (CONTACT_EMAIL until an organiser changes it).
      const settings = () => t.http().put('/api/admin/settings').set('Authorization', t.factories.auth(admin.user));
      await settings().send({ contactEmail: 'volunteers@example.org' }).expect(200);
      // After the hour of the team leaders' messages above.
      t.clock.set('2026-08-07T18:00:00.000Z');
      try {
        sink.clear();
        await t
          .http()
          .post('/api/messages/team')
          .set('Authorization', t.factories.auth(people.cy.user))
          .send({ venueId: venues.registration, shiftId: shifts.regMorning, subject: 'From your leader', body: 'Answer me.' })
          .expect(201);
        await adminCall('post', '/test').send({ subject: 'Trial', body: 'Test' }).expect(200);
        await outbox().drain();
        expect(sink.to('ann@example.edu')[0].replyTo?.text).toBe('volunteers@example.org');
        expect((await sink.waitFor(admin.user.email, /\[Test\] Trial/)).replyTo?.text).toBe('volunteers@example.org');
        // The organisers' copy goes to that address itself.
        const [copy] = sink.to('volunteers@example.org');
        expect(copy.subject).toBe('Copy: From your leader');
        expect(copy.replyTo).toBeUndefined();
      } finally {
        t.clock.set('2026-08-07T12:00:00.000Z');
        await settings().send({ contactEmail: 'sv@siggraph.org' }).expect(200);
      }
    });

    it('makes each address merge field a link in the HTML part, wherever it stands', async () => {
      await send({
        subject: 'Your schedule',
        body: 'Your schedule: {scheduleUrl}\n\nThe portal: {portalUrl}/dashboard.',
        audience: { kind: 'venue', venueId: venues.registration },
      });
      await outbox().drain();
      const ann = sink.to('ann@example.edu')[0];
      expect(ann.html).toContain('<a href="https://portal.example.org/schedule/sv">https://portal.example.org/schedule/sv</a>');
      expect(ann.html).toContain('<a href="https://portal.example.org/dashboard">https://portal.example.org/dashboard</a>.');
      expect(ann.text).toContain(
        'Your schedule: https://portal.example.org/schedule/sv\n\nThe portal: https://portal.example.org/dashboard.',
      );
      expect(sink.to('cy@example.edu')[0].html).toContain(
        '<a href="https://portal.example.org/schedule/tl">https://portal.example.org/schedule/tl</a>',
      );
    });
  });
});
