import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { Application } from './application.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const TRICKY_ESSAY = '=HYPERLINK("http://evil.example","click"), said "Ada"\nsecond line, with commas';

describe('admin applications: statistics, search, list, show, status, export', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const apps: Record<string, Application> = {};
  const users: Record<string, CreatedUser> = {};

  const score = async (application: Application, essays: [number, number, number]) => {
    const juror = await t.factories.teamLeader();
    const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
    await t.dataSource.query(
      'INSERT INTO jury_scores (edition_id, team_leader_id, application_id, essay1, essay2, essay3, overall, red_flag, created_at, ' +
        'updated_at) VALUES (1, ?, ?, ?, ?, ?, 1, 0, ?, ?)',
      [juror.user.id, application.id, ...essays, now, now],
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00.000Z' });
    admin = await t.factories.admin({ email: 'chair@example.org', firstName: 'Chair', lastName: 'Person' });
    users.ada = await t.factories.applicant({ email: 'ada@example.edu', firstName: 'Ada', lastName: 'Lovelace' });
    users.grace = await t.factories.applicant({ email: 'grace@example.edu', firstName: 'Grace', lastName: 'Hopper' });
    users.alan = await t.factories.applicant({ email: 'alan@example.edu', firstName: 'Alan', lastName: 'Turing' });
    users.kat = await t.factories.applicant({ email: 'kat@example.edu', firstName: 'Katherine', lastName: 'Johnson' });
    await t.factories.user({ email: 'nobody@example.edu' });
    apps.ada = await t.factories.application(users.ada.user, { teamLeader: true, data: completeApplicationData({ essay3: TRICKY_ESSAY }) });
    apps.grace = await t.factories.application(users.grace.user, { financialAid: true });
    apps.alan = await t.factories.application(users.alan.user, { completed: false });
    apps.kat = await t.factories.application(users.kat.user, { status: 'offered' });
    await score(apps.ada, [5, 5, 4]);
    await score(apps.ada, [4, 4, 4]);
    await score(apps.grace, [2, 3, 2]);
  });
  afterAll(() => t.close());

  it('GET /api/application/statistics counts started, completed, TL and aid applicants, per status, per day and the funnel', async () => {
    const res = await t.http().get('/api/application/statistics').set('Authorization', admin.auth).expect(200);
    expect(res.body.data).toMatchObject({ total: 4, completed: 3, team_leader: 1, financial_aid: 1 });
    expect(res.body.data.by_status).toEqual(
      expect.arrayContaining([
        { id: null, label: 'Pending', count: 2 },
        { id: 1, label: 'Accepted', count: 1 },
      ]),
    );
    expect(res.body.data.per_day).toEqual([{ date: '2026-03-15', started: 4, completed: 3 }]);
    // Registered counts every non-administrator: the five applicants and the three team leaders who scored.
    expect(res.body.data.funnel).toEqual({ registered: 8, profile_complete: 4, started: 4, completed: 3 });
  });

  it('POST /api/application/search finds by email, first name or last name', async () => {
    const byLast = await t
      .http()
      .post('/api/application/search')
      .set('Authorization', admin.auth)
      .send({ criterion: 'lastName', text: 'hop' })
      .expect(200);
    expect(byLast.body.data.applications).toEqual([
      expect.objectContaining({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.edu',
        svId: users.grace.user.svid,
        completed: true,
        financialAid: true,
        teamLeader: false,
      }),
    ]);
    const byEmail = await t
      .http()
      .post('/api/application/search')
      .set('Authorization', admin.auth)
      .send({ criterion: 'email', text: 'ALAN@' })
      .expect(200);
    expect(byEmail.body.data.applications.map((a: { firstName: string }) => a.firstName)).toEqual(['Alan']);
    await t.http().post('/api/application/search').set('Authorization', admin.auth).send({ criterion: 'password', text: 'x' }).expect(400);
  });

  it('GET /api/application/search filters (only when given), pages, and adds data and scores on request', async () => {
    const completed = await t
      .http()
      .get('/api/application/search?completed=true&limit=2&page=1')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(completed.body.data).toMatchObject({ total: 3, limit: 2, pages: 2, page: 1 });
    expect(completed.body.data.apps).toHaveLength(2);
    expect(completed.body.data.apps[0]).not.toHaveProperty('data');
    const second = await t.http().get('/api/application/search?completed=true&limit=2&page=2').set('Authorization', admin.auth).expect(200);
    expect(second.body.data.apps).toHaveLength(1);

    const scored = await t
      .http()
      .get('/api/application/search?withData=true&withScores=true&limit=10')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(scored.body.data.apps.map((a: { sv: { email: string } }) => a.sv.email).slice(0, 2)).toEqual([
      'ada@example.edu',
      'grace@example.edu',
    ]);
    expect(scored.body.data.apps[0]).toMatchObject({ totalavg: 4.33, team_leader: true, data: { essay3: TRICKY_ESSAY } });
    const leaders = await t.http().get('/api/application/search?teamLeader=true').set('Authorization', admin.auth).expect(200);
    expect(leaders.body.data.apps.map((a: { sv_id: number }) => a.sv_id)).toEqual([users.ada.user.id]);
    await t.http().get('/api/application/search?completed=maybe').set('Authorization', admin.auth).expect(400);
  });

  it('lists the applications resource with search, filters, sort and Content-Range', async () => {
    const list = (query: Record<string, unknown>) =>
      t
        .http()
        .get('/api/admin/applications')
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
        .set('Authorization', admin.auth);
    const all = await list({ sort: ['lastName', 'ASC'], range: [0, 1] }).expect(200);
    expect(all.headers['content-range']).toBe('applications 0-1/4');
    expect(all.body.map((r: { lastName: string }) => r.lastName)).toEqual(['Hopper', 'Johnson']);
    expect(all.body[0]).toMatchObject({
      id: apps.grace.id,
      svid: users.grace.user.svid,
      completed: true,
      financialAid: true,
      statusId: null,
      status: 'Pending',
      averageScore: 2.33,
    });

    expect((await list({ filter: { financialAid: true } }).expect(200)).body.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Grace',
    ]);
    expect((await list({ filter: { completed: false } }).expect(200)).body.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Alan',
    ]);
    expect((await list({ filter: { statusId: 1 } }).expect(200)).body.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Katherine',
    ]);
    expect((await list({ filter: { q: 'love' } }).expect(200)).body.map((r: { firstName: string }) => r.firstName)).toEqual(['Ada']);
    expect(
      (await list({ filter: { q: 'ada', criterion: 'firstName' } }).expect(200)).body.map((r: { firstName: string }) => r.firstName),
    ).toEqual(['Ada']);
    expect((await list({ filter: { q: 'ada', criterion: 'lastName' } }).expect(200)).body).toEqual([]);
    const byScore = await list({ sort: ['averageScore', 'DESC'], filter: { completed: true } }).expect(200);
    expect(byScore.body.map((r: { firstName: string }) => r.firstName)).toEqual(['Ada', 'Grace', 'Katherine']);
    await list({ filter: { completed: 'yes' } }).expect(400);
  });

  it('shows one application with its allowed moves, and changes its status through the resource with history', async () => {
    const shown = await t.http().get(`/api/admin/applications/${apps.grace.id}`).set('Authorization', admin.auth).expect(200);
    expect(shown.body.allowedStatuses).toEqual([
      { id: 1, label: 'Accepted' },
      { id: 3, label: 'Rejected' },
      { id: 5, label: 'Waitlisted' },
    ]);
    expect(shown.body.application.data.schoolName).toBe('Emily Carr University');

    const updated = await t
      .http()
      .put(`/api/admin/applications/${apps.grace.id}`)
      .set('Authorization', admin.auth)
      .send({ statusId: 5 })
      .expect(200);
    expect(updated.body).toMatchObject({
      statusId: 5,
      status: 'Waitlisted',
      allowedStatuses: [
        { id: 1, label: 'Accepted' },
        { id: 3, label: 'Rejected' },
      ],
    });
    expect(updated.body.history).toEqual([
      {
        at: '2026-03-15T12:00:00.000Z',
        actor: 'chair@example.org',
        actorName: 'Chair Person',
        from: { state: 'pending', tag: null },
        to: { state: 'waitlisted', tag: null, reason: 'admin' },
      },
    ]);
    const refused = await t
      .http()
      .put(`/api/admin/applications/${apps.grace.id}`)
      .set('Authorization', admin.auth)
      .send({ statusId: 2 })
      .expect(409);
    expect(refused.body.message).toBe('This application cannot go from waitlisted to confirmed.');
    await t.http().get('/api/admin/applications/99999').set('Authorization', admin.auth).expect(404);
  });

  it('exports the filtered rows as filtered-sv-apps.csv: BOM, headers, quoting, defused formulas, sorted by score', async () => {
    const res = await t
      .http()
      .get('/api/admin/applications/export.csv')
      .query({ filter: JSON.stringify({ completed: true }), withData: 'true', withScores: 'true' })
      .set('Authorization', admin.auth)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="filtered-sv-apps.csv"');
    expect(res.headers['x-total-count']).toBe('3');
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(bytes.toString('utf8').slice(1));
    const [header, ...rows] = records;
    expect(header!.slice(0, 8)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'SV ID',
      'Completed',
      'Team Leader',
      'Financial Aid',
      'Username',
    ]);
    expect(header![8]).toBe('Processing Status');
    expect(header).toContain('Essay 1: Interest and Motivation');
    expect(header).not.toContain('Proof of Enrollment');
    expect(header).not.toContain('Terms and Conditions');
    expect(header!.at(-1)).toBe('Average Essay Score');
    // Every column has a human header, once: no field names.
    expect(new Set(header).size).toBe(header!.length);
    expect(header!.filter((h) => /^[a-z]+[A-Z]|^[a-z0-9]+$/.test(h))).toEqual([]);
    expect(rows.map((r) => r[0])).toEqual(['Ada', 'Grace', 'Katherine']);
    expect(rows.map((r) => r[8])).toEqual(['Pending', 'Waitlisted', 'Accepted']);
    expect(rows.map((r) => r.at(-1))).toEqual(['4.33', '2.33', '']);
    const column = (label: string) => rows[0]![header!.indexOf(label)];
    expect(column('Essay 3: Conflict Resolution')).toBe(`'${TRICKY_ESSAY}`);
    expect(column('Years Volunteered (North America)')).toBe('2023; 2024');
    // Labels instead of codes; the country keeps its code in a column of its own.
    expect(column('School Country')).toBe('Canada');
    expect(column('School Country Code')).toBe('CA');
    expect(column('First Reference Type')).toBe('Professor/Teacher');
    expect(column('Second Reference Type')).toBe('Work Supervisor');
    expect(column('Expected Graduation Month')).toBe('May');
    expect(rows[0]![4]).toBe('Yes');
  });

  it('exports only the identity columns without the options', async () => {
    const res = await t
      .http()
      .get('/api/admin/applications/export.csv')
      .query({ filter: JSON.stringify({ teamLeader: true }) })
      .set('Authorization', admin.auth)
      .expect(200);
    const records: string[][] = parse(res.text.replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'SV ID',
      'Completed',
      'Team Leader',
      'Financial Aid',
      'Username',
      'Processing Status',
      'First Reference State',
      'Second Reference State',
      'References Received',
      'Average Reference Rating',
    ]);
    expect(records[1]![2]).toBe('ada@example.edu');
    expect(records[1]![8]).toBe('Pending');
    // No reference requested yet: no state, none received, no rating.
    expect(records[1]!.slice(9)).toEqual(['', '', '0', '']);
  });

  it('lists the audit log, filterable by actor and action', async () => {
    const list = await t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ action: 'application.status', actor: 'chair' }) })
      .set('Authorization', admin.auth)
      .expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(1);
    expect(list.body[0]).toMatchObject({ actorEmail: 'chair@example.org', action: 'application.status', entity: 'application' });
    const none = await t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ actor: 'nobody' }) })
      .set('Authorization', admin.auth)
      .expect(200);
    expect(none.body).toEqual([]);
    const actions = await t.http().get('/api/admin/audit/actions').set('Authorization', admin.auth).expect(200);
    expect(actions.body).toEqual(expect.arrayContaining([{ id: 'application.status', name: 'application.status' }]));
  });

  it('answers 401 anonymously and 403 to applicants and team leaders on every admin call', async () => {
    const teamLeader = await t.factories.teamLeader();
    const calls = [
      () => t.http().get('/api/application/statistics'),
      () => t.http().post('/api/application/search').send({ criterion: 'email', text: 'a' }),
      () => t.http().get('/api/application/search'),
      () => t.http().get('/api/admin/applications'),
      () => t.http().get('/api/admin/applications/export.csv'),
      () => t.http().get(`/api/admin/applications/${apps.ada.id}`),
      () => t.http().put(`/api/admin/applications/${apps.ada.id}`).send({ statusId: 1 }),
      () => t.http().get('/api/admin/audit'),
      () => t.http().get('/api/admin/audit/actions'),
      () => t.http().get('/api/admin/audit/1'),
    ];
    for (const call of calls) {
      await call().expect(401);
      await call().set('Authorization', users.ada.auth).expect(403);
      await call().set('Authorization', teamLeader.auth).expect(403);
    }
  });
});

