import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { holdElapsedTime } from '../testing/elapsed-time.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CALLER_TTL_MS } from './caller-cache.js';

const profile = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  birthdate: '2003-12-10',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '12 Analytical St', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
  phone_number: '+1 604 555 0100',
};

// The access-token check reuses a checked caller for CALLER_TTL_MS; changes made through this server apply at once.
describe('callers checked a moment ago', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const settings = (auth: string) => t.http().get('/api/admin/settings').set('Authorization', auth);

  it('an administrator flag granted or removed applies to the very next request', async () => {
    const chair = await t.factories.admin();
    const helper = await t.factories.applicant();
    await settings(helper.auth).expect(403);
    await t.http().put(`/api/admin/users/${helper.user.id}`).set('Authorization', chair.auth).send({ isAdmin: true }).expect(200);
    await settings(helper.auth).expect(200);
    await t.http().put(`/api/admin/users/${helper.user.id}`).set('Authorization', chair.auth).send({ isAdmin: false }).expect(200);
    await settings(helper.auth).expect(403);
  });

  it('a new email address ends the session at once, though it was just used', async () => {
    const ada = await t.factories.applicant();
    await t.http().get('/api/users/profile').set('Authorization', ada.auth).expect(200);
    await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', ada.auth)
      .send({ ...profile, email: `moved-${ada.user.id}@example.edu`, current_password: ada.password })
      .expect(200);
    expect((await t.http().get('/api/users/profile').set('Authorization', ada.auth).expect(401)).body.data.err).toBe('TOKEN_EXPIRED');
  });

  it('a change written by another server (straight to the database) counts within CALLER_TTL_MS', async () => {
    const elapsed = holdElapsedTime();
    const chair = await t.factories.admin();
    await settings(chair.auth).expect(200);
    await t.dataSource.query('UPDATE users SET token_version = token_version + 1 WHERE id = ?', [chair.user.id]);
    elapsed.pass(CALLER_TTL_MS + 50);
    expect((await settings(chair.auth).expect(401)).body.message).toBe('Your session has ended. Please sign in again.');
  });
});
