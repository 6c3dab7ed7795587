import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { precompressDirectory } from '../../../../scripts/precompress.mjs';
import { FINGERPRINTED_CACHE, REVALIDATED_CACHE, acceptedEncodings, cacheControlFor } from './built-ui.js';

describe('the build step that precompresses a built UI (scripts/precompress.mjs)', () => {
  let dist: string;
  const script = Array.from({ length: 300 }, (_, i) => `export function step${i}(form) { return form.values.essay${i % 3}.trim(); }`).join(
    '\n',
  );
  const styles = Array.from({ length: 200 }, (_, i) => `.card-${i} { margin: ${i}px; padding: 8px 16px; }`).join('\n');
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'svp-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head></html>`,
    );
    writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'assets/index-Ef56Gh78.css'), styles);
    writeFileSync(join(dist, 'assets/tiny-Ij90Kl12.js'), 'export {};');
    // Already compressed (fonts, images) or incompressible: no copy would pay.
    writeFileSync(join(dist, 'assets/roboto-Mn34Op56.woff2'), randomBytes(4000));
    writeFileSync(join(dist, 'assets/photo-Qr78St90.png'), randomBytes(4000));
    writeFileSync(join(dist, 'assets/noise-Uv12Wx34.js'), randomBytes(4000).toString('base64'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy next to every compressible file, each decoding to the original', async () => {
    await precompressDirectory(dist);
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css']) {
      const original = readFileSync(join(dist, file));
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      // Brotli at its highest quality beats gzip on text.
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 3);
    }
  });

  it('writes no copy where it does not pay: tiny files, fonts, images, incompressible bytes', async () => {
    const lines = await precompressDirectory(dist);
    for (const file of ['assets/tiny-Ij90Kl12.js', 'assets/roboto-Mn34Op56.woff2', 'assets/photo-Qr78St90.png']) {
      expect(existsSync(join(dist, `${file}.br`))).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`))).toBe(false);
    }
    // Base64 noise still shrinks by a quarter (its alphabet is 6 bits a byte): worth a copy.
    expect(lines.find((l) => l.file === 'assets/noise-Uv12Wx34.js')?.br).toBeLessThan(((4000 * 4) / 3) * 0.9);
    expect(lines.find((l) => l.file === 'assets/tiny-Ij90Kl12.js')).toEqual({
      file: 'assets/tiny-Ij90Kl12.js',
      bytes: 10,
      br: null,
      gz: null,
    });
    expect(lines.map((l) => l.file)).not.toContain('assets/photo-Qr78St90.png');
  });

  it('gives the same folder when run twice, and drops a stale copy that no longer pays', async () => {
    await precompressDirectory(dist);
    const first = readFileSync(join(dist, 'assets/index-Ab12Cd34.js.br'));
    writeFileSync(join(dist, 'assets/tiny-Ij90Kl12.js.br'), 'stale');
    const again = await precompressDirectory(dist);
    expect(readFileSync(join(dist, 'assets/index-Ab12Cd34.js.br')).equals(first)).toBe(true);
    expect(existsSync(join(dist, 'assets/tiny-Ij90Kl12.js.br'))).toBe(false);
    // The copies themselves are never compressed again.
    expect(again.map((l) => l.file).filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
  });
});

describe('choosing the encoding and the cache of a built file', () => {
  it('prefers brotli, then gzip, as the client weighs them', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip, deflate')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0.5, gzip')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.1')).toEqual(['gzip']);
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('br;q=abc, gzip')).toEqual(['gzip']);
  });

  it('keeps what Vite fingerprints for a year and revalidates the rest', () => {
    expect(cacheControlFor('/assets/index-Ab12Cd34.js')).toBe(FINGERPRINTED_CACHE);
    expect(cacheControlFor('assets/index-Ef56Gh78.css')).toBe(FINGERPRINTED_CACHE);
    expect(cacheControlFor('/index.html')).toBe(REVALIDATED_CACHE);
    expect(cacheControlFor('/favicon.svg')).toBe(REVALIDATED_CACHE);
    expect(FINGERPRINTED_CACHE).toBe('public, max-age=31536000, immutable');
  });
});
