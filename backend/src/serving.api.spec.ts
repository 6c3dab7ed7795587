import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './testing/test-app.js';

describe('one process serves both UIs and the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    const ui = mkdtempSync(join(tmpdir(), 'svp-ui-'));
    for (const [name, title] of [['applicant', 'Applicant app'], ['admin', 'Admin panel']] as const) {
      mkdirSync(join(ui, name, 'assets'), { recursive: true });
      writeFileSync(join(ui, name, 'index.html'), `<!doctype html><title>${title}</title>`);
      writeFileSync(join(ui, name, 'assets', 'app.js'), `console.log(${JSON.stringify(name)})`);
    }
    t = await createTestApp({ env: { APPLICANT_UI_DIR: join(ui, 'applicant'), ADMIN_UI_DIR: join(ui, 'admin') } });
  });
  afterAll(() => t.close());

  it('serves the applicant app at / with a fallback for its client-side routes', async () => {
    for (const path of ['/', '/dashboard', '/application/1', '/forgot-password?token=abc']) {
      const res = await t.http().get(path).expect(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('Applicant app');
    }
    expect((await t.http().get('/assets/app.js').expect(200)).text).toContain('applicant');
  });

  it('serves the admin panel at /admin with its own fallback', async () => {
    for (const path of ['/admin', '/admin/', '/admin/applications/5/show']) {
      const res = await t.http().get(path).expect(200);
      expect(res.text).toContain('Admin panel');
    }
    expect((await t.http().get('/admin/assets/app.js').expect(200)).text).toContain('admin');
  });

  it('answers a missing asset with 404, not the index page', async () => {
    await t.http().get('/assets/missing.js').expect(404);
    await t.http().get('/admin/assets/missing.js').expect(404);
  });

  it('keeps /api for the API and serves the OpenAPI docs', async () => {
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
    const docs = await t.http().get('/api/docs').expect(200);
    expect(docs.text).toContain('swagger');
    const spec = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(spec.body.paths)).toEqual(expect.arrayContaining(['/api/users/login', '/api/settings', '/api/admin/settings', '/api/health']));
  });
});
