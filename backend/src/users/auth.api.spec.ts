import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('POST /api/users/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the right password and answers the user and an access token', async () => {
    const { user } = await t.factories.user({ email: 'grace@example.edu', password: 'hopper-42' });
    const res = await t.http().post('/api/users/login').send({ email: '  Grace@Example.EDU ', password: 'hopper-42' }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      id: user.id,
      email: 'grace@example.edu',
      svid: user.svid,
      isAdmin: false,
      isTeamLeader: false,
    });
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
    const [, payload] = res.body.data.session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, role: 'Student-Volunteer', admin: false, type: 'access' });
    expect(claims.exp - claims.iat).toBe(t.config.accessTokenTtlSeconds);
  });

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    await t.factories.user({ email: 'alan@example.edu', password: 'turing-42' });
    const wrong = await t.http().post('/api/users/login').send({ email: 'alan@example.edu', password: 'nope-nope' }).expect(401);
    const unknown = await t.http().post('/api/users/login').send({ email: 'nobody@example.edu', password: 'nope-nope' }).expect(401);
    expect(wrong.body).toEqual({ success: false, data: { message: 'Incorrect email or password.', err: 'INVALID_CREDENTIALS' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 naming the missing fields', async () => {
    const res = await t.http().post('/api/users/login').send({ email: 'a@b.c' }).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.data.errors).toHaveProperty('password');
  });
});

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets a token in until it expires, then answers 401 with a message', async () => {
    const admin = await t.factories.admin();
    await t.http().get('/api/admin/settings').set('Authorization', admin.auth).expect(200);
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    const res = await t.http().get('/api/admin/settings').set('Authorization', admin.auth).expect(401);
    expect(res.body).toEqual({ message: 'Your session has expired. Please sign in again.', err: 'TOKEN_EXPIRED' });
  });

  it('refuses a token with a tampered signature or payload', async () => {
    const admin = await t.factories.admin();
    const [header, payload, signature] = admin.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 999 })).toString(
      'base64url',
    );
    await t.http().get('/api/admin/settings').set('Authorization', `Bearer ${header}.${forged}.${signature}`).expect(401);
    await t
      .http()
      .get('/api/admin/settings')
      .set('Authorization', `Bearer ${header}.${payload}.${signature!.slice(0, -2)}xx`)
      .expect(401);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const admin = await t.factories.admin();
    const [, payload] = admin.token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await t.http().get('/api/admin/settings').set('Authorization', `Bearer ${none}.${payload}.`).expect(401);
  });

  it('refuses a token of a user whose token version moved on (e.g. after a password change)', async () => {
    const admin = await t.factories.admin();
    await t.dataSource.query('UPDATE users SET token_version = token_version + 1 WHERE id = ?', [admin.user.id]);
    const res = await t.http().get('/api/admin/settings').set('Authorization', admin.auth).expect(401);
    expect(res.body.message).toBe('Your session has ended. Please sign in again.');
  });

  it('answers 401 without a token', async () => {
    const res = await t.http().get('/api/admin/settings').expect(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', err: 'UNAUTHENTICATED' });
  });
});
