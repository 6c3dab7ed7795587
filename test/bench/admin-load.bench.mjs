#!/usr/bin/env node
/* global window, document */
// The admin panel's first load: how long a signed-in organiser waits, on a cold cache, from opening
// /admin/ until the dashboard's figures are on the screen, and how much JavaScript that took.
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run, or in --smoke when the dashboard never showed).
//
//  1. The admin panel is built (vite build + the precompressed copies), unless --no-build.
//  2. A fresh SQLite data folder: the built server migrates it and stops; 1,000 completed
//     applications with their jurors and scores are inserted with SQL (support/seed.mjs); the
//     server starts again and the bootstrap administrator signs in through POST /api/users/login.
//  3. For each run: Debian's Chromium started afresh (a new profile: nothing cached, no compiled code
//     kept), the token put in the page's localStorage where the panel keeps it, then /admin/ opened.
//     Timed in the page, from the navigation's start until the dashboard's "Applications started"
//     count is drawn (polled every frame). Also read at that moment: the JavaScript files loaded, their
//     bytes over the wire (brotli, as the server sends them) and unpacked, and the main thread's busy
//     time in Chromium (CDP Performance.getMetrics: TaskDuration, ScriptDuration), which a busy
//     machine disturbs less than the wall time.
//  4. The medians of --runs (5) go to results/admin-load.json and between the admin-load markers of
//     README.md, with the machine's load average before and after.
//
//   node test/bench/admin-load.bench.mjs                      build, five runs (~1 min)
//   node test/bench/admin-load.bench.mjs --no-build           measures admin-ui/dist as it is
//   node test/bench/admin-load.bench.mjs --baseline /tmp/old  also measures another build of the panel (a copy of an
//                                                             earlier admin-ui/dist, with its .br files) on a second
//                                                             server, run for run in turn with this one
//   node test/bench/admin-load.bench.mjs --no-build --dist /tmp/x   measures that build instead of admin-ui/dist
//   node test/bench/admin-load.bench.mjs --smoke              one run on 50 applications; writes nothing, exits 1
//                                                             when the dashboard does not show
//   CHROMIUM_PATH=/usr/bin/chromium (default)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, callJson, ensureBuilt, log, median } from './support/common.mjs';
import { loadNow, writeResult } from './support/results.mjs';
import { seedSqlite } from './support/seed.mjs';

const TOKEN_KEY = 'svp.admin.token';
/** What the dashboard draws once its statistics have arrived: the first count card. */
const CONTENT = '[data-testid="count-started"]';
const TARGET_MS = 1000;
const README = join(ROOT, 'test/bench/README.md');
const MARK_START = '<!-- admin-load:start -->';
const MARK_END = '<!-- admin-load:end -->';

const { values: given } = parseArgs({
  options: {
    runs: { type: 'string' },
    applications: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    dist: { type: 'string' },
  },
});
const runs = given.smoke ? 1 : Number(given.runs ?? 5);
const applications = given.smoke ? 50 : Number(given.applications ?? 1000);
const write = !given.smoke && !given['no-write'];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function buildPanel() {
  log('Building the admin panel (npm run build -w @svp/admin-ui)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@svp/admin-ui'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build -w @svp/admin-ui failed');
}

/** A server on `dataDir` (migrated and seeded beforehand) serving the panel from `adminUiDir`; the administrator's token. */
async function startPortal(dataDir, adminUiDir) {
  const server = await startServer({ admin: ADMIN, dataDir, env: { ADMIN_UI_DIR: adminUiDir } });
  const login = await callJson(server.baseUrl, 'POST', '/users/login', { body: ADMIN, forwardedFor: '10.255.255.254' });
  if (login.status !== 200) throw new Error(`Admin sign-in answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { server, token: login.body.data.session.access_token };
}

/** One cold first load of the dashboard in a newly started Chromium. */
async function measureOnce({ server, token }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token]);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.baseUrl}/admin/`, { waitUntil: 'commit' });
    const visibleMs = await (
      await page.waitForFunction(
        (selector) => {
          const element = document.querySelector(selector);
          const box = element?.getBoundingClientRect();
          return box && box.width > 0 && box.height > 0 ? performance.now() : null;
        },
        CONTENT,
        { polling: 'raf', timeout: 60_000 },
      )
    ).jsonValue();
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: new URL(entry.name).pathname, wire: entry.encodedBodySize, unpacked: entry.decodedBodySize })),
    );
    if (errors.length) throw new Error(`The page failed: ${errors.join('; ')}`);
    return {
      visibleMs: Math.round(visibleMs),
      taskMs: Math.round(metric('TaskDuration')),
      scriptMs: Math.round(metric('ScriptDuration')),
      jsFiles: scripts.length,
      jsWireKb: Math.round(scripts.reduce((sum, s) => sum + s.wire, 0) / 102.4) / 10,
      jsUnpackedKb: Math.round(scripts.reduce((sum, s) => sum + s.unpacked, 0) / 102.4) / 10,
    };
  } finally {
    await browser.close();
  }
}

