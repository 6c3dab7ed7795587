import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SmtpSink, codeIn } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CURRENT_PASSWORD_MESSAGES } from './auth.service.js';
import { ResetTokenService } from './reset-token.service.js';

/** The whole profile as POST /api/users/profile takes it. */
const completeProfile = {
  given_name: 'Grace',
  family_name: 'Hopper',
  birthdate: '2003-12-09',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '1 Compiler Way', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
  languages: ['English'],
  phone_number: '+1 604 555 0100',
};

/** After schedules are released: a confirmed volunteer's calendar opens. */
const SCHEDULES_OUT = '2026-08-06T12:00:00.000Z';

describe('sessions, email changes and calendar links', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const profile = (auth: string) => t.http().get('/api/users/profile').set('Authorization', auth);

  describe('POST /api/users/logout', () => {
    it('ends the session on the server: the token is refused afterwards, and so are the other sessions of the user', async () => {
      const me = await t.factories.user();
      const laptop = await t.http().post('/api/users/login').send({ email: me.user.email, password: me.password }).expect(200);
      const laptopAuth = `Bearer ${laptop.body.data.session.access_token}`;
      await profile(me.auth).expect(200);

      const res = await t.http().post('/api/users/logout').set('Authorization', me.auth).expect(200);
      expect(res.body).toEqual({ success: true, data: { message: 'You are signed out.' } });

      expect((await profile(me.auth).expect(401)).body.data.err).toBe('TOKEN_EXPIRED');
      await profile(laptopAuth).expect(401);
      await t.http().post('/api/users/logout').set('Authorization', me.auth).expect(401);
      const again = await t.http().post('/api/users/login').send({ email: me.user.email, password: me.password }).expect(200);
      await profile(`Bearer ${again.body.data.session.access_token}`).expect(200);
    });

    it('needs a session', async () => {
      expect((await t.http().post('/api/users/logout').expect(401)).body.data.err).toBe('UNAUTHENTICATED');
    });
  });

  describe('changing the email address', () => {
    const body = (extra: Record<string, unknown>) => ({ ...completeProfile, ...extra });

    it('needs the current password, tells the old address, and keeps the address when the password is missing or wrong', async () => {
      const me = await t.factories.user({ email: 'first-address@example.edu', firstName: 'Grace' });
      const missing = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'second-address@example.edu' }))
        .expect(400);
      expect(missing.body.data).toMatchObject({
        err: 'VALIDATION_FAILED',
        errors: { current_password: CURRENT_PASSWORD_MESSAGES.missing },
      });
      const wrong = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'second-address@example.edu', current_password: 'not-my-password' }))
        .expect(400);
      expect(wrong.body.data).toMatchObject({
        err: 'CURRENT_PASSWORD_WRONG',
        errors: { current_password: CURRENT_PASSWORD_MESSAGES.wrong },
      });
      expect((await profile(me.auth).expect(200)).body.data.user.email).toBe('first-address@example.edu');

      const changed = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'second-address@example.edu', current_password: me.password }))
        .expect(200);
      expect(changed.body.data).toMatchObject({
        email_changed: true,
        session: null,
        user: { email: 'second-address@example.edu', verified: false },
      });

      const notice = await smtp.waitFor('first-address@example.edu', /email address was changed/);
      expect(notice.text).toContain('Hi Grace,');
      expect(notice.text).toContain('second-address@example.edu');
      codeIn(await smtp.waitFor('second-address@example.edu', /verification code/));
      await profile(me.auth).expect(401);
    });

    it('saves the rest of the profile without the password when the address stays as it is', async () => {
      const me = await t.factories.user({ email: 'staying@example.edu' });
      const res = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'Staying@example.edu', nickname: 'Stay' }))
        .expect(200);
      expect(res.body.data).toMatchObject({ email_changed: false, user: { nickname: 'Stay' } });
      expect(smtp.to('staying@example.edu')).toEqual([]);
    });

    it('stops a held session from guessing the password: after five wrong ones even the right one waits (429)', async () => {
      const me = await t.factories.user();
      for (let i = 0; i < 5; i++) {
        await t
          .http()
          .post('/api/users/profile')
          .set('Authorization', me.auth)
          .send(body({ email: 'guessed@example.edu', current_password: `guess-${i}` }))
          .expect(400);
      }
      const stopped = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'guessed@example.edu', current_password: me.password }))
        .expect(429);
      expect(stopped.body.data).toMatchObject({ err: 'TOO_MANY_REQUESTS', message: CURRENT_PASSWORD_MESSAGES.tooMany });
      t.clock.advance(15 * 60_000);
      await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', me.auth)
        .send(body({ email: 'guessed@example.edu', current_password: me.password }))
        .expect(200);
    });
  });

  describe('calendar links', () => {
    it('stop working when the password changes', async () => {
      t.clock.set(SCHEDULES_OUT);
      const vera = await t.factories.applicant();
      await t.factories.application(vera.user, { status: 'confirmed' });
      const feed = await t.http().post(`/api/schedule/${vera.user.id}/calendar-feed`).set('Authorization', vera.auth).expect(201);
      const link = new URL(feed.body.data.url);
      const open = () => t.http().get(`${link.pathname}${link.search}`);
      expect((await open().expect(200)).text).toContain('BEGIN:VCALENDAR');

      const token = t.app.get(ResetTokenService).issue(vera.user);
      await t.http().post('/api/users/change-password').send({ token, password: 'a-new-password-1' }).expect(200);

      expect((await open().expect(401)).body.data.err).toBe('CALENDAR_LINK_INVALID');
      const signedIn = await t.http().post('/api/users/login').send({ email: vera.user.email, password: 'a-new-password-1' }).expect(200);
      const status = await t
        .http()
        .get(`/api/schedule/${vera.user.id}/calendar-feed`)
        .set('Authorization', `Bearer ${signedIn.body.data.session.access_token}`)
        .expect(200);
      expect(status.body.data.active).toBe(false);
    });
  });
});
