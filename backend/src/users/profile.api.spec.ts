import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('GET /api/users/profile: whether there is an application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profileOf = async (auth: string) =>
    (await t.http().get('/api/users/profile').set('Authorization', auth).expect(200)).body.data.user;

  it('says there is none before the first save, so the client need not ask for it (that answer is a 404)', async () => {
    const me = await t.factories.applicant();
    const user = await profileOf(me.auth);
    expect(user).toMatchObject({
      id: me.user.id,
      svid: me.user.svid,
      sv_id: me.user.svid,
      email: me.user.email,
      verified: true,
      profile_complete: true,
    });
    expect(user).toMatchObject({ has_application: false, application_status_id: null });
    await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(404);
  });

  it('says there is one once saved, while pending (status id null) as well as once decided', async () => {
    const me = await t.factories.applicant();
    await t
      .http()
      .post('/api/application/save')
      .set('Authorization', me.auth)
      .send({ sv_id: me.user.svid, data: { step: 1, schoolName: 'OCAD' } })
      .expect(200);
    expect(await profileOf(me.auth)).toMatchObject({ has_application: true, application_status_id: null });

    const offered = await t.factories.applicant();
    await t.factories.application(offered.user, { status: 'offered' });
    expect(await profileOf(offered.auth)).toMatchObject({ has_application: true, application_status_id: 1 });
  });

  it('answers the same in the profile update', async () => {
    const me = await t.factories.applicant();
    await t.factories.application(me.user, { completed: false });
    const updated = await t.http().post('/api/users/profile').set('Authorization', me.auth).send(completeProfile).expect(200);
    expect(updated.body.data.user).toMatchObject({ given_name: 'Grace', has_application: true, application_status_id: null });
  });
});

const completeProfile = {
  given_name: 'Grace',
  family_name: 'Hopper',
  birthdate: '2002-12-09',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '1 Harbour St', address2: '', city: 'Halifax', region: 'NS', country: 'CA', postal_code: 'B3H 1A1' },
  phone_number: '+1 902 555 0100',
};
