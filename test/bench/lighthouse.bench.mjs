#!/usr/bin/env node
// Lighthouse on a phone: the applicant home page, the dashboard and the application
// wizard of the built server, scored with Lighthouse's mobile preset (a mid-range phone on a slow
// 4G connection, simulated: 4× CPU slowdown, 150 ms round trips, 1.6 Mbit/s).
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run).
//
//  1. A fresh SQLite data folder: the built server migrates it and stops; one applicant with a
//     complete profile and an open application is inserted with SQL (support/applicants.mjs).
//  2. The server starts again; the timeline is set to "applications open" and the applicant signs
//     in through POST /api/users/login.
//  3. For each page and run: Debian's Chromium on a fresh profile; for the signed-in pages the token
//     is put in the page's localStorage first, where the applicant app keeps it (Lighthouse resets
//     the origin's caches and service workers, not its localStorage); then Lighthouse 12.2.3 on it.
//     Each page is measured --runs times (3) and the medians are reported.
//  4. The table goes to results/lighthouse.json and between the lighthouse markers of README.md.
//
// Lighthouse is not a dependency of the project (heavy, and 13.x needs Node 22): it is installed once
// into a cache folder outside the repository (LIGHTHOUSE_DIR, default <tmp>/svp-lighthouse-12.2.3).
//
//   node test/bench/lighthouse.bench.mjs                 three pages, three runs each (~3 min)
//   node test/bench/lighthouse.bench.mjs --smoke         the home page once, no applicant seeded; writes nothing and
//                                                         exits 1 when accessibility or best practices fall below 1.0
//                                                         (~40 s; performance is only printed: too noisy to gate on)
//   node test/bench/lighthouse.bench.mjs --runs 5 --only home,wizard
//   node test/bench/lighthouse.bench.mjs --desktop       Lighthouse's desktop preset instead
//   node test/bench/lighthouse.bench.mjs --keep-reports  also keeps each run's JSON report in the temp folder
//   node test/bench/lighthouse.bench.mjs --baseline /tmp/old-dist
//                                                        also measures another build of the applicant app (a copy of an
//                                                        earlier applicant-ui/dist) on a second server, run for run
//                                                        in turn with this one, and prints the two side by side
//   CHROME_PATH=/usr/bin/chromium (default)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { timelineFor } from '@svp/domain';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, callJson, ensureBuilt, log, median } from './support/common.mjs';
import { APPLICANT_PASSWORD, applicantPasswordHash, seedApplicantsSqlite } from './support/applicants.mjs';
import { loadNow, writeResult } from './support/results.mjs';

const LIGHTHOUSE_VERSION = '12.2.3';
const TARGETS = { performance: 0.9, accessibility: 1, 'best-practices': 1 };
const TOKEN_KEY = 'svp.token';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGES = [
  { name: 'home', path: '/', signedIn: false, title: 'Home page' },
  { name: 'dashboard', path: '/dashboard', signedIn: true, title: 'Dashboard (signed in)' },
  { name: 'wizard', path: '/application', signedIn: true, title: 'Application wizard (signed in)' },
];
const README = join(ROOT, 'test/bench/README.md');
const MARK_START = '<!-- lighthouse:start -->';
const MARK_END = '<!-- lighthouse:end -->';
/** Before the UIs were served compressed and split by screen (home page, mobile preset). */
const BASELINE = { page: 'home', performance: 0.54, firstContentfulPaintMs: 5500, desktopPerformance: 0.96 };

