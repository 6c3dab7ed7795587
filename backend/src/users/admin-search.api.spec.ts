import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SearchKeys1764900000000 } from '../database/migrations/1764900000000-SearchKeys.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Names in several scripts, accents and cases; each must be found as typed, without its accents, in any case.
const PEOPLE = [
  { firstName: 'Émile', lastName: 'Durand', email: 'emile.durand@example.fr' },
  { firstName: 'José', lastName: 'Ñúñez', email: 'jose.nunez@example.es' },
  { firstName: 'Zoë', lastName: 'Brontë', email: 'zoë@example.org' },
  { firstName: '太郎', lastName: '山田', email: 'taro@example.jp' },
  { firstName: 'Иван', lastName: 'Петров', email: 'ivan@example.ru' },
  { firstName: 'Οδυσσέας', lastName: 'Ελύτης', email: 'odysseas@example.gr' },
  { firstName: 'محمد', lastName: 'العلي', email: 'mohammed@example.sa' },
  { firstName: 'Ada', lastName: 'McLovelace', email: 'ada@example.edu' },
  // 'mile' is in Émile too: a plain search finds both.
  { firstName: 'Milena', lastName: 'Kowalska', email: 'milena@example.pl' },
];

describe('administrators find people by name and email in any script, case and accent', () => {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00.000Z' });
    admin = await t.factories.admin({ email: 'chair@example.org', firstName: 'Chair', lastName: 'Person' });
    for (const person of PEOPLE) {
      const { user } = await t.factories.applicant(person);
      await t.factories.application(user);
    }
  });
  afterAll(() => t.close());

  const query = (filter: Record<string, unknown>) => ({ filter: JSON.stringify(filter), range: JSON.stringify([0, 99]) });
  const usersFound = async (q: string) =>
    (
      (await t.http().get('/api/admin/users').query(query({ q })).set('Authorization', admin.auth).expect(200)).body as {
        firstName: string;
      }[]
    )
      .map((u) => u.firstName)
      .sort();
  const applicationsFound = async (filter: Record<string, unknown>) =>
    (
      (await t.http().get('/api/admin/applications').query(query(filter)).set('Authorization', admin.auth).expect(200)).body as {
        firstName: string;
      }[]
    )
      .map((a) => a.firstName)
      .sort();
  const searchedByUser = async (criterion: string, text: string) =>
    (
      (await t.http().post('/api/application/search').set('Authorization', admin.auth).send({ criterion, text }).expect(200)).body.data
        .applications as { firstName: string }[]
    )
      .map((a) => a.firstName)
      .sort();

  const EXPECTED: [string, string[]][] = [
    ['Émile', ['Émile']],
    ['émile', ['Émile']],
    ['EMILE', ['Émile']],
    ['mile', ['Milena', 'Émile']],
    ['Ñúñez', ['José']],
    ['ñúñez', ['José']],
    ['NUNEZ', ['José']],
    ['josé ñúñez', ['José']],
    ['Brontë', ['Zoë']],
    ['ZOË@', ['Zoë']],
    ['山田', ['太郎']],
    ['山田 太郎', ['太郎']],
    ['ＹＡＭＡＤＡ', []],
    ['иван', ['Иван']],
    ['ПЕТРОВ', ['Иван']],
    ['ΟΔΥΣΣΕΑΣ', ['Οδυσσέας']],
    ['ελυτης', ['Οδυσσέας']],
    ['العلي', ['محمد']],
    ['mclovelace', ['Ada']],
    ['MCLOVELACE ADA', ['Ada']],
    ['aDa@ExAmPlE', ['Ada']],
    ['Émile Ñúñez', []],
  ];

  it.each(EXPECTED)('the users list finds %j', async (q, expected) => {
    expect(await usersFound(q)).toEqual(expected);
  });

  it.each(EXPECTED)('the applications list finds %j', async (q, expected) => {
    expect(await applicationsFound({ q })).toEqual(expected);
  });

  it('searches by user with a criterion: the field holds the whole text, accents and case aside', async () => {
    expect(await searchedByUser('firstName', 'ÉMILE')).toEqual(['Émile']);
    expect(await searchedByUser('lastName', 'nunez')).toEqual(['José']);
    expect(await searchedByUser('lastName', 'Émile')).toEqual([]);
    expect(await searchedByUser('email', 'Zoë@')).toEqual(['Zoë']);
    expect(await searchedByUser('lastName', '山田')).toEqual(['太郎']);
    expect(await applicationsFound({ q: 'ñúñez', criterion: 'lastName' })).toEqual(['José']);
    expect(await applicationsFound({ q: 'ñúñez', criterion: 'firstName' })).toEqual([]);
    expect(await applicationsFound({ q: 'Οδυσσέας', criterion: 'firstName' })).toEqual(['Οδυσσέας']);
  });

  it('takes %, _ and ! as typed, not as wildcards', async () => {
    const odd = await t.factories.user({ email: 'percent%sign@example.edu', firstName: 'Odd', lastName: 'Name_With!Bang' });
    expect(await usersFound('%')).toEqual(['Odd']);
    expect(await usersFound('_with!')).toEqual(['Odd']);
    expect(await usersFound('e_w')).toEqual(['Odd']);
    await t.dataSource.query('DELETE FROM users WHERE id = ?', [odd.user.id]);
  });

  it('keeps the search current when someone registers and when a profile changes its name or email', async () => {
    const registered = await t
      .http()
      .post('/api/users/register')
      .send({ first_name: 'Björn', last_name: 'Åström', email: 'bjorn@example.se', password: 'a-long-password-1' })
      .expect(201);
    expect(await usersFound('bjorn astrom')).toEqual(['Björn']);

    const auth = `Bearer ${registered.body.data.session.access_token}`;
    const profile = (await t.http().get('/api/users/profile').set('Authorization', auth).expect(200)).body.data.user;
    await t
      .http()
      .post('/api/users/profile')
      .set('Authorization', auth)
      .send({
        given_name: 'Björn',
        family_name: 'Øster',
        email: 'bjørn@example.no',
        birthdate: '2002-04-01',
        gender: ['he/him'],
        disability: 'no',
        address: { address1: '1 Fjord Road', address2: '', city: 'Bergen', region: 'Vestland', country: 'NO', postal_code: '5003' },
        languages: ['Norwegian'],
        phone_number: '+47 55 55 55 55',
        sv_id: profile.sv_id,
        current_password: 'a-long-password-1',
      })
      .expect(200);
    expect(await usersFound('astrom')).toEqual([]);
    expect(await usersFound('OSTER')).toEqual(['Björn']);
    expect(await usersFound('bjorn@example.no')).toEqual(['Björn']);
    expect(await usersFound('bjorn@example.se')).toEqual([]);
  });

  it('gives the users already there their search keys when the migration runs', async () => {
    const runner = t.dataSource.createQueryRunner();
    // As the migration runner does: on SQLite, rebuilding the users table must not cascade to their applications.
    await runner.beforeMigration();
    try {
      const migration = new SearchKeys1764900000000();
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.afterMigration();
      await runner.release();
    }
    expect(await usersFound('Émile')).toEqual(['Émile']);
    expect(await usersFound('ελυτης')).toEqual(['Οδυσσέας']);
    expect(await applicationsFound({ q: 'NUNEZ' })).toEqual(['José']);
  });
});
