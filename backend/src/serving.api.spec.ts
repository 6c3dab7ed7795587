import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { precompressDirectory } from '../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from './testing/test-app.js';

/** A chunk as Vite writes it: under assets/, its content hash in the name, large enough to be precompressed. */
const chunk = (name: string) =>
  Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => document.title + ${JSON.stringify(name)} + ${i};`).join('\n');
const page = (title: string) => {
  const preloads = Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/assets/part-${i}.js">`).join('');
  return `<!doctype html><html lang="en"><head><title>${title}</title>${preloads}</head><body><div id="root"></div></body></html>`;
};

describe('one process serves both UIs and the API', () => {
  let t: TestApp;
  let ui: string;
  beforeAll(async () => {
    ui = mkdtempSync(join(tmpdir(), 'svp-ui-'));
    for (const [name, title] of [
      ['applicant', 'Applicant app'],
      ['admin', 'Admin panel'],
    ] as const) {
      mkdirSync(join(ui, name, 'assets'), { recursive: true });
      writeFileSync(join(ui, name, 'index.html'), page(title));
      writeFileSync(join(ui, name, 'assets', 'app.js'), `console.log(${JSON.stringify(name)})`);
      writeFileSync(join(ui, name, 'assets', 'index-Bx7kQ2mZ.js'), chunk(name));
      writeFileSync(join(ui, name, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`);
      // The build step itself writes the .br and .gz copies (app.js is too small to get any).
      await precompressDirectory(join(ui, name));
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

  describe('compressed and cached as a phone needs it', () => {
    // supertest decodes br and gzip bodies itself: the text compared is the decoded one, the
    // Content-Length the size of the copy actually sent.
    const original = (app: 'applicant' | 'admin', file: string) => readFileSync(join(ui, app, file), 'utf8');
    const sizeOf = (app: 'applicant' | 'admin', file: string) => readFileSync(join(ui, app, file)).length;
    const ASSET = 'assets/index-Bx7kQ2mZ.js';

    it('answers brotli to a browser that takes it, with the type of the file and Vary', async () => {
      for (const [app, path] of [
        ['applicant', `/${ASSET}`],
        ['admin', `/admin/${ASSET}`],
      ] as const) {
        const res = await t.http().get(path).set('Accept-Encoding', 'gzip, deflate, br, zstd').expect(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers['content-length'])).toBe(sizeOf(app, `${ASSET}.br`));
        expect(sizeOf(app, `${ASSET}.br`)).toBeLessThan(sizeOf(app, ASSET) / 5);
        expect(res.text).toBe(original(app, ASSET));
      }
    });

    it('answers gzip when brotli is not taken, and the plain file when neither is', async () => {
      for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'gzip;q=1.0, br;q=0.5']) {
        const res = await t.http().get(`/${ASSET}`).set('Accept-Encoding', accept).expect(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(Number(res.headers['content-length'])).toBe(sizeOf('applicant', `${ASSET}.gz`));
        expect(res.text).toBe(original('applicant', ASSET));
      }
      for (const accept of ['identity', 'br;q=0, gzip;q=0', '']) {
        const res = await t.http().get(`/${ASSET}`).set('Accept-Encoding', accept).expect(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers['content-length'])).toBe(sizeOf('applicant', ASSET));
        expect(res.text).toBe(original('applicant', ASSET));
      }
    });

    it('caches fingerprinted assets for a year as immutable, whether compressed or not', async () => {
      for (const [path, accept] of [
        [`/${ASSET}`, 'br'],
        [`/${ASSET}`, 'identity'],
        ['/assets/app.js', 'br'],
        [`/admin/${ASSET}`, 'gzip'],
      ] as const) {
        const res = await t.http().get(path).set('Accept-Encoding', accept).expect(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('serves a built file without a precompressed copy as it is', async () => {
      const res = await t.http().get('/assets/app.js').set('Accept-Encoding', 'br, gzip').expect(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).toBe('console.log("applicant")');
    });

    it('never caches the index page, and compresses it too', async () => {
      for (const path of ['/', '/dashboard', '/application', '/admin', '/admin/applications/5/show']) {
        const app = path.startsWith('/admin') ? 'admin' : 'applicant';
        const res = await t.http().get(path).set('Accept-Encoding', 'br').expect(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBe('br');
        expect(Number(res.headers['content-length'])).toBe(sizeOf(app, 'index.html.br'));
        expect(res.text).toBe(original(app, 'index.html'));
      }
      // A file copied as it is (not fingerprinted) is revalidated too, not kept for a year.
      expect((await t.http().get('/favicon.svg').expect(200)).headers['cache-control']).toBe('no-cache');
    });

    it('answers HEAD with the headers of the compressed file and no body', async () => {
      const res = await t.http().head(`/${ASSET}`).set('Accept-Encoding', 'br').expect(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(Number(res.headers['content-length'])).toBe(sizeOf('applicant', `${ASSET}.br`));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.text ?? '').toBe('');
    });

    it('serves a range of the plain file only; a compressed answer is whole', async () => {
      const plain = await t.http().get(`/${ASSET}`).set('Accept-Encoding', 'identity').set('Range', 'bytes=0-9').expect(206);
      expect(plain.text).toBe(original('applicant', ASSET).slice(0, 10));
      const encoded = await t.http().get(`/${ASSET}`).set('Accept-Encoding', 'br').set('Range', 'bytes=0-9').expect(200);
      expect(encoded.headers['accept-ranges']).toBeUndefined();
      expect(encoded.text).toBe(original('applicant', ASSET));
    });

    it('still answers a missing asset, or a precompressed copy asked for by name, with 404', async () => {
      for (const path of ['/assets/missing-Ab12Cd34.js', '/admin/assets/missing.css', `/${ASSET}.br`, `/${ASSET}.gz`]) {
        const res = await t.http().get(path).set('Accept-Encoding', 'br, gzip').expect(404);
        expect(res.text).not.toContain('Applicant app');
      }
    });
  });

  it('keeps /api for the API and serves the OpenAPI docs', async () => {
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
    const docs = await t.http().get('/api/docs').expect(200);
    expect(docs.text).toContain('swagger');
    const spec = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining(['/api/users/login', '/api/settings', '/api/admin/settings', '/api/health']),
    );
  });
});
