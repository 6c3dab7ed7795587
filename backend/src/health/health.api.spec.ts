import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok while the database answers, 503 with db down while it does not, and recovers', async () => {
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });

    await t.dataSource.destroy();
    expect((await t.http().get('/api/health').expect(503)).body).toEqual({ status: 'error', db: 'down' });
    // Other calls answer 503 with the envelope, not a 500 or a stack.
    const settings = await t.http().get('/api/settings').expect(503);
    expect(settings.body).toEqual({
      success: false,
      data: { message: expect.stringContaining('cannot reach its database'), err: 'DB_UNAVAILABLE' },
    });

    await t.dataSource.initialize();
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
  });
});
