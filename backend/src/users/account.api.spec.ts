import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_CONFERENCE } from '@svp/domain';
import { AfterAnswer } from '../common/after-answer.js';
import { SmtpSink, codeIn, resetTokenIn } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CODE_REFUSED } from './one-time-code.service.js';

const completeProfile = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  nickname: 'Countess',
  birthdate: '2003-12-10',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '12 Analytical St', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
  languages: 'English,French',
  phone_number: '+1 604 555 0100',
  can_text: true,
  can_call: false,
};

const register = (t: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  t
    .http()
    .post('/api/users/register')
    .send({ first_name: 'Ada', last_name: 'Lovelace', email, password: 'secret1', ...extra });

describe('registration, verification, profile and password reset', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: smtp.url, PUBLIC_URL: 'https://sv.example.org' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('walks register → code by SMTP → confirm → login → incomplete profile → update → complete', async () => {
    const reg = await register(t, '  Ada@Example.EDU ', { svid: 'ADA12345' }).expect(201);
    expect(reg.body.success).toBe(true);
    expect(reg.body.data.user).toMatchObject({ email: 'ada@example.edu', firstName: 'Ada', svid: 'ADA12345', verified: false });
    const firstToken = reg.body.data.session.access_token;

    const mail = await smtp.waitFor('ada@example.edu', /verification code/);
    expect(mail.text).toContain(DEFAULT_CONFERENCE.name);
    expect(mail.text).toContain('sv@siggraph.org');
    expect(mail.html).toContain(codeIn(mail));
    const confirmed = await t
      .http()
      .post('/api/users/confirm-registration')
      .send({ email: 'ada@example.edu', code: codeIn(mail) })
      .expect(200);
    expect(confirmed.body.data).toMatchObject({ message: 'Your email address is confirmed.', user: { verified: true } });
    expect(confirmed.body.data.session.access_token).toEqual(expect.any(String));
    // A code works once.
    await t
      .http()
      .post('/api/users/confirm-registration')
      .send({ email: 'ada@example.edu', code: codeIn(mail) })
      .expect(400);

    const login = await t.http().post('/api/users/login').send({ email: 'ada@example.edu', password: 'secret1' }).expect(200);
    const auth = `Bearer ${login.body.data.session.access_token}`;
    await t.http().get('/api/users/profile').set('Authorization', `Bearer ${firstToken}`).expect(200);

    const before = await t.http().get('/api/users/profile').set('Authorization', auth).expect(200);
    expect(before.body.data.user).toMatchObject({
      sv_id: 'ADA12345',
      given_name: 'Ada',
      profile_complete: false,
      application_status_id: null,
    });
    expect(before.body.data.user.missing_fields).toEqual(expect.arrayContaining(['birthdate', 'gender', 'phone_number', 'address.city']));
    expect(before.body.data.session).toMatchObject({ is_verified: true, is_admin: false, is_team_leader: false });

    const update = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({ ...completeProfile, sv_id: 'ADA12345' })
      .expect(200);
    expect(update.body).toMatchObject({ success: true, data: { message: 'Profile Updated', email_changed: false } });

    const after = await t.http().get('/api/users/profile').set('Authorization', auth).expect(200);
    expect(after.body.data.user).toMatchObject({
      profile_complete: true,
      missing_fields: [],
      nickname: 'Countess',
      gender: ['she/her'],
      languages: ['English', 'French'],
      address: { city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
      can_text: true,
    });
  });

  it('walks forgot → link by SMTP → change password → old token refused → login with the new one; the link works once', async () => {
    const { body } = await register(t, 'grace@example.edu').expect(201);
    const oldAuth = `Bearer ${body.data.session.access_token}`;
    const forgot = await t.http().post('/api/users/forgot-password').send({ email: 'grace@example.edu' }).expect(200);
    expect(forgot.body.data.message).toBe('Check your email for a link to reset your password.');

    const mail = await smtp.waitFor('grace@example.edu', /reset your password/);
    const { link, token } = resetTokenIn(mail);
    expect(link.startsWith('https://sv.example.org/forgot-password?token=')).toBe(true);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ type: 'password-reset' });
    expect(claims.exp - claims.iat).toBe(3600);

    const changed = await t.http().post('/api/users/change-password').send({ token, password: 'new-secret' }).expect(200);
    expect(changed.body.data.message).toBe('Successfully changed password');
    await smtp.waitFor('grace@example.edu', /password was changed/);

    expect((await t.http().get('/api/users/profile').set('Authorization', oldAuth).expect(401)).body.data.err).toBe('TOKEN_EXPIRED');
    await t.http().post('/api/users/login').send({ email: 'grace@example.edu', password: 'secret1' }).expect(401);
    await t.http().post('/api/users/login').send({ email: 'grace@example.edu', password: 'new-secret' }).expect(200);

    const reused = await t.http().post('/api/users/change-password').send({ token, password: 'third-secret' }).expect(400);
    expect(reused.body.data.message).toBe('This password reset link has already been used. Request a new one.');
  });

  it('answers the kept texts for a missing, expired or wrong-type reset token', async () => {
    const { body } = await register(t, 'alan@example.edu').expect(201);
    const missing = await t.http().post('/api/users/change-password').send({ password: 'whatever1' }).expect(400);
    expect(missing.body.data.message).toBe('Invalid password reset token');
    const wrongType = await t
      .http()
      .post('/api/users/change-password')
      .send({ token: body.data.session.access_token, password: 'whatever1' })
      .expect(400);
    expect(wrongType.body.data.message).toBe('Token is not valid');
    const garbage = await t.http().post('/api/users/change-password').send({ token: 'not.a.jwt', password: 'whatever1' }).expect(400);
    expect(garbage.body.data.message).toBe('Token is not valid');

    await t.http().post('/api/users/forgot-password').send({ email: 'alan@example.edu' }).expect(200);
    const { token } = resetTokenIn(await smtp.waitFor('alan@example.edu', /reset your password/));
    t.clock.advance(3600 * 1000 + 1);
    const expired = await t.http().post('/api/users/change-password').send({ token, password: 'whatever1' }).expect(400);
    expect(expired.body.data).toMatchObject({ message: 'Token has expired', err: 'TOKEN_EXPIRED' });
  });

  it(
    'checks a reset link without using it: usable until the password changes, ' + 'then refused with the texts of change-password',
    async () => {
      await register(t, 'mary@example.edu').expect(201);
      await t.http().post('/api/users/forgot-password').send({ email: 'mary@example.edu' }).expect(200);
      const { token } = resetTokenIn(await smtp.waitFor('mary@example.edu', /reset your password/));
      const check = (body: Record<string, unknown>) => t.http().post('/api/users/check-reset-token').send(body);

      expect((await check({ token }).expect(200)).body).toEqual({
        success: true,
        data: { message: 'This link can be used to choose a new password.' },
      });
      await check({ token }).expect(200);
      await t.http().post('/api/users/change-password').send({ token, password: 'checked-1' }).expect(200);

      const used = await check({ token }).expect(400);
      expect(used.body.data).toMatchObject({
        message: 'This password reset link has already been used. Request a new one.',
        err: 'TOKEN_USED',
      });
      expect((await check({}).expect(400)).body.data).toMatchObject({ message: 'Invalid password reset token', err: 'TOKEN_MISSING' });
      expect((await check({ token: 'not.a.jwt' }).expect(400)).body.data).toMatchObject({
        message: 'Token is not valid',
        err: 'TOKEN_INVALID',
      });
      expect((await check({ token: 42 }).expect(400)).body.data.errors).toEqual({ token: 'token must be text' });

      await register(t, 'dorothy@example.edu').expect(201);
      await t.http().post('/api/users/forgot-password').send({ email: 'dorothy@example.edu' }).expect(200);
      const { token: later } = resetTokenIn(await smtp.waitFor('dorothy@example.edu', /reset your password/));
      t.clock.advance(3600 * 1000 + 1);
      expect((await check({ token: later }).expect(400)).body.data).toMatchObject({ message: 'Token has expired', err: 'TOKEN_EXPIRED' });
    },
  );

  it('resets a password with the emailed code (the code variant)', async () => {
    await register(t, 'hedy@example.edu').expect(201);
    await t.http().post('/api/users/forgot-password').send({ email: 'hedy@example.edu' }).expect(200);
    const mail = await smtp.waitFor('hedy@example.edu', /reset your password/);
    const code = /code on the reset form: (\d{6})/.exec(mail.text ?? '')![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    await t.http().post('/api/users/change-password').send({ email: 'hedy@example.edu', code: wrong, password: 'by-code-1' }).expect(400);
    await t.http().post('/api/users/change-password').send({ email: 'hedy@example.edu', code, password: 'by-code-1' }).expect(200);
    // Sent after the answer: waited for here, so that it does not land in the next test.
    await smtp.waitFor('hedy@example.edu', /password was changed/);
    await t.http().post('/api/users/login').send({ email: 'hedy@example.edu', password: 'by-code-1' }).expect(200);
    await t.http().post('/api/users/change-password').send({ email: 'hedy@example.edu', code, password: 'by-code-2' }).expect(400);
  });

  it('answers forgot-password the same for an unknown address, and sends nothing', async () => {
    const res = await t.http().post('/api/users/forgot-password').send({ email: 'nobody@example.edu' }).expect(200);
    expect(res.body.data.message).toBe('Check your email for a link to reset your password.');
    // Mail leaves after the answer: once the work after it is done, one would have arrived, had it been sent.
    await t.app.get(AfterAnswer).settled();
    expect(smtp.to('nobody@example.edu')).toEqual([]);
  });

  it('refuses a taken email (409), a short password and a bad email (400)', async () => {
    await register(t, 'taken@example.edu').expect(201);
    const taken = await register(t, 'TAKEN@example.edu ').expect(409);
    expect(taken.body.data).toMatchObject({ err: 'EMAIL_TAKEN', message: expect.stringContaining('already exists') });
    const short = await register(t, 'short@example.edu', { password: '12345' }).expect(400);
    expect(short.body.data.errors).toEqual({ password: 'Password must be at least 6 characters' });
    const bad = await register(t, 'not-an-email').expect(400);
    expect(bad.body.data.errors).toEqual({ email: 'Please enter a valid email address' });
    const missing = await t.http().post('/api/users/register').send({ email: 'x@example.edu', password: 'secret1' }).expect(400);
    expect(Object.keys(missing.body.data.errors).sort()).toEqual(['first_name', 'last_name']);
  });

  it('keeps a well-formed unused svid from the client, and makes one otherwise', async () => {
    const mine = await register(t, 'svid1@example.edu', { svid: 'MINE2025' }).expect(201);
    expect(mine.body.data.user.svid).toBe('MINE2025');
    const taken = await register(t, 'svid2@example.edu', { svid: 'MINE2025' }).expect(201);
    const malformed = await register(t, 'svid3@example.edu', { svid: "x'; DROP TABLE users;--" }).expect(201);
    for (const res of [taken, malformed]) expect(res.body.data.user.svid).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(taken.body.data.user.svid).not.toBe('MINE2025');
  });

  it('expires codes after 24 hours, and cancels one after five wrong tries', async () => {
    await register(t, 'katherine@example.edu').expect(201);
    const first = codeIn(await smtp.waitFor('katherine@example.edu', /verification code/));
    const wrong = first === '999999' ? '888888' : '999999';
    for (let i = 1; i <= 5; i++) {
      const res = await t.http().post('/api/users/confirm-registration').send({ email: 'katherine@example.edu', code: wrong }).expect(400);
      expect(res.body.data).toMatchObject({ message: CODE_REFUSED, err: 'CODE_WRONG' });
    }
    // Even the right code is refused now.
    const sixth = await t.http().post('/api/users/confirm-registration').send({ email: 'katherine@example.edu', code: first }).expect(400);
    expect(sixth.body.data.message).toBe(CODE_REFUSED);

    smtp.clear();
    const resent = await t.http().post('/api/users/resend-code').send({ email: 'katherine@example.edu' }).expect(200);
    expect(resent.body.data.message).toBe('If an account with this email is waiting for confirmation, we sent it a new code.');
    const second = codeIn(await smtp.waitFor('katherine@example.edu', /verification code/));
    t.clock.advance(24 * 3600 * 1000);
    const expired = await t
      .http()
      .post('/api/users/confirm-registration')
      .send({ email: 'katherine@example.edu', code: second })
      .expect(400);
    expect(expired.body.data.message).toBe(CODE_REFUSED);
  });

  it('never answers a password hash or a code', async () => {
    const reg = await register(t, 'secretive@example.edu').expect(201);
    const code = codeIn(await smtp.waitFor('secretive@example.edu', /verification code/));
    const auth = `Bearer ${reg.body.data.session.access_token}`;
    const profile = await t.http().get('/api/users/profile').set('Authorization', auth).expect(200);
    for (const res of [reg, profile]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/password|hash|argon/i);
      expect(text).not.toContain(code);
    }
  });
});

