import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE } from '@svp/domain';
import { holdElapsedTime } from '../testing/elapsed-time.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { SETTINGS_TTL_MS } from './settings.service.js';

describe('settings API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-02-28T21:59:59.999Z' });
  });
  afterAll(() => t.close());

  it('GET /api/settings is public and evaluates the gates on the server clock', async () => {
    const before = await t.http().get('/api/settings').expect(200);
    expect(before.body.success).toBe(true);
    expect(before.body.data.timeline).toEqual(DEFAULT_TIMELINE);
    expect(before.body.data.now).toBe('2026-02-28T21:59:59.999Z');
    expect(before.body.data.gates).toMatchObject({
      applicationsOpen: true,
      afterApplicationDeadline: false,
      afterTeamLeaderDeadline: true,
    });

    t.clock.set('2026-02-28T22:00:00.000Z');
    const after = await t.http().get('/api/settings').expect(200);
    expect(after.body.data.gates).toMatchObject({ applicationsOpen: false, afterApplicationDeadline: true, juryOpen: false });
    expect(after.body.data.statusLabels[1]).toMatchObject({ id: 1, label: 'Accepted', state: 'offered' });
    expect(after.body.data).not.toHaveProperty('autoOfferWaitlist');
  });

  it('GET and PUT /api/admin/settings need a token (401) and an administrator (403)', async () => {
    const volunteer = await t.factories.user();
    const teamLeader = await t.factories.teamLeader();
    await t.http().get('/api/admin/settings').expect(401);
    await t.http().put('/api/admin/settings').send({ swapsEnabled: true }).expect(401);
    for (const caller of [volunteer, teamLeader]) {
      const res = await t.http().get('/api/admin/settings').set('Authorization', caller.auth).expect(403);
      expect(res.body).toEqual({ message: 'Only administrators can do this.', err: 'FORBIDDEN' });
      await t.http().put('/api/admin/settings').set('Authorization', caller.auth).send({ swapsEnabled: true }).expect(403);
    }
    const settings = await t.http().get('/api/settings').expect(200);
    expect(settings.body.data.swapsEnabled).toBe(false);
  });

  it('an administrator changes the timeline and switches; the public view and the audit log follow', async () => {
    const admin = await t.factories.admin();
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ id: 'edition', swapsEnabled: true, statusCatalogue: 'B', timeline: { applicationEndDate: '2026-03-01T22:00:00Z' } })
      .expect(200);
    expect(res.body).toMatchObject({ id: 'edition', swapsEnabled: true, statusCatalogue: 'B' });
    expect(res.body.timeline.applicationEndDate).toBe('2026-03-01T22:00:00.000Z');
    expect(res.body.timeline.juryDeadline).toBe(DEFAULT_TIMELINE.juryDeadline);

    const view = await t.http().get('/api/settings').expect(200);
    expect(view.body.data.swapsEnabled).toBe(true);
    expect(view.body.data.statusLabels.map((s: { label: string }) => s.label)).toContain('SV - Travel');
    expect(view.body.data.timeline.applicationEndDate).toBe('2026-03-01T22:00:00.000Z');

    const [entry] = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC");
    expect(entry.actor_id).toBe(admin.user.id);
    expect(JSON.parse(entry.before).swapsEnabled).toBe(false);
    expect(JSON.parse(entry.after).swapsEnabled).toBe(true);
  });

  it('refuses a malformed date with 400 naming the field, and keeps what was saved', async () => {
    const admin = await t.factories.admin();
    const before = (await t.http().get('/api/admin/settings').set('Authorization', admin.auth)).body;
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ timeline: { juryDeadline: '20 May 2026' } })
      .expect(400);
    expect(res.body.errors).toEqual({ 'timeline.juryDeadline': expect.stringContaining('juryDeadline must be an ISO-8601 date') });
    expect(res.body.message).toContain('juryDeadline');
    const after = (await t.http().get('/api/admin/settings').set('Authorization', admin.auth)).body;
    expect(after).toEqual(before);
  });

  it(
    'refuses null for a setting with 400 naming it, and keeps the portal readable ' + '(a null catalogue once broke every status)',
    async () => {
      const admin = await t.factories.admin();
      const put = (body: object) => t.http().put('/api/admin/settings').set('Authorization', admin.auth).send(body);
      const catalogue = (await t.http().get('/api/settings').expect(200)).body.data.statusCatalogue;
      expect((await put({ statusCatalogue: null }).expect(400)).body.errors).toEqual({
        statusCatalogue: 'statusCatalogue cannot be null: send a value, or leave statusCatalogue out to keep it as it is',
      });
      expect(Object.keys((await put({ timeline: { juryDeadline: null } }).expect(400)).body.errors)).toEqual(['timeline.juryDeadline']);
      expect((await t.http().get('/api/settings').expect(200)).body.data.statusCatalogue).toBe(catalogue);
    },
  );

  it('refuses a timeline out of order with 400 naming the field', async () => {
    const admin = await t.factories.admin();
    const res = await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ timeline: { acceptanceDate: '2026-05-01T19:00:00Z' } })
      .expect(400);
    expect(res.body.errors).toEqual({ 'timeline.acceptanceDate': 'acceptanceDate must be after juryDeadline' });
  });

  it("keeps the references' closing date in order: refused when sent out of order, carried along when left out", async () => {
    const admin = await t.factories.admin();
    const put = (body: object) => t.http().put('/api/admin/settings').set('Authorization', admin.auth).send(body);
    const refused = await put({ timeline: { referencesDeadline: '2026-05-21T00:00:00Z' } }).expect(400);
    expect(refused.body.errors).toEqual({ 'timeline.referencesDeadline': 'referencesDeadline must be before juryDeadline' });
    // May fall after the jury opens: references can arrive while the jury works.
    expect((await put({ timeline: { referencesDeadline: '2026-04-20T00:00:00Z' } }).expect(200)).body.timeline.referencesDeadline).toBe(
      '2026-04-20T00:00:00.000Z',
    );
    // A client that does not know the date moves the jury earlier: the closing date moves two days before the jury opens.
    const moved = await put({ timeline: { juryReleaseDate: '2026-04-01T17:00:00Z', juryDeadline: '2026-04-15T06:59:00Z' } }).expect(200);
    expect(moved.body.timeline.referencesDeadline).toBe('2026-03-30T17:00:00.000Z');
    await put({ timeline: DEFAULT_TIMELINE }).expect(200);
  });

  it("a timeline stored before the references' closing date existed gets one that fits it", async () => {
    const elapsed = holdElapsedTime();
    const { referencesDeadline: _none, ...older } = {
      ...DEFAULT_TIMELINE,
      applicationEndDate: '2026-03-05T22:00:00.000Z',
      juryReleaseDate: '2026-03-06T17:00:00.000Z',
    };
    await t.dataSource.query('UPDATE editions SET settings = ?', [JSON.stringify({ timeline: older })]);
    elapsed.pass(SETTINGS_TTL_MS + 50);
    const view = await t.http().get('/api/settings').expect(200);
    // Two days before the jury opens would be before the deadline: halfway to the jury deadline instead.
    expect(view.body.data.timeline.referencesDeadline).toBe(
      new Date((Date.parse(older.applicationEndDate) + Date.parse(older.juryDeadline)) / 2).toISOString(),
    );
    expect(view.body.data.gates).toHaveProperty('referencesOpen');
  });

  it('switches references on for the jury, audit-logged, and keeps the switch off the public view', async () => {
    const admin = await t.factories.admin();
    expect((await t.http().get('/api/admin/settings').set('Authorization', admin.auth).expect(200)).body.juryReferences).toBe(false);
    const res = await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ juryReferences: true }).expect(200);
    expect(res.body.juryReferences).toBe(true);
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ juryReferences: 'yes' }).expect(400);
    const [entry] = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC");
    expect(JSON.parse(entry.after).juryReferences).toBe(true);
    expect((await t.http().get('/api/settings').expect(200)).body.data).not.toHaveProperty('juryReferences');
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ juryReferences: false }).expect(200);
  });

  it(
    'an administrator sets the conference facts; days out of order or outside the week are refused by field, ' + 'and nothing is saved',
    async () => {
      const admin = await t.factories.admin();
      const facts = {
        name: 'SIGGRAPH 2027',
        city: 'Montréal',
        firstShiftDay: '2027-07-30',
        startDate: '2027-07-31',
        endDate: '2027-08-05',
        defaultScheduleDay: '2027-07-31',
        svHours: 22,
        tlHours: 55,
      };
      await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ conference: facts }).expect(200);
      const view = await t.http().get('/api/settings').expect(200);
      expect(view.body.data.conference).toMatchObject(facts);

      const refused = await t
        .http()
        .put('/api/admin/settings')
        .set('Authorization', admin.auth)
        .send({ conference: { firstShiftDay: '2027-08-01', defaultScheduleDay: '2027-08-09', name: 'SIGGRAPH 2028' } })
        .expect(400);
      expect(refused.body.errors).toEqual({
        'conference.startDate': 'startDate must be on or after firstShiftDay (the first day with shifts)',
        'conference.defaultScheduleDay': 'defaultScheduleDay must be one of the conference days, from firstShiftDay to endDate',
      });
      const impossible = await t
        .http()
        .put('/api/admin/settings')
        .set('Authorization', admin.auth)
        .send({ conference: { endDate: '2027-02-30' } })
        .expect(400);
      expect(impossible.body.errors).toEqual({ 'conference.endDate': 'endDate must be a real day written YYYY-MM-DD, e.g. 2026-08-08' });
      const hours = await t
        .http()
        .put('/api/admin/settings')
        .set('Authorization', admin.auth)
        .send({ conference: { svHours: 0 } })
        .expect(400);
      expect(Object.keys(hours.body.errors)).toEqual(['conference.svHours']);
      expect((await t.http().get('/api/settings').expect(200)).body.data.conference).toMatchObject(facts);
    },
  );

  it('refuses wrong types and unknown fields with 400', async () => {
    const admin = await t.factories.admin();
    const wrongType = await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ swapsEnabled: 'yes' }).expect(400);
    expect(wrongType.body.errors).toEqual({ swapsEnabled: 'swapsEnabled must be true or false' });
    const unknown = await t
      .http()
      .put('/api/admin/settings')
      .set('Authorization', admin.auth)
      .send({ timeline: { launch: 'x' } })
      .expect(400);
    expect(unknown.body.errors).toEqual({ 'timeline.launch': 'timeline.launch is not a known field; remove it' });
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ statusCatalogue: 'C' }).expect(400);
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ timeline: 'soon' }).expect(400);
  });

  it('shows a change written by another server of the deployment within SETTINGS_TTL_MS', async () => {
    const elapsed = holdElapsedTime();
    const before = (await t.http().get('/api/settings').expect(200)).body.data.mailingListUrl;
    // As another server would: straight into the current edition's stored settings.
    const [row] = await t.dataSource.query('SELECT id, settings FROM editions ORDER BY id DESC LIMIT 1');
    const stored = JSON.parse(row.settings);
    const write = (value: object) => t.dataSource.query('UPDATE editions SET settings = ? WHERE id = ?', [JSON.stringify(value), row.id]);
    await write({ ...stored, mailingListUrl: 'https://lists.example.org/other-server' });
    elapsed.pass(SETTINGS_TTL_MS + 50);
    expect((await t.http().get('/api/settings').expect(200)).body.data.mailingListUrl).toBe('https://lists.example.org/other-server');
    await write({ ...stored, mailingListUrl: before });
  });
});
