import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown API route with 404 and the envelope', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ success: false, data: { message: 'No such route: GET /api/no-such-thing', err: 'NOT_FOUND' } });
  });

  it('answers invalid JSON with 400 and the envelope', async () => {
    const res = await t.http().post('/api/users/login').set('Content-Type', 'application/json').send('{"email": "a@b.c",').expect(400);
    expect(res.body).toEqual({ success: false, data: { message: 'The request body is not valid JSON.', err: 'BAD_JSON' } });
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t
      .http()
      .post('/api/users/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a'.repeat(1_100_000), password: 'x' }))
      .expect(413);
    expect(res.body.data.err).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers wrong types and unknown fields with 400 naming each field', async () => {
    const res = await t
      .http()
      .post('/api/users/login')
      .send({ email: 42, password: ['x'], admin: true })
      .expect(400);
    expect(res.body.data.errors).toEqual({
      email: 'email must be text',
      password: 'password must be text',
      admin: 'admin is not a known field; remove it',
    });
  });

  it('answers a JSON body that is not an object with 400', async () => {
    for (const body of ['"text"', '42', 'null', '[1,2]']) {
      const res = await t.http().post('/api/users/login').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('uses the react-admin shape under /api/admin', async () => {
    const res = await t.http().get('/api/admin/no-such-thing').expect(404);
    expect(res.body).toEqual({ message: 'No such route: GET /api/admin/no-such-thing', err: 'NOT_FOUND' });
    const refused = await t.http().get('/api/admin/settings').expect(401);
    expect(refused.body).toEqual({ message: 'Please sign in to continue.', err: 'UNAUTHENTICATED' });
  });

  it('sets security headers', async () => {
    const res = await t.http().get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});
