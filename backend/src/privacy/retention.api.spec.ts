import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_RETENTION, type EditionSettings, REMOVED_TEXT, type RetentionRow } from '@svp/domain';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { buildPersonalDataWorld, type PersonalDataWorld, SEASON, traces } from '../testing/personal-data-world.js';
import { createTestApp, openTestApp, type TestApp } from '../testing/test-app.js';
import { RetentionService } from './retention.service.js';

const DAY_MS = 86_400_000;
const dueAfter = (days: number, ms = 60_000) => new Date(Date.parse(SEASON.editionEnds) + days * DAY_MS + ms).toISOString();

describe('retention: each kind of an edition’s sensitive data is removed once, when its time comes', () => {
  let t: TestApp;
  let w: PersonalDataWorld;
  /** The world's proofs' storage keys, to see their files go. */
  let proofKeys: string[];
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildPersonalDataWorld(t);
    proofKeys = (await t.dataSource.query('SELECT storage_key FROM proof_files ORDER BY id')).map(
      (r: { storage_key: string }) => r.storage_key,
    );
    // The next edition starts; Bob applies again, so his phone number is still needed.
    const next = (await admin('get', '/api/admin/editions/next').expect(200)).body as { settings: EditionSettings };
    await admin('post', '/api/admin/editions').send({ copyVenues: false, settings: next.settings }).expect(201);
    await t.factories.application(w.bob.user, { editionId: 2, completed: false });
  }, 120_000);
  let second: TestApp | undefined;
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const admin = (method: 'get' | 'put' | 'post', path: string) =>
    t.http()[method](path).set('Authorization', t.factories.auth(w.admin.user));
  const retention = async () => (await admin('get', '/api/admin/retention?range=[0,99]').expect(200)).body as RetentionRow[];
  const lastYear = async () => (await retention()).filter((row) => row.editionKey === '2026');
  const runDue = () => t.app.get(RetentionService).runDue();

  /** What the reports and the next selection read about last year: hours, counts, ratings, years. */
  async function figures() {
    const volunteers = (await admin('get', `/api/admin/reports/volunteers?filter=${encodeURIComponent('{"edition":1}')}`).expect(200))
      .body as { id: number; scheduledHours: number; checkedInHours: number; shifts: number; noShows: number; averageRating: number }[];
    const venues = (await admin('get', `/api/admin/reports/venues?filter=${encodeURIComponent('{"edition":1}')}`).expect(200)).body;
    const logistics = (await admin('get', '/api/admin/reports/logistics?edition=1').expect(200)).body as {
      confirmed: number;
      totals: { key: string; count: number }[];
    };
    const jury = (await admin('get', '/api/jury/statistics?edition=1').expect(200)).body.data.references;
    const bobApplication = (
      await t.dataSource.query('SELECT id FROM applications WHERE user_id = ? AND edition_id = 2', [w.bob.user.id])
    )[0].id as number;
    const history = (await admin('get', `/api/admin/applications/${bobApplication}`).expect(200)).body.editionHistory as {
      hoursWorked: number;
      noShows: number;
      averageRating: number | null;
      servedAs: string | null;
    }[];
    return {
      volunteers: volunteers.map(({ id, scheduledHours, checkedInHours, shifts, noShows, averageRating }) => ({
        id,
        scheduledHours,
        checkedInHours,
        shifts,
        noShows,
        averageRating,
      })),
      venues,
      logistics: { confirmed: logistics.confirmed, counts: logistics.totals.map((total) => [total.key, total.count]) },
      jury,
      history: history.map(({ hoursWorked, noShows, averageRating, servedAs }) => ({ hoursWorked, noShows, averageRating, servedAs })),
    };
  }

  /** What the database holds of each kind for last year's edition. */
  async function held() {
    const forms = (await t.dataSource.query('SELECT confirmation FROM applications WHERE edition_id = 1 AND confirmation IS NOT NULL')).map(
      (r: { confirmation: string }) =>
        JSON.parse(r.confirmation) as { passportStatus: string; dietRestrictions: string; additionalInfo: string },
    );
    const phones = (
      await t.dataSource.query('SELECT phone_number FROM users WHERE id IN (?, ?) ORDER BY id', [w.alice.user.id, w.bob.user.id])
    ).map((r: { phone_number: string | null }) => r.phone_number);
    return {
      proofs: Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM proof_files WHERE edition_id = 1'))[0].n),
      passports: forms.map((f: { passportStatus: string }) => f.passportStatus),
      health: forms.map((f: { dietRestrictions: string; additionalInfo: string }) => [f.dietRestrictions, f.additionalInfo]),
      phones,
      statements: (await t.dataSource.query('SELECT statement FROM application_references WHERE statement IS NOT NULL ORDER BY id')).map(
        (r: { statement: string }) => r.statement,
      ),
      notes: (await t.dataSource.query('SELECT notes, time_note FROM performance_records ORDER BY id')).map(
        (r: { notes: string | null; time_note: string | null }) => [r.notes, r.time_note],
      ),
    };
  }

  let before: Awaited<ReturnType<typeof figures>>;

  it('shows what will be removed when, with how much each kind still holds', async () => {
    before = await figures();
    const rows = await lastYear();
    expect(rows.map((r) => [r.kind, r.days, r.dueAt, r.state, r.held])).toEqual([
      ['health', DEFAULT_RETENTION.health, dueAfter(14, 0), 'scheduled', 2],
      ['proofs', DEFAULT_RETENTION.proofs, dueAfter(30, 0), 'scheduled', 2],
      ['passports', DEFAULT_RETENTION.passports, dueAfter(30, 0), 'scheduled', 2],
      ['refereeStatements', DEFAULT_RETENTION.refereeStatements, dueAfter(30, 0), 'scheduled', 2],
      ['phones', DEFAULT_RETENTION.phones, dueAfter(90, 0), 'scheduled', 1],
      ['performanceNotes', DEFAULT_RETENTION.performanceNotes, dueAfter(400, 0), 'scheduled', 2],
    ]);
    expect(rows[0]).toMatchObject({ endsAt: SEASON.editionEnds, title: 'Dietary and health notes', removed: null, removedAt: null });
    // This year's edition is listed first, its kinds a year later.
    expect((await retention())[0]).toMatchObject({ editionKey: '2027', kind: 'health', state: 'scheduled' });
  });

  it('removes nothing before its time', async () => {
    t.clock.set(dueAfter(14, -60_000));
    const heldBefore = await held();
    expect(await runDue()).toEqual([]);
    expect(await held()).toEqual(heldBefore);
  });

  it('removes exactly the kind that is due, once, even with two servers running it at the same moment', async () => {
    t.clock.set(dueAfter(14));
    // A second server on the same database, kept open until the end (as every two-server suite does).
    second = await openTestApp(t.database, { clock: t.clock });
    const other = second.app.get(RetentionService);
    // On MariaDB the two run at once. Two servers on one SQLite file are two processes; here both are in this one, where
    // SQLite's wait for a lock blocks the event loop that would let the other's transaction end: there they run one after the other.
    const runs = t.database.databaseUrl
      ? (await Promise.all([runDue(), other.runDue()])).flat()
      : [...(await runDue()), ...(await other.runDue())];
    expect(runs.map((run) => [run.job, run.edition, run.outcome, run.counts])).toEqual([
      ['retention-health', '2026', 'succeeded', { removed: 2 }],
    ]);
    const now = await held();
    expect(now.health).toEqual([
      [REMOVED_TEXT, REMOVED_TEXT],
      [REMOVED_TEXT, REMOVED_TEXT],
    ]);
    // Every other kind is still there.
    expect(now.proofs).toBe(2);
    expect(now.passports).toEqual(['valid', 'valid']);
    expect(now.phones).toEqual([w.texts.alice.phone, w.texts.bob.phone]);
    expect(now.statements).toEqual([w.texts.alice.statement, w.texts.bob.statement]);
    expect(now.notes).toEqual([
      [w.texts.alice.notes, w.texts.alice.timeNote],
      [w.texts.bob.notes, w.texts.bob.timeNote],
    ]);
    // Once: a second look finds it done.
    expect(await runDue()).toEqual([]);
    expect(Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM data_removals WHERE kind = 'health'"))[0].n)).toBe(1);
  });

  it('catches up after downtime, each kind once, and leaves the figures of reports and the next selection as they were', async () => {
    // The servers were down for a year: at the next start every removal that fell due runs, oldest first.
    t.clock.set(dueAfter(400, 5 * 60_000));
    const runs = await runDue();
    expect(runs.filter((run) => run.edition === '2026').map((run) => [run.job, run.triggeredBy, run.outcome, run.counts?.removed])).toEqual(
      [
        ['retention-proofs', 'catch-up', 'succeeded', 2],
        ['retention-passports', 'catch-up', 'succeeded', 2],
        ['retention-refereeStatements', 'catch-up', 'succeeded', 2],
        ['retention-phones', 'catch-up', 'succeeded', 1],
        ['retention-performanceNotes', 'catch-up', 'succeeded', 2],
      ],
    );
    expect(await runDue()).toEqual([]);

    const now = await held();
    expect(now).toEqual({
      proofs: 0,
      passports: ['', ''],
      health: [
        [REMOVED_TEXT, REMOVED_TEXT],
        [REMOVED_TEXT, REMOVED_TEXT],
      ],
      // Bob applied again this year: his number is still needed.
      phones: [null, w.texts.bob.phone],
      statements: [],
      notes: [
        [null, null],
        [null, null],
      ],
    });
    for (const key of proofKeys) expect(await t.app.get(ProofStorage).read(key)).toBeNull();
    // The references keep their state and ratings; the records their times and ratings.
    const references = await t.dataSource.query('SELECT state, average_rating FROM application_references WHERE slot = 1 ORDER BY id');
    expect(references.map((r: { state: string; average_rating: number }) => [r.state, Math.round(Number(r.average_rating) * 100)])).toEqual(
      [
        ['received', 433],
        ['received', 433],
      ],
    );

    const after = await figures();
    expect(after).toEqual(before);
    expect(after.logistics.counts).toEqual(expect.arrayContaining([['passport:valid', 2]]));
  });

  it('says in the audit log what kind it removed and how many, never the data, and shows each removal on the retention page', async () => {
    const entries = await t.dataSource.query(
      "SELECT actor_id, entity, entity_id, after FROM audit_log WHERE action = 'retention.remove' ORDER BY id",
    );
    const lastYears = entries.filter((e: { entity_id: string }) => e.entity_id === '1');
    expect(lastYears.map((e: { after: string }) => [JSON.parse(e.after).kind, JSON.parse(e.after).removed])).toEqual([
      ['health', 2],
      ['proofs', 2],
      ['passports', 2],
      ['refereeStatements', 2],
      ['phones', 1],
      ['performanceNotes', 2],
    ]);
    expect(lastYears[0]).toMatchObject({ actor_id: null, entity: 'edition' });
    const logged = JSON.stringify(entries);
    for (const trace of [...traces(w, 'alice'), ...traces(w, 'bob')]) expect([trace, logged.includes(trace)]).toEqual([trace, false]);

    const rows = await lastYear();
    expect(rows.map((r) => [r.kind, r.state, r.held, r.removed])).toEqual([
      ['health', 'done', 0, 2],
      ['proofs', 'done', 0, 2],
      ['passports', 'done', 0, 2],
      ['refereeStatements', 'done', 0, 2],
      ['phones', 'done', 0, 1],
      ['performanceNotes', 'done', 0, 2],
    ]);
  });

  it('takes each kind’s period from the edition’s settings, a whole number of days from 0 to ten years', async () => {
    const refused = await admin('put', '/api/admin/settings')
      .send({ retention: { proofs: -1, health: 2.5 } })
      .expect(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['retention.health', 'retention.proofs']);
    const saved = await admin('put', '/api/admin/settings')
      .send({ retention: { proofs: 60 } })
      .expect(200);
    expect(saved.body.retention).toEqual({ ...DEFAULT_RETENTION, proofs: 60 });
    expect((await t.http().get('/api/settings').expect(200)).body.data.retention).toEqual({ ...DEFAULT_RETENTION, proofs: 60 });
    const thisYear = (await retention()).find((row) => row.editionKey === '2027' && row.kind === 'proofs')!;
    expect(Date.parse(thisYear.dueAt) - Date.parse(thisYear.endsAt)).toBe(60 * DAY_MS);
  });
});
