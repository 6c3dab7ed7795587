import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { matchesPattern, type PagePreload } from './index-page.js';

const ENTRY_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/react-Ab12.js">';
const INDEX =
  `<!doctype html><html lang="en"><head><title>Applicant app</title>${ENTRY_PRELOAD}</head>` + `<body><div id="root"></div></body></html>`;
/** As the applicant app's build writes it: the signed-in pages most specific first. */
const TABLE: PagePreload[] = [
  { paths: ['/', '/login'], files: ['assets/HomePage-Aa11.js', 'assets/formik-Bb22.js'] },
  {
    paths: ['/dashboard'],
    files: ['assets/DashboardPage-Cc33.js', 'assets/Chip-Dd44.js'],
    reads: ['/users/profile', '/application/{user}'],
  },
  { paths: ['/application/view'], files: ['assets/ViewApplicationPage-Ee55.js'], reads: ['/users/profile'] },
  { paths: ['/application/:step'], files: ['assets/PerStepApplication-Ff66.js', 'assets/formik-Bb22.js'] },
];
const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

describe('matchesPattern: an address against a route pattern', () => {
  it('matches equal segments and a parameter standing for one segment', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/dashboard', '/dashboard/')).toBe(true);
    expect(matchesPattern('/schedule/shift/:id', '/schedule/shift/12')).toBe(true);
    expect(matchesPattern('/schedule/shift/:id', '/schedule/shift')).toBe(false);
    expect(matchesPattern('/schedule/shift/:id', '/schedule/shift/12/edit')).toBe(false);
    expect(matchesPattern('/', '/dashboard')).toBe(false);
    expect(matchesPattern('/dashboard', '/dashboards')).toBe(false);
  });
});

describe('the index page names the opened page’s code for preloading', () => {
  let t: TestApp;
  let ui: string;
  beforeAll(async () => {
    ui = mkdtempSync(join(tmpdir(), 'svp-index-page-'));
    mkdirSync(join(ui, 'assets'), { recursive: true });
    writeFileSync(join(ui, 'index.html'), INDEX);
    writeFileSync(join(ui, 'page-preloads.json'), JSON.stringify(TABLE));
    t = await createTestApp({ env: { APPLICANT_UI_DIR: ui } });
  });
  afterAll(() => t.close());

  it('adds each page’s chunks after the entry’s, and nothing of the other pages', async () => {
    const expected: [string, string[]][] = [
      ['/', ['react-Ab12.js', 'HomePage-Aa11.js', 'formik-Bb22.js']],
      ['/login', ['react-Ab12.js', 'HomePage-Aa11.js', 'formik-Bb22.js']],
      ['/dashboard', ['react-Ab12.js', 'DashboardPage-Cc33.js', 'Chip-Dd44.js']],
      ['/application/view', ['react-Ab12.js', 'ViewApplicationPage-Ee55.js']],
      ['/application/2', ['react-Ab12.js', 'PerStepApplication-Ff66.js', 'formik-Bb22.js']],
      // An address of no page (the app shows "Page not found"): the entry only.
      ['/no/such/page', ['react-Ab12.js']],
    ];
    for (const [path, files] of expected) {
      const res = await t.http().get(path).set('Accept-Encoding', 'identity').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(preloadsIn(res.text).map((f) => f.replace('assets/', ''))).toEqual(files);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('names a signed-in page’s first reads for the early script, and none on a page that reads nothing first', async () => {
    const readsOf = async (path: string) => {
      const res = await t.http().get(path).set('Accept-Encoding', 'identity').expect(200);
      return [...res.text.matchAll(/<meta name="svp-first-reads" content="([^"]*)">/g)].map((m) => m[1]);
    };
    expect(await readsOf('/dashboard')).toEqual(['/users/profile /application/{user}']);
    expect(await readsOf('/application/view')).toEqual(['/users/profile']);
    expect(await readsOf('/')).toEqual([]);
    expect(await readsOf('/no/such/page')).toEqual([]);
  });

  it('compresses each variant, never caches it, and answers 304 to the same page asked again', async () => {
    const br = await t.http().get('/dashboard').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(preloadsIn(br.text)).toContain('assets/DashboardPage-Cc33.js');
    const gzip = await t.http().get('/dashboard').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(br.text);
    expect(gzip.headers['etag']).not.toBe(br.headers['etag']);

    await t.http().get('/dashboard').set('Accept-Encoding', 'gzip, br').set('If-None-Match', br.headers['etag']).expect(304);
    // Another page's tag does not match: its page has other preloads.
    const home = await t.http().get('/').set('Accept-Encoding', 'gzip, br').set('If-None-Match', br.headers['etag']).expect(200);
    expect(preloadsIn(home.text)).toContain('assets/HomePage-Aa11.js');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.http().head('/dashboard').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text ?? '').toBe('');
  });

  it('follows a new build without a restart', async () => {
    writeFileSync(join(ui, 'page-preloads.json'), JSON.stringify([{ paths: ['/dashboard'], files: ['assets/DashboardPage-New9.js'] }]));
    const res = await t.http().get('/dashboard').set('Accept-Encoding', 'identity').expect(200);
    expect(preloadsIn(res.text)).toEqual(['assets/react-Ab12.js', 'assets/DashboardPage-New9.js']);
  });
});
