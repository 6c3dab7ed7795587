import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EditionSettings } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** Two organisers (or one double click) start the next edition at the same moment: it starts once, and the other hears why. */
describe('starting the next edition twice at once', () => {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-09-01T12:00:00.000Z' });
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  it('answers one 201 and one 409 naming the edition, and leaves one new edition current', async () => {
    const auth = t.factories.auth(admin.user);
    const next = (await t.http().get('/api/admin/editions/next').set('Authorization', auth).expect(200)).body as {
      settings: EditionSettings;
    };
    const start = () =>
      t.http().post('/api/admin/editions').set('Authorization', auth).send({ copyVenues: false, settings: next.settings });
    const answers = await Promise.all([start(), start()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toMatchObject({ err: 'EDITION_EXISTS', message: expect.stringContaining('2027') });
    const editions = (await t.http().get('/api/admin/editions').set('Authorization', auth).expect(200)).body as {
      key: string;
      current: boolean;
    }[];
    expect(editions.map((e) => [e.key, e.current]).sort()).toEqual([
      ['2026', false],
      ['2027', true],
    ]);
  });
});
