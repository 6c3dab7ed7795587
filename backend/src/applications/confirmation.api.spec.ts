import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const DECISIONS_OUT = '2026-06-01T12:00:00.000Z';

const fullForm = {
  passportStatus: 'valid',
  shirtSize: 'm',
  diet: true,
  dietRestrictions: 'Vegetarian',
  emailConsent: true,
  photoConsent: true,
  wantsMembership: true,
  additionalInfo: 'Looking forward to it',
  preconfShifts: true,
  preconfStart: 'saturday',
  preconfStartTime: '08:30',
  artGallery: true,
  labs: false,
  pavillion: true,
  inPerson: true,
};

describe('confirming and declining a place', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: DECISIONS_OUT });
  });
  afterAll(() => t.close());

  const confirm = (auth: string, body: Record<string, unknown>) =>
    t.http().post('/api/users/confirm').set('Authorization', auth).send(body);

  it('refuses to confirm before there is an offer (409)', async () => {
    const me = await t.factories.applicant();
    await confirm(me.auth, fullForm).expect(409);
    await t.factories.application(me.user, { status: 'pending' });
    const res = await confirm(me.auth, { ...fullForm, sv_id: me.user.svid }).expect(409);
    expect(res.body.data).toEqual({ message: 'There is no offer to confirm.', err: 'NO_OFFER' });
  });

  it('checks step 1 in its fixed order with its five messages, then the in-person commitment', async () => {
    const me = await t.factories.applicant();
    await t.factories.application(me.user, { status: 'offered' });
    const steps: [Record<string, unknown>, string, string][] = [
      [{}, 'passportStatus', 'Please select a passport status.'],
      [{ passportStatus: 'valid' }, 'shirtSize', 'Please select a t-shirt size.'],
      [{ passportStatus: 'valid', shirtSize: 'l', diet: true }, 'dietRestrictions', 'Please describe your dietary restrictions below.'],
      [{ passportStatus: 'valid', shirtSize: 'l', diet: false }, 'emailConsent', 'Please consent to the email policy.'],
      [{ passportStatus: 'valid', shirtSize: 'l', emailConsent: true }, 'photoConsent', 'Please consent to the photo and video policy.'],
    ];
    for (const [form, field, message] of steps) {
      const res = await confirm(me.auth, form).expect(400);
      expect(res.body.data).toEqual({ message, err: 'VALIDATION_FAILED', errors: { [field]: message } });
    }
    // Step 2: a place is not confirmed without the commitment to serve in person.
    for (const inPerson of [false, undefined]) {
      const res = await confirm(me.auth, { ...fullForm, inPerson }).expect(400);
      expect(res.body.data).toEqual({
        message: 'Please commit to serving in person for the whole conference week.',
        err: 'VALIDATION_FAILED',
        errors: { inPerson: 'Please commit to serving in person for the whole conference week.' },
      });
    }
    const still = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(still.body.data.sv.state).toBe('offered');
    await confirm(me.auth, { ...fullForm, preconfStartTime: '06:00' }).expect(400);
    await confirm(me.auth, { ...fullForm, preconfStart: 'sunday' }).expect(400);
  });

  it('confirms an offered place: status confirmed, form stored, audit-logged; the same call again changes nothing', async () => {
    const me = await t.factories.applicant();
    const application = await t.factories.application(me.user, { status: 'offered' });
    const res = await confirm(me.auth, { ...fullForm, sv_id: me.user.svid }).expect(200);
    expect(res.body.data.application).toMatchObject({
      sv: { application_status_id: 2, status: 'Confirmed', state: 'confirmed' },
      confirmed_at: DECISIONS_OUT,
    });
    expect(res.body.data.application.confirmation).toMatchObject({
      passportStatus: 'valid',
      preconfStart: 'saturday',
      preconfStartTime: '08:30',
      dietRestrictions: 'Vegetarian',
    });

    await confirm(me.auth, fullForm).expect(200);
    const changed = await confirm(me.auth, { ...fullForm, shirtSize: 'xl' }).expect(409);
    expect(changed.body.data.err).toBe('ALREADY_CONFIRMED');

    const [entry] = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.status' AND entity_id = ?", [
      String(application.id),
    ]);
    expect(JSON.parse(entry.before)).toEqual({ state: 'offered', tag: null });
    expect(JSON.parse(entry.after)).toMatchObject({ state: 'confirmed', tag: 'SV', reason: 'applicant' });
    expect(entry.actor_id).toBe(me.user.id);
  });

  it('reports catalogue B ids: a team leader confirms as 4, a volunteer as 5', async () => {
    const admin = await t.factories.admin();
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ statusCatalogue: 'B' }).expect(200);
    const volunteer = await t.factories.applicant();
    const leader = await t.factories.applicant({ role: 'Team-Leader' });
    await t.factories.application(volunteer.user, { status: 'offered' });
    await t.factories.application(leader.user, { status: 'offered', teamLeader: true });
    expect((await confirm(volunteer.auth, fullForm).expect(200)).body.data.application.sv).toMatchObject({
      application_status_id: 5,
      status: 'Student Volunteer',
    });
    expect((await confirm(leader.auth, fullForm).expect(200)).body.data.application.sv).toMatchObject({
      application_status_id: 4,
      status: 'Team Leader',
    });
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ statusCatalogue: 'A' }).expect(200);
  });

  it('refuses to confirm after the confirmation deadline', async () => {
    const me = await t.factories.applicant();
    await t.factories.application(me.user, { status: 'offered' });
    t.clock.set('2026-06-17T06:59:00.000Z');
    const res = await t.http().post('/api/users/confirm').set('Authorization', t.factories.auth(me.user)).send(fullForm).expect(409);
    expect(res.body.data).toEqual({ message: 'The confirmation deadline has passed', err: 'DEADLINE_PASSED' });
    t.clock.set(DECISIONS_OUT);
  });

  it('declines an offered or confirmed place once, and refuses from any other state', async () => {
    const offered = await t.factories.applicant();
    await t.factories.application(offered.user, { status: 'offered' });
    const res = await t.http().post('/api/users/decline').set('Authorization', offered.auth).send({ sv_id: offered.user.svid }).expect(200);
    expect(res.body.data.application).toMatchObject({ sv: { application_status_id: 4, state: 'declined' }, declined_at: DECISIONS_OUT });
    await t.http().post('/api/users/decline').set('Authorization', offered.auth).send({}).expect(200);
    await confirm(offered.auth, fullForm).expect(409);

    const confirmed = await t.factories.applicant();
    await t.factories.application(confirmed.user, { status: 'confirmed', statusTag: 'SV' });
    await t.http().post('/api/users/decline').set('Authorization', confirmed.auth).send({}).expect(200);

    for (const status of ['pending', 'waitlisted', 'rejected'] as const) {
      const other = await t.factories.applicant();
      await t.factories.application(other.user, { status });
      const refused = await t.http().post('/api/users/decline').set('Authorization', other.auth).send({}).expect(409);
      expect(refused.body.data.message).toBe('There is no place to decline.');
    }
  });

  it("refuses to confirm or decline someone else's place (403)", async () => {
    const owner = await t.factories.applicant();
    const stranger = await t.factories.applicant();
    await t.factories.application(owner.user, { status: 'offered' });
    await confirm(stranger.auth, { ...fullForm, sv_id: owner.user.svid }).expect(403);
    await t.http().post('/api/users/decline').set('Authorization', stranger.auth).send({ sv_id: owner.user.svid }).expect(403);
    await t.http().post('/api/users/decline').send({ sv_id: owner.user.svid }).expect(401);
    const mine = await t.http().get(`/api/application/${owner.user.id}`).set('Authorization', owner.auth).expect(200);
    expect(mine.body.data.sv.state).toBe('offered');
  });
});
