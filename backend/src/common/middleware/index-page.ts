import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { FIRST_READS_META } from '@svp/domain';
import type { NextFunction, Request, Response } from 'express';
import { escapeHtml } from '../html.js';
import { REVALIDATED_CACHE, acceptedEncodings, sendBuiltFile } from './built-ui.js';

/**
 * One page of dist/page-preloads.json (written by the applicant app's build): its addresses, the
 * chunks its code needs, and the API paths it reads first (`{user}` for the signed-in user's id).
 */
export interface PagePreload {
  paths: string[];
  files: string[];
  reads?: string[];
}

/**
 * Whether `path` is an address of the React Router `pattern`: the same number of segments, each
 * equal or a `:parameter` standing for any one segment. A trailing slash does not count.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  const segments = (p: string) => p.split('/').filter(Boolean);
  const want = segments(pattern);
  const have = segments(path);
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/**
 * The index page with the page's `files` named as module preloads and its first `reads` in a meta
 * element, just before </head>: the app's early script asks for them while the code loads.
 */
export function withPreloads(html: string, { files, reads = [] }: Pick<PagePreload, 'files' | 'reads'>): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file.replace(/^\//, ''))}">`);
  if (reads.length) links.push(`<meta name="${FIRST_READS_META}" content="${escapeHtml(reads.join(' '))}">`);
  if (!links.length) return html;
  const added = links.join('');
  return html.includes('</head>') ? html.replace('</head>', `${added}</head>`) : added + html;
}

interface Variant {
  body: Buffer;
  etag: string;
}

/**
 * The index page of a built single-page app, answered at every address of the app: with the opened
 * page's code named as module preloads when the build wrote dist/page-preloads.json, so a phone
 * fetches that page's chunks together with the entry instead of after it. Each page's variant is
 * composed and compressed once (brotli and gzip) and kept until the build changes.
 */
export class IndexPages {
  private built: { stamp: string; html: string; pages: PagePreload[] } | null = null;
  private readonly variants = new Map<string, Variant>();

  constructor(private readonly dir: string) {}

  /** Answers the index page for `request.path`; without a page table it is the built file as it is. */
  send(request: Request, response: Response, next: NextFunction): void {
    const built = this.load();
    if (!built) {
      void sendBuiltFile(request, response, next, join(this.dir, 'index.html'), REVALIDATED_CACHE);
      return;
    }
    const pageIndex = built.pages.findIndex((page) => page.paths.some((pattern) => matchesPattern(pattern, request.path)));
    const encoding: string = acceptedEncodings(request.get('accept-encoding')).at(0) ?? 'identity';
    const variant = this.variant(built, pageIndex, encoding);
    response.vary('Accept-Encoding');
    response.set({ 'Cache-Control': REVALIDATED_CACHE, 'Content-Type': 'text/html; charset=utf-8', ETag: variant.etag });
    if (encoding !== 'identity') response.set('Content-Encoding', encoding);
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    response.set('Content-Length', String(variant.body.length));
    response.status(200).end(request.method === 'HEAD' ? undefined : variant.body);
  }

  /** The built index page and page table, read again when either file changes (a new build). */
  private load(): { html: string; pages: PagePreload[] } | null {
    const indexFile = join(this.dir, 'index.html');
    const tableFile = join(this.dir, 'page-preloads.json');
    const stampOf = (file: string) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.mtimeMs}:${stat.size}` : null;
    };
    const [indexStamp, tableStamp] = [stampOf(indexFile), stampOf(tableFile)];
    if (!indexStamp || !tableStamp) return null;
    const stamp = `${indexStamp}/${tableStamp}`;
    if (this.built?.stamp !== stamp) {
      const pages = JSON.parse(readFileSync(tableFile, 'utf8')) as PagePreload[];
      this.built = { stamp, html: readFileSync(indexFile, 'utf8'), pages: Array.isArray(pages) ? pages : [] };
      this.variants.clear();
    }
    return this.built;
  }

  private variant(built: { html: string; pages: PagePreload[] }, pageIndex: number, encoding: string): Variant {
    const key = `${pageIndex}:${encoding}`;
    let variant = this.variants.get(key);
    if (!variant) {
      const html = Buffer.from(withPreloads(built.html, pageIndex >= 0 ? built.pages[pageIndex] : { files: [] }));
      const body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
          : encoding === 'gzip'
            ? gzipSync(html, { level: 9 })
            : html;
      const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
      variant = { body, etag: `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"` };
      this.variants.set(key, variant);
    }
    return variant;
  }
}