describe('the CSV export over several batches', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('sends every application exactly once, in score order, when many share a repeating-decimal average', async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00.000Z' });
    const admin = await t.factories.admin();
    const juror = await t.factories.teamLeader();
    const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
    // 3.3333… and 3.6667… cannot be written exactly: a cursor on a rounded average skips or repeats rows.
    const essaysFor = (i: number): [number, number, number] => (i % 3 === 0 ? [4, 4, 3] : [3, 3, 4]);
    const count = 230;
    for (let i = 0; i < count; i++) {
      const { user } = await t.factories.applicant({ email: `batch${i}@example.edu` });
      const application = await t.factories.application(user);
      await t.dataSource.query(
        'INSERT INTO jury_scores (edition_id, team_leader_id, application_id, essay1, essay2, essay3, overall, red_flag, created_at, ' +
          'updated_at) VALUES (1, ?, ?, ?, ?, ?, 1, 0, ?, ?)',
        [juror.user.id, application.id, ...essaysFor(i), now, now],
      );
    }
    const res = await t
      .http()
      .get('/api/admin/applications/export.csv')
      .query({ withScores: 'true' })
      .set('Authorization', admin.auth)
      .expect(200);
    const [, ...rows]: string[][] = parse(res.text.replace(/^\uFEFF/, ''));
    const emails = rows.map((r) => r[2]);
    expect(new Set(emails).size).toBe(count);
    expect(emails).toHaveLength(count);
    const averages = rows.map((r) => Number(r.at(-1)));
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(averages.filter((a) => a === 3.67)).toHaveLength(Math.ceil(count / 3));
  }, 120_000);
});
