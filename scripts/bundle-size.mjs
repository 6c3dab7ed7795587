#!/usr/bin/env node
// Prints what the applicant app's first screen loads (the entry script, its preloaded chunks and
// styles, and the home page's chunks that the server names in the index page it answers at /, from
// page-preloads.json), gzipped, against the 300 KB budget, and fails the build when it goes over.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../applicant-ui/dist'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
const table = join(dist, 'page-preloads.json');
if (existsSync(table)) {
  const home = JSON.parse(readFileSync(table, 'utf8')).find((page) => page.paths.includes('/'));
  assets.push(...(home?.files ?? []).map((file) => `/${file}`));
}

let total = 0;
for (const asset of new Set(assets)) {
  const bytes = readFileSync(join(dist, asset.replace(/^\//, '')));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`  ${asset.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const kb = total / 1024;
console.log(`First load of the applicant app: ${kb.toFixed(1)} KB of gzipped JavaScript and CSS (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB: split more of the first screen out (React.lazy).`);
  process.exit(1);
}
