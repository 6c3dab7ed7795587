#!/usr/bin/env node
// Prints what a UI's first screen loads, gzipped, against its budget, and fails the build when it goes over:
//  - the applicant app (default; applicant-ui's build): the entry script, its preloaded chunks and styles, and the
//    home page's chunks that the server names in the index page it answers at /, from page-preloads.json; 300 KB.
//  - the admin panel (`--app admin`; admin-ui's build): the entry scripts (the early reads' and the panel's) with
//    their preloaded chunks, which is what the dashboard loads (every other page is a chunk loaded when it is opened,
//    admin-ui/src/common/lazyPage.tsx); 350 KB. The panel in one script was 489 KB.
//   node scripts/bundle-size.mjs [dist] [--app applicant|admin]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const APPS = {
  applicant: { title: 'the applicant app', dist: '../applicant-ui/dist', budgetKb: 300 },
  admin: { title: 'the admin panel (the dashboard)', dist: '../admin-ui/dist', budgetKb: 350 },
};
const { values: given, positionals } = parseArgs({ options: { app: { type: 'string', default: 'applicant' } }, allowPositionals: true });
const app = APPS[given.app];
if (!app) throw new Error(`--app must be one of ${Object.keys(APPS).join(', ')}`);
const dist = resolve(positionals[0] ?? join(import.meta.dirname, app.dist));
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

// The admin panel is served under /admin/: its files' addresses start with it, the folder does not.
const file = (asset) => join(dist, asset.replace(/^\/(admin\/)?/, ''));
let total = 0;
for (const asset of new Set(assets)) {
  const bytes = readFileSync(file(asset));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`  ${asset.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const kb = total / 1024;
console.log(`First load of ${app.title}: ${kb.toFixed(1)} KB of gzipped JavaScript and CSS (budget ${app.budgetKb} KB)`);
if (kb > app.budgetKb) {
  console.error(`Over budget by ${(kb - app.budgetKb).toFixed(1)} KB: split more of the first screen out (React.lazy).`);
  process.exit(1);
}