describe('profile updates', () => {
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

  it("refuses a profile with required fields missing: 'Please fill in all required fields' and each field named", async () => {
    const { auth } = await t.factories.user();
    const res = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({ given_name: 'Ada', address: { city: 'Vancouver' } })
      .expect(400);
    expect(res.body.data.message).toBe('Please fill in all required fields');
    expect(Object.keys(res.body.data.errors).sort()).toEqual(
      [
        'address.address1',
        'address.country',
        'address.postal_code',
        'address.region',
        'birthdate',
        'disability',
        'family_name',
        'gender',
        'phone_number',
      ].sort(),
    );
  });

  it('requires the type of disability when the answer is yes, and accepts region N/A', async () => {
    const { auth } = await t.factories.user();
    const res = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({ ...completeProfile, disability: 'yes' })
      .expect(400);
    expect(res.body.data.errors).toEqual({ disability_type: 'Type of disability is required' });
    await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({
        ...completeProfile,
        disability: 'yes',
        disability_type: 'Low vision',
        address: { ...completeProfile.address, region: 'N/A' },
      })
      .expect(200);
  });

  it('refuses values outside the option lists and malformed values, and keeps what was saved', async () => {
    const { auth } = await t.factories.user();
    await t.http().post('/api/users/profile').set('Authorization', auth).send(completeProfile).expect(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ gender: ['she/her', 'attack-helicopter'] }, 'gender'],
      [{ languages: ['English', 'Klingon'] }, 'languages'],
      [{ underrepresented: '{white,martian}' }, 'underrepresented'],
      [{ address: { ...completeProfile.address, country: 'ZZ' } }, 'address.country'],
      [{ birthdate: '2003-02-31' }, 'birthdate'],
      [{ phone_number: '604 555 0100' }, 'phone_number'],
    ];
    for (const [change, field] of cases) {
      const res = await t
        .http()
        .post('/api/users/profile')
        .set('Authorization', auth)
        .send({ ...completeProfile, ...change })
        .expect(400);
      expect(Object.keys(res.body.data.errors)).toEqual([field]);
    }
    const wrongTypes = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({ ...completeProfile, can_text: 'yes', gender: 5 })
      .expect(400);
    expect(Object.keys(wrongTypes.body.data.errors).sort()).toEqual(['can_text', 'gender']);
    const saved = await t.http().get('/api/users/profile').set('Authorization', auth).expect(200);
    expect(saved.body.data.user).toMatchObject({
      gender: ['she/her'],
      languages: ['English', 'French'],
      birthdate: '2003-12-10',
      profile_complete: true,
    });
  });

  it("refuses another user's sv_id with 403", async () => {
    const me = await t.factories.user();
    const other = await t.factories.user();
    const res = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', me.auth)
      .send({ ...completeProfile, sv_id: other.user.svid })
      .expect(403);
    expect(res.body.data.message).toBe('You can only update your own profile.');
  });

  it('verifies a changed email again and ends the session', async () => {
    const me = await t.factories.user({ email: 'old-address@example.edu' });
    await t.factories.user({ email: 'someone-else@example.edu' });
    const withPassword = { ...completeProfile, current_password: me.password };
    const taken = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', me.auth)
      .send({ ...withPassword, email: 'someone-else@example.edu' })
      .expect(409);
    expect(taken.body.data.err).toBe('EMAIL_TAKEN');

    const res = await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', me.auth)
      .send({ ...withPassword, email: 'New-Address@example.edu' })
      .expect(200);
    expect(res.body.data).toMatchObject({
      message: 'Profile Updated',
      email_changed: true,
      mail_sent: true,
      session: null,
      user: { email: 'new-address@example.edu', verified: false },
    });
    await t.http().get('/api/users/profile').set('Authorization', me.auth).expect(401);
    const code = codeIn(await smtp.waitFor('new-address@example.edu', /verification code/));
    await t.http().post('/api/users/login').send({ email: 'old-address@example.edu', password: me.password }).expect(401);
    await t.http().post('/api/users/confirm-registration').send({ email: 'new-address@example.edu', code }).expect(200);
  });

  it('needs a token: 401 for an anonymous caller', async () => {
    await t.http().get('/api/users/profile').expect(401);
    await t.http().post('/api/users/profile').send(completeProfile).expect(401);
  });
});

