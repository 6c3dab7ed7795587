import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Application } from '../applications/application.entity.js';
import { ReferencesService } from '../references/references.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { CreatedUser } from '../testing/factories.js';
import { pdfBytes } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { uploadProof } from '../testing/uploads.js';
import { EDITION_TABLES, Editions1765400000000 } from './migrations/1765400000000-Editions.js';
import { MIGRATIONS } from './migrations/index.js';

/** Every table a season fills. */
const SEASON_TABLES = [
  'users',
  'applications',
  'proof_files',
  'upload_tickets',
  'application_references',
  'jury_assignments',
  'jury_scores',
  'venues',
  'venue_team_leaders',
  'shifts',
  'shift_assignments',
  'performance_records',
  'shift_swap_requests',
  'calendar_feeds',
  'volunteer_constraints',
  'job_runs',
  'mail_sends',
  'messages',
  'audit_log',
] as const;

const IN_REFERENCES = '2026-03-10T12:00:00.000Z';
const IN_JURY = '2026-04-20T12:00:00.000Z';
const SCHEDULES_OUT = '2026-08-07T12:00:00.000Z';
const DURING_SHIFT = '2026-08-10T15:30:00.000Z';

type Snapshot = Record<string, Record<string, unknown>[]>;

/**
 * The editions migration on a database holding a full season: applications with proofs and
 * references, a jury with scores, venues, shifts, assignments, records, a swap, a calendar feed,
 * availability, a job run with its emails, a message and the audit log. Taken back to the schema
 * before editions and migrated again, every record is still there, unchanged, in the first edition.
 */
