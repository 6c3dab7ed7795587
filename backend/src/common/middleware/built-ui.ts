import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** Vite writes every file of a build under assets/ with a hash of its content in the name: it never changes. */
export const FINGERPRINTED_CACHE = 'public, max-age=31536000, immutable';
/** The index page and the files copied as they are (favicon): asked again each time, answered 304 when unchanged. */
export const REVALIDATED_CACHE = 'no-cache';

/** The copies scripts/precompress.mjs writes next to a file, in the order the server prefers them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

export function cacheControlFor(relativePath: string): string {
  return /^\/?assets\//.test(relativePath) ? FINGERPRINTED_CACHE : REVALIDATED_CACHE;
}

/**
 * The encodings an Accept-Encoding header takes, best first: the client's q-values decide, the
 * server's preference (brotli, then gzip) breaks ties; `q=0` refuses one, `*` stands for the others.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    // A weight that is no number is read as a refusal.
    const weight = q === undefined ? 1 : Number(q.trim() || 'x');
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  return ENCODINGS.map((e, order) => ({ name: e.name, weight: weightOf(e.name), order }))
    .filter((e) => e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((e) => e.name);
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/**
 * Sends `file` (an absolute path inside a built UI) as its precompressed copy when the client takes
 * one and the build wrote it, else as it is. Either way with `cacheControl` and, when copies exist,
 * `Vary: Accept-Encoding`. An encoded answer is always whole: a Range over compressed bytes would
 * not be the range the client means, so ranges are served only on the plain file.
 */
export async function sendBuiltFile(
  request: Request,
  response: Response,
  next: NextFunction,
  file: string,
  cacheControl: string,
): Promise<void> {
  const variants = await Promise.all(ENCODINGS.map(async (e) => ((await isFile(file + e.suffix)) ? e : null)));
  const available = variants.filter((v) => v !== null);
  const chosen = acceptedEncodings(request.get('accept-encoding'))
    .map((name) => available.find((v) => v.name === name))
    .find((v) => v);
  if (available.length) response.vary('Accept-Encoding');
  // send (behind sendFile) names the type after the extension of the file it reads: the original's, not .br's.
  response.type(extname(file));
  const headers: Record<string, string> = { 'Cache-Control': cacheControl };
  if (chosen) headers['Content-Encoding'] = chosen.name;
  response.sendFile(
    chosen ? file + chosen.suffix : file,
    { headers, cacheControl: false, acceptRanges: !chosen, dotfiles: 'deny' },
    (error) => {
      if (error) next(error);
    },
  );
}

/**
 * The files of a built UI (`dir`): precompressed when the client takes it, fingerprinted assets
 * cached for a year, everything else revalidated. A path that is no file goes on to `next`.
 */
export function builtFiles(dir: string): RequestHandler {
  const root = resolve(dir);
  const plain = express.static(root, {
    index: false,
    fallthrough: true,
    redirect: false,
    cacheControl: false,
    setHeaders: (response, path) => response.setHeader('Cache-Control', cacheControlFor(path.slice(root.length).split(sep).join('/'))),
  });
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(request.path);
    } catch {
      return next();
    }
    const file = join(root, path);
    // The precompressed copies are not files of the app: asked for by name they are not found.
    if (/\.(?:br|gz)$/i.test(path)) return next();
    // Dotfiles and paths leading out of the folder are left to express.static, which refuses them.
    if (path.includes('\0') || /\/\./.test(path) || !file.startsWith(root + sep)) return plain(request, response, next);
    isFile(file).then((exists) => (exists ? sendBuiltFile(request, response, next, file, cacheControlFor(path)) : next()), next);
  };
}