const summarise = (samples) => ({
  runs: samples.length,
  visibleMs: median(samples.map((s) => s.visibleMs)),
  visibleMsEach: samples.map((s) => s.visibleMs),
  mainThreadTaskMs: median(samples.map((s) => s.taskMs)),
  mainThreadScriptMs: median(samples.map((s) => s.scriptMs)),
  jsFiles: median(samples.map((s) => s.jsFiles)),
  jsWireKb: median(samples.map((s) => s.jsWireKb)),
  jsUnpackedKb: median(samples.map((s) => s.jsUnpackedKb)),
});

function table(rows) {
  const lines = [
    '| build | dashboard visible (median) | each run | main thread busy (script) | JavaScript on first load |',
    '|---|---|---|---|---|',
  ];
  for (const [name, r] of rows) {
    lines.push(
      `| ${name} | ${r.visibleMs} ms | ${r.visibleMsEach.join(', ')} | ${r.mainThreadTaskMs} ms (${r.mainThreadScriptMs} ms) | ` +
        `${r.jsFiles} files, ${r.jsWireKb} KB brotli, ${r.jsUnpackedKb} KB unpacked |`,
    );
  }
  return lines.join('\n');
}

function writeReadme(block) {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(MARK_START);
  const end = readme.indexOf(MARK_END);
  if (start < 0 || end < start) {
    log(`README.md has no ${MARK_START} … ${MARK_END} block: the table was not written there.`);
    return;
  }
  writeFileSync(README, `${readme.slice(0, start + MARK_START.length)}\n${block}\n${readme.slice(end)}`);
}

async function main() {
  ensureBuilt(given.build);
  if (!given['no-build']) buildPanel();
  const loadBefore = loadNow();
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-admin-load-'));
  const portals = [];
  try {
    const first = await startServer({ admin: ADMIN, dataDir });
    await first.stop();
    await seedSqlite(join(dataDir, 'svportal.sqlite'), { count: applications });
    const builds = [['this build', resolve(given.dist ?? join(ROOT, 'admin-ui/dist'))]];
    if (given.baseline) builds.unshift(['baseline', resolve(given.baseline)]);
    // Each server on its own copy of the seeded folder (a server keeps its database to itself).
    for (const [index, [name, dir]] of builds.entries()) {
      const folder = index === 0 ? dataDir : `${dataDir}-${index}`;
      if (index > 0) cpSync(dataDir, folder, { recursive: true });
      portals.push({ name, folder, samples: [], ...(await startPortal(folder, dir)) });
    }
    log(`${applications} applications seeded; ${runs} cold first loads of /admin/ per build, in turn; load ${loadBefore.join(' ')}`);
    for (let run = 1; run <= runs; run++) {
      for (const portal of portals) {
        const sample = await measureOnce(portal);
        portal.samples.push(sample);
        log(
          `  ${portal.name.padEnd(10)} run ${run}: dashboard visible at ${sample.visibleMs} ms, main thread ${sample.taskMs} ms, ` +
            `${sample.jsFiles} JS files, ${sample.jsWireKb} KB over the wire`,
        );
      }
    }
    const loadAfter = loadNow();
    const rows = portals.map((p) => [p.name, summarise(p.samples)]);
    const current = rows.at(-1)[1];
    const text = [
      table(rows),
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${applications} applications, ` +
        `load average (1 min) ${loadBefore[0]} before and ${loadAfter[0]} after. ` +
        `Target: the dashboard visible in under ${TARGET_MS} ms — ${current.visibleMs < TARGET_MS ? 'met' : 'not met'}.`,
    ].join('\n');
    log(`\n${text}\n`);
    if (given.smoke) {
      log('Smoke run passed: the dashboard showed its figures. Nothing written.');
      return;
    }
    if (write) {
      const figures = Object.fromEntries(rows.map(([name, r]) => [name === 'baseline' ? 'baseline' : 'current', r]));
      const file = writeResult('admin-load', { applications, targetMs: TARGET_MS, ...figures }, { loadBefore });
      writeReadme(text);
      log(`Written: ${file} and README.md`);
    }
  } finally {
    for (const portal of portals) {
      await portal.server.stop();
      rmSync(portal.folder, { recursive: true, force: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
