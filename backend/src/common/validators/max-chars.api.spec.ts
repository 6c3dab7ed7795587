import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** 100 letters, each followed by the emoji variation selector: 100 for class-validator's MaxLength, 200 for MySQL. */
const VARIATION_SELECTED = 'a\uFE0F'.repeat(100);

describe('text limits counted as the database counts them (runs on SQLite and MariaDB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) =>
    t
      .http()
      .post('/api/users/register')
      .send({ first_name: 'Ada', last_name: 'Lovelace', password: 'a-long-password-1', ...body });

  it('refuses a first name of 100 letters with variation selectors (200 characters) with a 400 naming the field', async () => {
    const res = await register({ email: 'selectors@example.edu', first_name: VARIATION_SELECTED }).expect(400);
    expect(res.body.data).toMatchObject({ err: 'VALIDATION_FAILED', errors: { first_name: 'first_name must be at most 100 characters' } });
    await t.http().post('/api/users/login').send({ email: 'selectors@example.edu', password: 'a-long-password-1' }).expect(401);
  });

  it('keeps a name of 100 emoji, the most its column holds, as it was typed', async () => {
    const name = '🦊'.repeat(100);
    const res = await register({ email: 'emoji@example.edu', first_name: name }).expect(201);
    const profile = await t
      .http()
      .get('/api/users/profile')
      .set('Authorization', `Bearer ${res.body.data.session.access_token}`)
      .expect(200);
    expect(profile.body.data.user.given_name).toBe(name);
  });

  it('refuses the same in an administrator’s venue name, in the admin envelope', async () => {
    const { auth } = await t.factories.admin();
    const res = await t
      .http()
      .post('/api/admin/venues')
      .set('Authorization', auth)
      .send({ name: 'v\uFE0E'.repeat(150) })
      .expect(400);
    expect(res.body).toMatchObject({ err: 'VALIDATION_FAILED', errors: { name: 'name must be at most 200 characters' } });
  });
});
