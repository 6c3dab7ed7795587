#!/usr/bin/env node
// Benchmark of drawing certificates of service, and of what it does to the rest of the server: a
// health endpoint (an HTTP server on this process's main thread, answering as /api/health does
// without a database) is called every 20 ms while one volunteer asks for eight certificates at once
// and an administrator for every certificate in one PDF. Two ways are measured, with the built
// backend's own code (backend/dist/certificates):
//   worker  CertificateRenderer, as the server runs it: drawn in a worker thread, kept once drawn
//   inline  the same drawing on the main thread (what the server did before)
// The names cover every script the certificates print (Latin to emoji), from the fonts in
// CERTIFICATE_FONT_DIR (default /usr/share/fonts).
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run, or at --smoke when a PDF comes back empty or a name fell back).
//
//   node test/bench/certificates.bench.mjs              100 people in the batch
//   node test/bench/certificates.bench.mjs --count 500
//   node test/bench/certificates.bench.mjs --smoke      10 people, nothing written
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { DEFAULT_CONFERENCE, certificateLetter } from '@svp/domain';
import { ROOT, ensureBuilt, log, median, smokeVerdict } from './support/common.mjs';

const { values: options } = parseArgs({ options: { count: { type: 'string' }, smoke: { type: 'boolean' }, build: { type: 'boolean' } } });
const SMOKE = !!options.smoke;
const COUNT = Number(options.count ?? (SMOKE ? 10 : 100));
const FONTS = process.env.CERTIFICATE_FONT_DIR ?? '/usr/share/fonts';

ensureBuilt(!!options.build);
const { CertificateRenderer } = await import(`${ROOT}/backend/dist/certificates/certificate-renderer.js`);
const { runRenderJob } = await import(`${ROOT}/backend/dist/certificates/certificate-render-job.js`);

const NAMES = [
  'Émile Zoë Łukasiewicz',
  'Οδυσσέας Ελύτης',
  'Анна Ахматова',
  'Nguyễn Thị Minh Khai',
  '王小明',
  '山田 はなこ',
  '김민준',
  'محمد بن سلمان',
  'דוד בן־גוריון',
  'देवी शर्मा',
  'রবীন্দ্রনাথ ঠাকুর',
  'சுப்பிரமணிய பாரதி',
  'สมชาย ใจดี',
  'Ana 👩🏽‍💻 🇯🇵',
];
const letter = (i, hours = 20 + (i % 7)) =>
  certificateLetter(
    { name: `${NAMES[i % NAMES.length]} ${i}`, svid: String(100000 + i), teamLeader: false, workedHours: hours },
    DEFAULT_CONFERENCE,
    '2026-08-20',
  );
const meta = (title) => ({ title, author: 'The SIGGRAPH 2026 Student Volunteer Program', createdAt: new Date() });

// The health endpoint, on this thread, and a client calling it every 20 ms.
const server = createServer((_, res) => res.end('{"success":true,"data":{"status":"ok"}}'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/api/health`;
async function probe(whileRunning) {
  const latencies = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(url)).text();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const result = await whileRunning();
  const took = performance.now() - started;
  running = false;
  await loop;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    result,
    took,
    calls: latencies.length,
    p50: median(latencies),
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    max: sorted.at(-1) ?? 0,
  };
}

const figures = {};
const checks = {};
const row = (name, f) =>
  log(
    `${name.padEnd(44)} ${(f.took / 1000).toFixed(2).padStart(6)} s   health: ${String(f.calls).padStart(4)} calls, ` +
      `p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`,
  );

for (const mode of ['inline', 'worker']) {
  const renderer = new CertificateRenderer({ certificateFontDir: FONTS });
  const draw = (letters, title, notes = false) =>
    mode === 'worker'
      ? renderer.render(letters, meta(title), { notes })
      : runRenderJob({ letters, meta: meta(title), fontDirectory: FONTS, notes });
  // Fonts loaded once (a worker's first certificate), not counted below.
  await draw([letter(0)], 'warm-up');
  const eight = await probe(() => Promise.all(Array.from({ length: 8 }, (_, i) => draw([letter(i + 1)], `own ${i}`))));
  row(`${mode}: eight certificates at once`, eight);
  const batch = await probe(() =>
    draw(
      Array.from({ length: COUNT }, (_, i) => letter(i)),
      'all',
      true,
    ),
  );
  row(`${mode}: every certificate, ${COUNT} pages`, batch);
  figures[mode] = { eight, batch: { ...batch, result: undefined, bytes: batch.result.bytes.byteLength } };
  checks[`${mode}: eight PDFs`] = eight.result.every((r) => r.bytes.byteLength > 1000);
  checks[`${mode}: ${COUNT} pages, no fallback`] = batch.result.fallbacks.length === 0;
  if (mode === 'worker') {
    const again = await probe(() => draw([letter(1)], 'own 0'));
    row('worker: the same certificate again (kept)', again);
    checks['kept: not drawn again'] = renderer.drawn === 1 + 8 + 1;
    await renderer.onModuleDestroy();
  }
  for (const f of [figures[mode].eight]) delete f.result;
}
server.close();
log(`batch PDF: ${(figures.worker.batch.bytes / 1024).toFixed(0)} KiB for ${COUNT} pages`);
if (SMOKE) smokeVerdict(checks);