const { values: given } = parseArgs({
  options: {
    runs: { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    desktop: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'keep-reports': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const runs = given.smoke ? 1 : Number(given.runs ?? 3);
const only = given.smoke ? ['home'] : given.only?.split(',').map((s) => s.trim());
const pages = PAGES.filter((p) => !only || only.includes(p.name));
const write = !given.smoke && !given['no-write'];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Lighthouse from the cache folder, installed there on first use with npm (never into the repository). */
async function loadLighthouse() {
  const dir = process.env.LIGHTHOUSE_DIR ?? join(tmpdir(), `svp-lighthouse-${LIGHTHOUSE_VERSION}`);
  const main = join(dir, 'node_modules/lighthouse/core/index.js');
  const installed = () => {
    try {
      return JSON.parse(readFileSync(join(dir, 'node_modules/lighthouse/package.json'), 'utf8')).version === LIGHTHOUSE_VERSION;
    } catch {
      return false;
    }
  };
  if (!installed()) {
    log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir} (once)…`);
    const npm = spawnSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], {
      stdio: 'inherit',
    });
    if (npm.status !== 0 || !installed()) throw new Error(`Could not install lighthouse@${LIGHTHOUSE_VERSION} into ${dir}`);
  }
  const from = (path) => import(pathToFileURL(join(dir, 'node_modules', path)).href);
  const [{ default: lighthouse, desktopConfig }, chromeLauncher, { default: puppeteer }] = await Promise.all([
    import(pathToFileURL(main).href),
    from('chrome-launcher/dist/index.js'),
    from('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'),
  ]);
  return { lighthouse, desktopConfig, chromeLauncher, puppeteer };
}

/** A server on a fresh data folder with the seeded applicant signed in; `env` serves another build (APPLICANT_UI_DIR). */
async function preparePortal(dataDir, { withApplicant, env = {} }) {
  // The server migrates the fresh database, then the applicant is inserted while it is stopped.
  let account;
  if (withApplicant) {
    const first = await startServer({ admin: ADMIN, dataDir, env });
    await first.stop();
    [account] = await seedApplicantsSqlite(join(dataDir, 'svportal.sqlite'), { count: 1, passwordHash: await applicantPasswordHash() });
  }
  const server = await startServer({ admin: ADMIN, dataDir, env });
  const admin = await callJson(server.baseUrl, 'POST', '/users/login', { body: ADMIN, forwardedFor: '10.255.255.254' });
  if (admin.status !== 200) throw new Error(`Admin sign-in answered ${admin.status}: ${JSON.stringify(admin.body)}`);
  const adminToken = admin.body.data.session.access_token;
  const settings = await callJson(server.baseUrl, 'PUT', '/admin/settings', { token: adminToken, body: { timeline: timelineFor('open') } });
  if (settings.status !== 200) throw new Error(`PUT /admin/settings answered ${settings.status}: ${JSON.stringify(settings.body)}`);
  if (!account) return { server, token: null };
  const login = await callJson(server.baseUrl, 'POST', '/users/login', {
    body: { email: account.email, password: APPLICANT_PASSWORD },
    forwardedFor: '10.0.0.1',
  });
  if (login.status !== 200) throw new Error(`Applicant sign-in answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { server, token: login.body.data.session.access_token };
}

/** One Lighthouse run on a fresh Chromium profile (tried twice when Lighthouse fails); answers the report (lhr). */
async function measure(tools, target, attempt = 1) {
  const lhr = await measureOnce(tools, target);
  if (!lhr.runtimeError) return lhr;
  // A trace Chromium failed to record (NO_NAVSTART and the like) happens now and then on a busy machine: one more try.
  if (attempt < 2) return measure(tools, target, attempt + 1);
  throw new Error(`Lighthouse failed on ${target.page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
}

async function measureOnce(tools, { baseUrl, token, page }) {
  const { lighthouse, desktopConfig, chromeLauncher, puppeteer } = tools;
  const profile = mkdtempSync(join(tmpdir(), 'svp-lighthouse-profile-'));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir: profile, logLevel: 'silent' });
  try {
    if (page.signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      // A small file of the origin (no app code runs there), only to reach its localStorage.
      await tab.goto(`${baseUrl}/favicon.svg`);
      await tab.evaluate((key, value) => localStorage.setItem(key, value), TOKEN_KEY, token);
      await tab.close();
      await browser.disconnect();
    }
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) };
    const result = await lighthouse(`${baseUrl}${page.path}`, flags, given.desktop ? desktopConfig : undefined);
    if (!result?.lhr) throw new Error(`Lighthouse gave no report for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) return lhr;
    // A signed-in page that fell back to the sign-in view would be measuring the wrong screen.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== page.path) throw new Error(`Lighthouse on ${page.path} ended on ${landed}`);
    if (given['keep-reports']) {
      const file = join(tmpdir(), `svp-lighthouse-${page.name}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      log(`    report: ${file}`);
    }
    return lhr;
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The figures of one report: category scores, the main timings (ms) and what failed. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  return {
    scores: Object.fromEntries(Object.keys(TARGETS).map((c) => [c, lhr.categories[c].score])),
    ms: {
      firstContentfulPaint: audit('first-contentful-paint'),
      largestContentfulPaint: audit('largest-contentful-paint'),
      totalBlockingTime: audit('total-blocking-time'),
      speedIndex: audit('speed-index'),
    },
    cumulativeLayoutShift: audit('cumulative-layout-shift'),
    // The main thread's work as observed on this machine (not multiplied by the simulated phone's 4): all of it, and the part spent
    // on scripts (bootup-time: their evaluation, compile and parse). A lighter judge of a change than TBT while the machine is shared.
    mainThreadMs: Math.round(audit('mainthread-work-breakdown') ?? 0),
    scriptMs: Math.round(audit('bootup-time') ?? 0),
    // Lighthouse's measure of this machine's speed at the time (a desktop scores ~1000–2000; a busy one less).
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    transferKb: Math.round((audit('total-byte-weight') ?? 0) / 1024),
    failing: { accessibility: failing('accessibility'), 'best-practices': failing('best-practices') },
    opportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
      .map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`),
  };
}

function summarise(page, reports) {
  const all = reports.map(figuresOf);
  const mid = (pick) => median(all.map(pick));
  const scores = Object.fromEntries(Object.keys(TARGETS).map((c) => [c, mid((f) => f.scores[c])]));
  return {
    page: page.name,
    path: page.path,
    runs: all.length,
    scores,
    allScores: all.map((f) => f.scores),
    ms: Object.fromEntries(Object.keys(all[0].ms).map((k) => [k, Math.round(mid((f) => f.ms[k]))])),
    cumulativeLayoutShift: Math.round(mid((f) => f.cumulativeLayoutShift) * 1000) / 1000,
    mainThreadMs: Math.round(mid((f) => f.mainThreadMs)),
    scriptMs: Math.round(mid((f) => f.scriptMs)),
    benchmarkIndex: Math.round(mid((f) => f.benchmarkIndex)),
    transferKb: mid((f) => f.transferKb),
    failing: all[all.length - 1].failing,
    opportunities: all[all.length - 1].opportunities,
    met: Object.entries(TARGETS).every(([c, target]) => scores[c] >= target),
  };
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
function table(results) {
  const lines = [
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | speed index | CLS | transferred | benchmark index | ' +
      'targets met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const title = PAGES.find((p) => p.name === r.page).title;
    lines.push(
      `| ${title} (\`${r.path}\`) | ${r.scores.performance.toFixed(2)} | ${r.scores.accessibility.toFixed(2)} ` +
        `| ${r.scores['best-practices'].toFixed(2)} | ` +
        `${s(r.ms.firstContentfulPaint)} | ${s(r.ms.largestContentfulPaint)} | ${r.ms.totalBlockingTime} ms | ${s(r.ms.speedIndex)} ` +
        `| ${r.cumulativeLayoutShift} | ${r.transferKb} KiB | ${r.benchmarkIndex} | ${r.met ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}

function writeReadme(results, loadBefore, loadAfter, baselineResults) {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(MARK_START);
  const end = readme.indexOf(MARK_END);
  if (start < 0 || end < start) {
    log(`README.md has no ${MARK_START} … ${MARK_END} block: the table was not written there.`);
    return;
  }
  const cores = availableParallelism();
  const busy = Math.max(loadBefore[0], loadAfter[0]) > cores;
  const block = [
    MARK_START,
    `Measured ${new Date().toISOString().slice(0, 10)} by \`node test/bench/lighthouse.bench.mjs\` ` +
      `(Lighthouse ${LIGHTHOUSE_VERSION}, ${given.desktop ? 'desktop' : 'mobile'} preset, ` +
      `Chromium ${chromiumVersion()}, median of ${runs} runs per page; ${cores} cores, ` +
      `1-minute load ${loadBefore[0]} before the runs and ${loadAfter[0]} after):`,
    '',
    table(results),
    '',
    ...(baselineResults
      ? [
          `Against an earlier build measured in the same run, run for run in turn (\`--baseline\`), medians:`,
          '',
          comparisonTable(results, baselineResults),
          '',
        ]
      : []),
    `Before compression and code splitting (${BASELINE.page} page): ` +
      `performance ${BASELINE.performance.toFixed(2)} on the mobile preset (FCP ${s(BASELINE.firstContentfulPaintMs)}), ` +
      `${BASELINE.desktopPerformance.toFixed(2)} on the desktop preset.`,
    ...(busy
      ? [
          '',
          `**The machine was busy** (load above its ${cores} cores): Lighthouse multiplies the main-thread time it observes by 4, so ` +
            'other work on the machine inflates TBT and LCP (and lowers the benchmark index); compare runs made at similar loads.',
        ]
      : []),
    MARK_END,
  ].join('\n');
  writeFileSync(README, readme.slice(0, start) + block + readme.slice(end + MARK_END.length));
  log(`Written to ${README}`);
}

function chromiumVersion() {
  const out = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown';
}

/** The same pages on the baseline build, side by side with this build's medians. */
function comparisonTable(results, baselineResults) {
  const lines = [
    '| page | performance (this build / baseline) | LCP | TBT | main thread (scripts), not × 4 | transferred |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const b = baselineResults.find((x) => x.page === r.page);
    const title = PAGES.find((p) => p.name === r.page).title;
    lines.push(
      `| ${title} | ${r.scores.performance.toFixed(2)} / ${b.scores.performance.toFixed(2)} ` +
        `| ${s(r.ms.largestContentfulPaint)} / ${s(b.ms.largestContentfulPaint)} ` +
        `| ${r.ms.totalBlockingTime} / ${b.ms.totalBlockingTime} ms ` +
        `| ${r.mainThreadMs} (${r.scriptMs}) / ${b.mainThreadMs} (${b.scriptMs}) ms | ${r.transferKb} / ${b.transferKb} KiB |`,
    );
  }
  return lines.join('\n');
}

const loadBefore = loadNow();
let server;
let baselineServer;
const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-lighthouse-'));
const baselineDataDir = given.baseline ? mkdtempSync(join(tmpdir(), 'svp-bench-lighthouse-baseline-')) : null;
try {
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`);
  ensureBuilt(given.build);
  for (const ui of ['applicant-ui', 'admin-ui']) {
    if (!existsSync(join(ROOT, ui, 'dist/index.html'))) throw new Error(`${ui}/dist is missing: run "npm run build" first.`);
  }
  const tools = await loadLighthouse();
  const prepared = await preparePortal(dataDir, { withApplicant: pages.some((p) => p.signedIn) });
  server = prepared.server;
  let baseline = null;
  if (given.baseline) {
    if (!existsSync(join(given.baseline, 'index.html')))
      throw new Error(`--baseline ${given.baseline} holds no built applicant app (index.html)`);
    baseline = await preparePortal(baselineDataDir, {
      withApplicant: pages.some((p) => p.signedIn),
      env: { APPLICANT_UI_DIR: given.baseline },
    });
    baselineServer = baseline.server;
    log(`Baseline: ${given.baseline} at ${baselineServer.baseUrl}, measured run for run in turn with this build`);
  }
  log(
    `Lighthouse ${LIGHTHOUSE_VERSION}, ${given.desktop ? 'desktop' : 'mobile'} preset, ${runs} run(s) per page, ` +
      `server at ${server.baseUrl} (load ${loadBefore.join(' ')})\n`,
  );

  const results = [];
  const baselineResults = [];
  for (const page of pages) {
    const reports = [];
    const baselineReports = [];
    for (let run = 1; run <= runs; run += 1) {
      if (baseline) {
        // In turn with this build's run, so that both see the machine alike.
        const lhr = await measure(tools, { baseUrl: baselineServer.baseUrl, token: baseline.token, page });
        const f = figuresOf(lhr);
        log(
          `  ${page.name.padEnd(10)} run ${run} (baseline): performance ${f.scores.performance.toFixed(2)}; ` +
            `LCP ${s(f.ms.largestContentfulPaint)}, TBT ${Math.round(f.ms.totalBlockingTime)} ms; ` +
            `main thread ${f.mainThreadMs} ms (scripts ${f.scriptMs} ms); benchmark index ${f.benchmarkIndex}`,
        );
        baselineReports.push(lhr);
      }
      const lhr = await measure(tools, { baseUrl: server.baseUrl, token: prepared.token, page });
      const f = figuresOf(lhr);
      log(
        `  ${page.name.padEnd(10)} run ${run}: performance ${f.scores.performance.toFixed(2)}, ` +
          `accessibility ${f.scores.accessibility.toFixed(2)}, ` +
          `best practices ${f.scores['best-practices'].toFixed(2)}; ` +
          `FCP ${s(f.ms.firstContentfulPaint)}, LCP ${s(f.ms.largestContentfulPaint)}, ` +
          `TBT ${Math.round(f.ms.totalBlockingTime)} ms, ${f.transferKb} KiB; ` +
          `main thread ${f.mainThreadMs} ms (scripts ${f.scriptMs} ms); ` +
          `benchmark index ${f.benchmarkIndex}; load ${loadNow()[0]}`,
      );
      reports.push(lhr);
    }
    const summary = summarise(page, reports);
    for (const [category, ids] of Object.entries(summary.failing)) if (ids.length) log(`    ${category} audits failing: ${ids.join(', ')}`);
    if (summary.opportunities.length) log(`    opportunities: ${summary.opportunities.join(', ')}`);
    results.push(summary);
    if (baseline) baselineResults.push(summarise(page, baselineReports));
  }

  log(`\n${table(results)}\n`);
  if (baseline) log(`Against the baseline (${given.baseline}), medians:\n\n${comparisonTable(results, baselineResults)}\n`);
  const met = results.every((r) => r.met);
  log(
    `Targets (performance ≥ ${TARGETS.performance}, ` +
      `accessibility and best practices ${TARGETS.accessibility.toFixed(1)}): ${met ? 'met' : 'NOT met'}`,
  );
  if (given.smoke) {
    // Accessibility and best practices do not depend on the machine's speed: the smoke run is a check on them.
    const below = results.flatMap((r) =>
      ['accessibility', 'best-practices'].filter((c) => r.scores[c] < TARGETS[c]).map((c) => `${r.page} ${c} ${r.scores[c]}`),
    );
    if (below.length) {
      log(`Smoke check failed, below 1.0: ${below.join(', ')}`);
      process.exitCode = 1;
    } else log('Smoke check passed: accessibility and best practices at 1.0 (performance is only printed).');
  }
  if (write) {
    const loadAfter = loadNow();
    const file = writeResult(
      'lighthouse',
      {
        config: { lighthouse: LIGHTHOUSE_VERSION, preset: given.desktop ? 'desktop' : 'mobile', runs, chromium: chromiumVersion() },
        targets: { ...TARGETS, met },
        baseline: BASELINE,
        results,
        ...(baseline ? { sameRunBaseline: { build: given.baseline, results: baselineResults } } : {}),
      },
      { loadBefore },
    );
    log(`Figures written to ${file}`);
    writeReadme(results, loadBefore, loadAfter, baseline ? baselineResults : null);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await baselineServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (baselineDataDir) rmSync(baselineDataDir, { recursive: true, force: true });
}
