import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { completeApplicationData, pdfBytes, words } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { CreatedUser } from '../testing/factories.js';
import { uploadProof } from '../testing/uploads.js';

const AFTER_TL_DEADLINE = '2026-02-10T12:00:00.000Z';

describe('applications: save, load, submit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const save = (auth: string, body: Record<string, unknown>) =>
    t.http().post('/api/application/save').set('Authorization', auth).send(body);

  it('walks new (404) → save → reload → submit refused with the list → fill → submit → edit refused', async () => {
    const me = await t.factories.applicant();
    const missing = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(404);
    expect(missing.body.data.message).toBe('You have not started an application yet.');

    const first = await save(me.auth, { sv_id: me.user.svid, data: { step: 1, schoolName: 'Emily Carr University' } }).expect(200);
    expect(first.body.data).toMatchObject({
      step: 1,
      completed: false,
      team_leader: false,
      financial_aid: false,
      sv: { application_status_id: null },
    });
    expect(first.body.data.progress).toBeGreaterThan(0);
    expect(first.body.data.progress).toBeLessThan(100);

    for (const key of [String(me.user.id), me.user.username, me.user.svid]) {
      const reload = await t.http().get(`/api/application/${key}`).set('Authorization', me.auth).expect(200);
      expect(reload.body.data.data.schoolName).toBe('Emily Carr University');
      expect(reload.body.data.updated_at).toBe(first.body.data.updated_at);
    }

    const refused = await save(me.auth, { data: { step: 7 }, completed: true, updated_at: first.body.data.updated_at }).expect(400);
    expect(refused.body.data.err).toBe('INCOMPLETE');
    expect(refused.body.data.message).toContain('So close!');
    expect(refused.body.data.missing).toEqual(
      expect.arrayContaining(['Proof of Enrollment', 'School City', 'Essay 1: Interest and Motivation', 'Terms and Conditions']),
    );
    expect(refused.body.data.errors['data.essay1']).toBe('Essay 1: Interest and Motivation is required');
    // Nothing of the refused submission was written.
    const stillOpen = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(stillOpen.body.data.completed).toBe(false);

    const { put } = await uploadProof(t, me, pdfBytes());
    expect(put!.status).toBe(200);
    const filled = await save(me.auth, { data: { ...completeApplicationData(), step: 7 }, updated_at: first.body.data.updated_at }).expect(
      200,
    );
    expect(filled.body.data.problems).toEqual({ missing: [], over_limit: [] });
    expect(filled.body.data.data.proofOfEnrollment).toMatchObject({
      name: `${me.user.svid}.pdf`,
      type: 'application/pdf',
      url: `/api/files/${me.user.svid}`,
    });

    const submitted = await save(me.auth, { data: { step: 7 }, completed: true, updated_at: filled.body.data.updated_at }).expect(200);
    expect(submitted.body.data).toMatchObject({ completed: true, progress: 100, submitted_at: expect.any(String) });
    expect(submitted.body.data.data.essay3).toBe(completeApplicationData().essay3);

    const edit = await save(me.auth, { data: { essay1: 'changed my mind' }, updated_at: submitted.body.data.updated_at }).expect(409);
    expect(edit.body.data).toMatchObject({ err: 'SUBMITTED', message: 'Your application has been submitted and can no longer be edited.' });
    await uploadProof(t, me, pdfBytes()).then(({ ticket }) => expect(ticket.status).toBe(409));
  });

  it('answers a draft save with exactly the record a reload shows (proof, status and all)', async () => {
    const me = await t.factories.applicant();
    const first = await save(me.auth, { sv_id: me.user.svid, data: { step: 1, schoolName: 'ETH Zürich' } }).expect(200);
    await uploadProof(t, me, pdfBytes());
    const saved = await save(me.auth, {
      data: { step: 2, essay1: 'Ünïcödé 😊 "quoted", and 中文' },
      updated_at: first.body.data.updated_at,
    }).expect(200);
    const reload = await t.http().get(`/api/application/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    const { notices, ...answer } = saved.body.data;
    expect(notices).toEqual([]);
    expect(answer).toEqual(reload.body.data);
    expect(answer.data).toMatchObject({
      schoolName: 'ETH Zürich',
      essay1: 'Ünïcödé 😊 "quoted", and 中文',
      proofOfEnrollment: { name: `${me.user.svid}.pdf` },
    });
  });

  it("keeps the stored step and every answer a save leaves out (what the app's draft saves rely on)", async () => {
    const me = await t.factories.applicant();
    const moved = await save(me.auth, { data: { step: 5, schoolName: 'Kept', airportCode: 'YVR' } }).expect(200);
    const draft = await save(me.auth, { data: { essay1: 'A draft' }, updated_at: moved.body.data.updated_at }).expect(200);
    expect(draft.body.data.step).toBe(5);
    expect(draft.body.data.data).toMatchObject({ step: 5, schoolName: 'Kept', airportCode: 'YVR', essay1: 'A draft' });
  });

  it('accepts an essay of 300 words and refuses submission at 301, naming it', async () => {
    const me = await t.factories.applicant();
    await uploadProof(t, me, pdfBytes());
    const saved = await save(me.auth, { data: { ...completeApplicationData(), essay2: words(301) } }).expect(200);
    expect(saved.body.data.problems.over_limit).toEqual([
      { field: 'essay2', label: 'Essay 2: Diverse Experiences', words: 301, limit: 300 },
    ]);
    const refused = await save(me.auth, { data: {}, completed: true }).expect(400);
    expect(refused.body.data.over_limit).toEqual(['Essay 2: Diverse Experiences']);
    expect(refused.body.data.errors).toEqual({ 'data.essay2': 'Essay 2: Diverse Experiences is 301 words; the limit is 300' });
    await save(me.auth, { data: { essay2: words(300) }, completed: true }).expect(200);
  });

  it('refuses submission before the email is confirmed or while the profile is incomplete', async () => {
    const unverified = await t.factories.applicant({ verified: false });
    await uploadProof(t, unverified, pdfBytes());
    const a = await save(unverified.auth, { data: completeApplicationData(), completed: true }).expect(400);
    expect(a.body.data.err).toBe('EMAIL_NOT_VERIFIED');
    const noProfile = await t.factories.user();
    await uploadProof(t, noProfile, pdfBytes());
    const b = await save(noProfile.auth, { data: completeApplicationData(), completed: true }).expect(400);
    expect(b.body.data.err).toBe('PROFILE_INCOMPLETE');
  });

  it('checks saves field by field and keeps what was saved when refusing', async () => {
    const me = await t.factories.applicant();
    await save(me.auth, { data: { schoolName: 'Kept' } }).expect(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ airportCode: 'YV' }, 'data.airportCode'],
      [{ estimatedTravelCost: -5 }, 'data.estimatedTravelCost'],
      [{ estimatedTravelCost: '200' }, 'data.estimatedTravelCost'],
      [{ primaryTransport: 'rocket' }, 'data.primaryTransport'],
      [{ expectedGraduationMonth: 13 }, 'data.expectedGraduationMonth'],
      [{ yearsVolunteered: [1999] }, 'data.yearsVolunteered'],
      [{ firstReferenceType: 'friend' }, 'data.firstReferenceType'],
      [{ essay1: 42 }, 'data.essay1'],
      [{ acceptedTerms: 'yes' }, 'data.acceptedTerms'],
      [{ isAdmin: true }, 'data.isAdmin'],
      [{ haveNotAttended: true, haveAttended: true }, 'data.haveNotAttended'],
    ];
    for (const [data, field] of cases) {
      const res = await save(me.auth, { data: { schoolName: 'Overwritten', ...data } }).expect(400);
      expect(Object.keys(res.body.data.errors)).toEqual([field]);
    }
    await save(me.auth, { data: 'not an object' }).expect(400);
    await save(me.auth, { data: {}, completed: 'yes' }).expect(400);
    await save(me.auth, { data: {}, owner: 5 }).expect(400);
    const kept = await t.http().get(`/api/application/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(kept.body.data.data.schoolName).toBe('Kept');
    await save(me.auth, { data: { estimatedTravelCost: 1234.5, airportCode: 'yvr' } }).expect(200);
  });

  it('answers a stale save with 409 and the current version; of two racing saves one wins', async () => {
    const me = await t.factories.applicant();
    const base = await save(me.auth, { data: { essay1: 'first draft' } }).expect(200);
    const newer = await save(me.auth, { data: { essay1: 'second tab wrote this' }, updated_at: base.body.data.updated_at }).expect(200);
    const stale = await save(me.auth, { data: { essay1: 'first tab overwrites?' }, updated_at: base.body.data.updated_at }).expect(409);
    expect(stale.body.data.err).toBe('STALE');
    expect(stale.body.data.current).toMatchObject({ updated_at: newer.body.data.updated_at, data: { essay1: 'second tab wrote this' } });

    const racing = await Promise.all(
      ['tab A', 'tab B'].map((text) => save(me.auth, { data: { essay1: text }, updated_at: newer.body.data.updated_at })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = racing.find((r) => r.status === 200)!.body.data.data.essay1;
    const final = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(final.body.data.data.essay1).toBe(winner);
  });

  it("refuses another user's application by profile id, username or svid (403), and lets an administrator read any", async () => {
    const owner = await t.factories.applicant();
    const stranger = await t.factories.applicant();
    await save(owner.auth, { data: { schoolName: 'Private' } }).expect(200);
    for (const key of [String(owner.user.id), owner.user.username, owner.user.svid, 'no-such-user', '999999']) {
      const res = await t.http().get(`/api/application/${key}`).set('Authorization', stranger.auth).expect(403);
      expect(res.body.data.message).toBe('You can only see your own application.');
    }
    await save(stranger.auth, { sv_id: owner.user.svid, data: { schoolName: 'Hijacked' } }).expect(403);
    await t.http().get(`/api/application/${owner.user.id}`).expect(401);

    const admin = await t.factories.admin();
    const read = await t.http().get(`/api/application/${owner.user.username}`).set('Authorization', admin.auth).expect(200);
    expect(read.body.data.data.schoolName).toBe('Private');
    expect(read.body.data.sv.UserAttributes).toMatchObject({ email: owner.user.email, given_name: owner.user.firstName });
    await t.http().get(`/api/application/no-such-user`).set('Authorization', admin.auth).expect(404);
  });

  it('shows the application status id on the profile', async () => {
    const me = await t.factories.applicant();
    await t.factories.application(me.user, { status: 'offered' });
    const profile = await t.http().get('/api/users/profile').set('Authorization', me.auth).expect(200);
    expect(profile.body.data.user.application_status_id).toBe(1);
  });
});

describe('applications: deadlines and the team leader option', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The clock jumps by weeks here, so every call signs a fresh token at the current time.
  const save = (who: CreatedUser, body: Record<string, unknown>) =>
    t.http().post('/api/application/save').set('Authorization', t.factories.auth(who.user)).send(body);

  it("refuses every save from the application deadline on (409, 'Applications have closed'), and before launch", async () => {
    const me = await t.factories.applicant();
    await save(me, { data: { schoolName: 'Before' } }).expect(200);
    t.clock.set('2026-02-28T21:59:59.999Z');
    await save(me, { data: { schoolName: 'Just in time' } }).expect(200);
    t.clock.set('2026-02-28T22:00:00.000Z');
    const late = await save(me, { data: { schoolName: 'Too late' } }).expect(409);
    expect(late.body.data).toEqual({ message: 'Applications have closed', err: 'DEADLINE_PASSED' });
    const newcomer = await t.factories.applicant();
    await save(newcomer, { data: { schoolName: 'Never' } }).expect(409);
    expect((await uploadProof(t, { ...me, auth: t.factories.auth(me.user) }, pdfBytes())).ticket.status).toBe(409);
    const kept = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', t.factories.auth(me.user)).expect(200);
    expect(kept.body.data.data.schoolName).toBe('Just in time');

    t.clock.set('2025-12-01T00:00:00.000Z');
    expect((await save(newcomer, { data: {} }).expect(409)).body.data.message).toBe('Applications are not open yet.');
  });

  it('clears the TL flag on saves after the TL deadline, keeping the rest of the save', async () => {
    t.clock.set('2026-01-20T00:00:00.000Z');
    const me = await t.factories.applicant();
    const before = await save(me, { data: { haveVolunteered: true, yearsVolunteered: [2024] }, team_leader: true }).expect(200);
    expect(before.body.data.team_leader).toBe(true);
    t.clock.set(AFTER_TL_DEADLINE);
    const after = await save(me, { data: { teamLeaderEssay1: 'kept text' }, team_leader: true }).expect(200);
    expect(after.body.data).toMatchObject({ team_leader: false, notices: ['The deadline for Team Leader applications has passed'] });
    expect(after.body.data.data.teamLeaderEssay1).toBe('kept text');
  });

  it('refuses the TL option for first-timers', async () => {
    t.clock.set('2026-01-20T00:00:00.000Z');
    const me = await t.factories.applicant();
    const res = await save(me, { data: { haveNotAttended: true }, team_leader: true }).expect(400);
    expect(res.body.data.errors).toEqual({ team_leader: 'Team Leader applicants need at least one year of prior SV experience.' });
  });
});
