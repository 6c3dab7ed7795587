import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_COMPRESSION_THRESHOLD } from './app.setup.js';
import type { CreatedUser } from './testing/factories.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

describe('the API compresses its larger JSON answers', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.factories.user({ admin: true });
  });
  afterAll(() => t.close());

  it('gzips a JSON answer over the threshold for a client that asks for gzip, and only then', async () => {
    const plain = await t.http().get('/api/settings').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(API_COMPRESSION_THRESHOLD);

    // supertest decodes the gzip'd body: the header tells what was sent, the body that nothing was lost.
    const zipped = await t.http().get('/api/settings').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-length']).toBeUndefined();
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.body).toEqual(plain.body);
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await t.http().get('/api/no-such-route').set('Accept-Encoding', 'gzip').expect(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.statusCode ?? res.status).toBe(404);
  });

  it('sends a streamed CSV export uncompressed, so its rows leave as they are written', async () => {
    const res = await t
      .http()
      .get('/api/admin/reports/volunteers.csv')
      .set('Authorization', admin.auth)
      .set('Accept-Encoding', 'gzip, br')
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