describe('the editions migration on a full season', () => {
  let t: TestApp;
  let before: Snapshot;
  let withoutEditions: Snapshot;
  let storedSettings: string;

  const snapshot = async (): Promise<Snapshot> => {
    const tables: Snapshot = {};
    for (const table of SEASON_TABLES) tables[table] = await t.dataSource.query(`SELECT * FROM ${table} ORDER BY id`);
    return tables;
  };
  const withoutEditionColumn = (tables: Snapshot): Snapshot =>
    Object.fromEntries(Object.entries(tables).map(([table, rows]) => [table, rows.map(({ edition_id: _edition, ...rest }) => rest)]));
  /**
   * Columns later migrations add (a swap request's open key, an assignment's exception, a shift's calendar
   * revision, a message's kept rendering and its urgency, the edition an application's answers were carried
   * over from, when an account was erased): absent while the editions migration is undone.
   */
  const LATER_COLUMNS = [
    'open_key',
    'exception_rules',
    'exception_reason',
    'exception_by',
    'exception_at',
    'calendar_sequence',
    'rendered_html',
    'rendered_text',
    'rendered_links',
    'urgent',
    'carried_from_edition_id',
    'erased_at',
  ];
  const without =
    (columns: readonly string[]) =>
    (tables: Snapshot): Snapshot =>
      Object.fromEntries(
        Object.entries(tables).map(([table, rows]) => [
          table,
          rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)))),
        ]),
      );
  const withoutLaterColumns = without(LATER_COLUMNS);
  /** A message's kept rendering: lost when its migration is undone, made again from the body on the message's next read. */
  const withoutRenderings = without(['rendered_html', 'rendered_text', 'rendered_links']);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-01-15T12:00:00.000Z' });
    const f = t.factories;
    const admin = await f.admin();
    const adminSend = (method: 'post' | 'put', path: string, body: object) =>
      t.http()[method](`/api/admin/${path}`).set('Authorization', f.auth(admin.user)).send(body);
    const leaders = [await f.teamLeader({ firstName: 'Tess' }), await f.teamLeader({ firstName: 'Theo' })];
    const people: CreatedUser[] = [];
    for (const name of ['Ann', 'Bo', 'Cy', 'Dee']) {
      const person = await f.applicant({ firstName: name });
      expect((await uploadProof(t, person, pdfBytes())).put?.status).toBe(200);
      people.push(person);
    }
    for (const [i, person] of people.entries())
      await f.application(person.user, { status: i < 2 ? 'confirmed' : 'pending', statusTag: i < 2 ? 'SV' : null });
    await adminSend('put', 'settings', { swapsEnabled: true }).expect(200);

    t.clock.set(IN_REFERENCES);
    const settings = await t.app.get(SettingsService).get();
    for (const person of people) {
      const application = await t.dataSource
        .getRepository<Application>('applications')
        .findOneOrFail({ where: { userId: person.user.id }, relations: { user: true } });
      await t.dataSource.transaction((manager) =>
        t.app
          .get(ReferencesService)
          .prepareRequests(manager, application as Application & { user: typeof person.user }, settings, t.clock.now()),
      );
    }
    t.clock.set(IN_JURY);
    await t.http().post('/api/jury/assign-jury').set('Authorization', f.auth(admin.user)).send({ TLsPerApp: 1, seed: 3 }).expect(200);
    const assigned = (
      await t.http().get(`/api/jury/tl-assignments/${leaders[0].user.id}`).set('Authorization', f.auth(leaders[0].user)).expect(200)
    ).body.data.assignments;
    await t
      .http()
      .post('/api/jury/score')
      .set('Authorization', f.auth(leaders[0].user))
      .send({
        tl_id: leaders[0].user.id,
        sv_id: assigned[0].student_volunteer_id,
        essay1: 4,
        essay2: 5,
        essay3: 3,
        overall: 1,
        red_flag: 0,
      })
      .expect(200);

    t.clock.set(SCHEDULES_OUT);
    const venue = (
      await adminSend('post', 'venues', { name: 'Registration', location: 'West', teamLeaderIds: [leaders[0].user.id] }).expect(201)
    ).body.id;
    const shifts = [
      (
        await adminSend('post', 'shifts', {
          venueId: venue,
          startTime: '2026-08-10 08:00',
          endTime: '2026-08-10 12:00',
          role: 'Greeter',
          svSlots: 2,
        }).expect(201)
      ).body.id,
      (
        await adminSend('post', 'shifts', {
          venueId: venue,
          startTime: '2026-08-11 08:00',
          endTime: '2026-08-11 12:00',
          role: 'Greeter',
          svSlots: 2,
        }).expect(201)
      ).body.id,
    ];
    await adminSend('post', 'shift-assignments', { shiftId: shifts[0], volunteerId: people[0].user.id }).expect(201);
    await adminSend('post', 'shift-assignments', { shiftId: shifts[1], volunteerId: people[1].user.id }).expect(201);
    await adminSend('put', `volunteer-constraints/${people[1].user.id}`, {
      unavailable: [],
      maxHoursPerDay: 6,
      minRestMinutes: null,
    }).expect(200);
    await t.http().post(`/api/schedule/${people[0].user.id}/calendar-feed`).set('Authorization', f.auth(people[0].user)).expect(201);
    await t.http().post('/api/schedule/swap/create').set('Authorization', f.auth(people[1].user)).send({ shift_id: shifts[1] }).expect(201);
    await adminSend('post', 'jobs/schedules-release/run', {}).expect(201);
    await adminSend('post', 'messages', { subject: 'Welcome', body: 'Hello {firstName}', audience: { kind: 'confirmed' } }).expect(201);
    t.clock.set(DURING_SHIFT);
    await t
      .http()
      .post('/api/schedule/pr')
      .set('Authorization', f.auth(leaders[0].user))
      .send({
        performance_records: [
          { shift_id: shifts[0], student_volunteer_id: people[0].user.id, check_in: true, check_out: false, rating: 4, notes: 'On time' },
        ],
      })
      .expect(200);

    before = await snapshot();
    [{ settings: storedSettings }] = await t.dataSource.query('SELECT settings FROM editions');
    // SQLite rebuilds a table to drop a column; its foreign keys are checked again once it is back (as at start).
    const sqlite = t.dataSource.options.type === 'better-sqlite3';
    if (sqlite) await t.dataSource.query('PRAGMA foreign_keys = OFF');
    // Back to just before the editions migration: the ones after it first, then it.
    for (let undo = MIGRATIONS.length - MIGRATIONS.indexOf(Editions1765400000000); undo > 0; undo -= 1)
      await t.dataSource.undoLastMigration();
    withoutEditions = await snapshot();
    await t.dataSource.runMigrations();
    if (sqlite) {
      await t.dataSource.query('PRAGMA foreign_keys = ON');
      expect(await t.dataSource.query('PRAGMA foreign_key_check')).toEqual([]);
    }
  });
  afterAll(() => t.close());

  it('holds a full season before the migration', () => {
    for (const table of SEASON_TABLES) expect({ table, rows: withoutEditions[table]!.length > 0 }).toEqual({ table, rows: true });
    for (const table of EDITION_TABLES.filter((name) => name !== 'schedule_builds'))
      expect(withoutEditions[table]!.some((row) => 'edition_id' in row)).toBe(false);
  });

  it('keeps the settings: taken back they are the settings row, migrated they are the first edition’s', async () => {
    const [settingsRow] = await t.dataSource.query("SELECT name FROM settings WHERE name = 'edition'");
    expect(settingsRow).toBeUndefined();
    const editions = await t.dataSource.query('SELECT id, edition_key, name, settings FROM editions');
    expect(editions).toHaveLength(1);
    expect(editions[0]).toMatchObject({ edition_key: '2026', name: 'SIGGRAPH 2026' });
    expect(JSON.parse(editions[0].settings)).toEqual(JSON.parse(storedSettings));
  });

  it('leaves every record as it was, in the first edition', async () => {
    const after = await snapshot();
    expect(withoutLaterColumns(withoutEditionColumn(after))).toEqual(withoutEditions);
    expect(withoutRenderings(withoutEditionColumn(after))).toEqual(withoutRenderings(withoutEditionColumn(before)));
    const [{ id }] = await t.dataSource.query('SELECT id FROM editions');
    for (const table of EDITION_TABLES) {
      const editionIds = new Set(
        (await t.dataSource.query(`SELECT edition_id FROM ${table}`)).map((row: { edition_id: unknown }) => Number(row.edition_id)),
      );
      expect({ table, editionIds: [...editionIds].filter((value) => value !== Number(id)) }).toEqual({ table, editionIds: [] });
    }
  });

  it('keeps serving the season through the API afterwards', async () => {
    const admin = await t.factories.admin();
    const list = await t.http().get('/api/admin/applications').set('Authorization', t.factories.auth(admin.user)).expect(200);
    expect(list.body).toHaveLength(4);
  });
});
