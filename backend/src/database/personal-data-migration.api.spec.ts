import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildPersonalDataWorld, type PersonalDataWorld, SEASON } from '../testing/personal-data-world.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { PersonalData1766000000000 } from './migrations/1766000000000-PersonalData.js';

/**
 * The personal-data migration on a database holding a season from before it: taken back and migrated
 * again, every submitted application's three agreements are recorded, with the version 'unknown'
 * (the portal did not record which text was agreed to), at the submission's time.
 */
describe('the personal-data migration on a season submitted before agreements were recorded', () => {
  let t: TestApp;
  let w: PersonalDataWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildPersonalDataWorld(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('records the agreements of every submitted application, version unknown, and keeps every account', async () => {
    const users = await t.dataSource.query('SELECT id, email FROM users ORDER BY id');
    // SQLite rebuilds a table to add or drop a column; its foreign keys are checked again once it is back (as at start).
    const sqlite = t.dataSource.options.type === 'better-sqlite3';
    if (sqlite) await t.dataSource.query('PRAGMA foreign_keys = OFF');
    const runner = t.dataSource.createQueryRunner();
    try {
      const migration = new PersonalData1766000000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    if (sqlite) {
      await t.dataSource.query('PRAGMA foreign_keys = ON');
      expect(await t.dataSource.query('PRAGMA foreign_key_check')).toEqual([]);
    }
    expect(await t.dataSource.query('SELECT id, email FROM users ORDER BY id')).toEqual(users);
    const consents = await t.dataSource.query('SELECT user_id, document, version, source, edition, agreed_at FROM consents ORDER BY id');
    expect(
      consents.map((c: { user_id: number; document: string; version: string; source: string; edition: string }) => [
        Number(c.user_id),
        c.document,
        c.version,
        c.source,
        c.edition,
      ]),
    ).toEqual(
      [w.alice, w.bob].flatMap((who) =>
        ['privacy', 'media-release', 'terms'].map((document) => [who.user.id, document, 'unknown', 'before-records', '2026']),
      ),
    );
    const agreed = new Date(`${String(consents[0].agreed_at).replace(' ', 'T').replace(/Z?$/, 'Z')}`);
    expect(consents[0].agreed_at instanceof Date ? consents[0].agreed_at.toISOString() : agreed.toISOString()).toBe(
      SEASON.applicationsOpen,
    );
    // The account read through the app still works after the round trip.
    await t.http().get('/api/users/my-data').set('Authorization', t.factories.auth(w.alice.user)).expect(200);
  });
});
