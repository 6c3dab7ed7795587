#!/usr/bin/env node
// Writes a brotli (.br, maximum quality) and a gzip (.gz, level 9) copy next to every compressible
// file of a built UI, so the server answers with the smaller one without compressing per request.
// Run by each UI's build script after Vite: `node ../scripts/precompress.mjs dist`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text formats that shrink; images, fonts (woff/woff2 are compressed already) and archives are left alone. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm|ico)$/i;
/** Below this a file fits in one packet anyway. */
export const MIN_BYTES = 1024;
/** A copy is kept only when it saves at least this share of the bytes. */
export const MIN_SAVING = 0.1;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODINGS = [
  {
    suffix: '.br',
    compress: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }) },
];

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * Precompresses the files of `dir` in place. Answers one line per original file considered:
 * { file (relative), bytes, br, gz } with the sizes written (null where no copy pays).
 * A stale copy of a file that no longer pays is removed, so running it twice gives the same folder.
 */
export async function precompressDirectory(dir, { minBytes = MIN_BYTES, minSaving = MIN_SAVING } = {}) {
  const root = resolve(dir);
  const originals = (await filesUnder(root)).filter((file) => COMPRESSIBLE.test(file));
  const results = [];
  await Promise.all(
    originals.map(async (file) => {
      const bytes = await readFile(file);
      const line = { file: relative(root, file), bytes: bytes.length, br: null, gz: null };
      for (const { suffix, compress } of ENCODINGS) {
        const target = file + suffix;
        const packed = bytes.length >= minBytes ? await compress(bytes) : null;
        if (packed && packed.length <= bytes.length * (1 - minSaving)) {
          await writeFile(target, packed);
          line[suffix.slice(1)] = packed.length;
        } else {
          await rm(target, { force: true });
        }
      }
      results.push(line);
    }),
  );
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir || !(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error('Usage: node scripts/precompress.mjs <built folder>');
    process.exit(2);
  }
  const lines = await precompressDirectory(dir);
  const sum = (key) => lines.reduce((n, line) => n + (line[key] ?? line.bytes), 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Precompressed ${lines.filter((l) => l.br !== null).length} of ${lines.length} text files in ${dir}: ` +
      `${kb(sum('bytes'))} → ${kb(sum('br'))} brotli, ${kb(sum('gz'))} gzip`,
  );
}
