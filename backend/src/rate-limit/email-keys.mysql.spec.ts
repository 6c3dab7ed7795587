import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { normaliseEmail } from '@svp/domain';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { EmailKeys } from './email-keys.js';

/**
 * Addresses that MySQL's utf8mb4_unicode_ci and a plain Unicode fold (NFKD, marks dropped, lower
 * case) disagree on, beside the ones they agree on: the key must follow the database in every pair.
 */
const ADDRESSES = [
  'victim@example.org',
  'VICTIM@example.org',
  'víctim@example.org',
  'ｖíctim@example.org',
  'vi\u200bctim@example.org',
  'victim\u0000@example.org',
  'victim@example.org \u200b',
  'vaictim@example.org',
  'v\u0363ictim@example.org',
  'strasse@example.org',
  'straße@example.org',
  'ae@example.org',
  'æ@example.org',
  'o@example.org',
  'ø@example.org',
  'あい@example.org',
  'アイ@example.org',
  '🍣@example.org',
  '🍺@example.org',
  'other@example.org',
];

describe('EmailKeys on MySQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives two addresses one key exactly when users.email compares them equal', async () => {
    const [column] = await t.dataSource.query(
      "SELECT COLLATION_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'users' " +
        "AND COLUMN_NAME = 'email'",
    );
    expect(column.c).toBe('utf8mb4_unicode_ci');
    const keys = t.app.get(EmailKeys);
    const keyOf = new Map<string, string | null>();
    for (const address of ADDRESSES) keyOf.set(address, await keys.keyOf(address));
    let equalPairs = 0;
    for (const a of ADDRESSES) {
      for (const b of ADDRESSES) {
        const [{ same }] = await t.dataSource.query(
          'SELECT (CONVERT(? USING utf8mb4) COLLATE utf8mb4_unicode_ci) = CONVERT(? USING utf8mb4) AS same',
          [normaliseEmail(a), normaliseEmail(b)],
        );
        if (a !== b && Number(same) === 1) equalPairs++;
        expect({ a, b, sameKey: keyOf.get(a) === keyOf.get(b) }).toEqual({ a, b, sameKey: Number(same) === 1 });
      }
    }
    // The list is worth its name: the database does equate many of these, and keeps many apart.
    expect(equalPairs).toBeGreaterThan(30);
  });

  it('gives no key to text too long to be an address', async () => {
    expect(await t.app.get(EmailKeys).keyOf(`${'a'.repeat(250)}@example.org`)).toBeNull();
  });
});