describe('when the mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every send fails.
    t = await createTestApp({ env: { MAIL_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it("still creates the account and signs it in, with err 'EMESSAGE'", async () => {
    const res = await register(t, 'unlucky@example.edu').expect(201);
    expect(res.body).toMatchObject({ success: false, data: { err: 'EMESSAGE', user: { email: 'unlucky@example.edu' } } });
    expect(res.body.data.message).toContain('could not send the verification email');
    await t.http().get('/api/users/profile').set('Authorization', `Bearer ${res.body.data.session.access_token}`).expect(200);
    await t.http().post('/api/users/login').send({ email: 'unlucky@example.edu', password: 'secret1' }).expect(200);
  });
});

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes each message as an .eml file in DATA_DIR/mail', async () => {
    await register(t, 'outbox@example.edu').expect(201);
    const dir = join(t.config.dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: outbox@example.edu');
    expect(eml).toContain(`Subject: ${DEFAULT_CONFERENCE.name} Student Volunteers: your verification code`);
  });
});

describe('abuse limits', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers 429 with a clear message after too many sign-in attempts for one email', async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    const { user } = await t.factories.user();
    for (let i = 0; i < 3; i++) await t.http().post('/api/users/login').send({ email: user.email, password: 'wrong-one' }).expect(401);
    const res = await t.http().post('/api/users/login').send({ email: user.email, password: 'wrong-one' }).expect(429);
    expect(res.body).toEqual({
      success: false,
      data: { message: 'Too many attempts. Please wait a minute and try again.', err: 'TOO_MANY_REQUESTS' },
    });
  });

  it('limits register, forgot-password, confirm, resend and the reset-link check per client address too', async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
    for (const path of ['/api/users/forgot-password', '/api/users/resend-code']) {
      await t
        .http()
        .post(path)
        .send({ email: `a-${path.length}@example.edu` })
        .expect(200);
      await t
        .http()
        .post(path)
        .send({ email: `b-${path.length}@example.edu` })
        .expect(200);
      await t
        .http()
        .post(path)
        .send({ email: `c-${path.length}@example.edu` })
        .expect(429);
    }
    await register(t, 'r1@example.edu').expect(201);
    await register(t, 'r2@example.edu').expect(201);
    await register(t, 'r3@example.edu').expect(429);
    await t.http().post('/api/users/confirm-registration').send({ email: 'r1@example.edu', code: '000001' }).expect(400);
    await t.http().post('/api/users/confirm-registration').send({ email: 'r1@example.edu', code: '000002' }).expect(400);
    await t.http().post('/api/users/confirm-registration').send({ email: 'r1@example.edu', code: '000003' }).expect(429);
    await t.http().post('/api/users/check-reset-token').send({ token: 'a.b.c' }).expect(400);
    await t.http().post('/api/users/check-reset-token').send({ token: 'a.b.c' }).expect(400);
    await t.http().post('/api/users/check-reset-token').send({ token: 'a.b.c' }).expect(429);
  });
});
