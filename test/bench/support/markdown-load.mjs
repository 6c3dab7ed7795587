// The hostile-Markdown part of the messages benchmark (messages.bench.mjs): the bodies a security
// review found slow to render, the heaviest bodies the Markdown limits allow, their render time in
// this process (the built renderer, backend/dist/mail/markdown.js), and a volunteer reading their
// messages one request after another (a child process, so that its JSON parsing never delays the
// health probes this process makes).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { markdownLimitProblem } from '@svp/domain';
import { ROOT, median } from './common.mjs';

const LENGTH = 20_000;
const filled = (head, unit = 'word ') => {
  let body = head;
  while (body.length < LENGTH) body += unit;
  return body.slice(0, LENGTH);
};

/** Bodies of 20,000 characters that took 0.2–1.9 s each to render, for every recipient and every read, before the limits. */
export const HOSTILE_BODIES = [
  { name: "'http://a.' × 2,222", body: 'http://a.'.repeat(2222) },
  { name: "'*a' × 10,000", body: '*a'.repeat(10_000) },
  { name: "'[' × 20,000", body: '['.repeat(20_000) },
];

/** The heaviest bodies of 20,000 characters within the limits, one construct at a time, then all at once; and plain words. */
export const AT_LIMIT_BODIES = [
  { name: "200 addresses ('http://a.')", body: filled('http://a.'.repeat(200)) },
  { name: '200 email addresses', body: filled('a@b.org '.repeat(200)) },
  { name: "1,000 emphasis marks ('*a')", body: filled('*a'.repeat(1000)) },
  { name: "200 '[' without a ']'", body: filled('['.repeat(200), 'a') },
  { name: '200 links', body: filled('[a](/b) '.repeat(200)) },
  { name: '499 headings', body: filled('# a\n'.repeat(499), 'a') },
  { name: 'a table of 500 columns', body: filled(`${'|a'.repeat(500)}\n${'|-'.repeat(500)}\n`, 'x') },
  { name: '4,000 entities', body: filled('', '&amp;') },
  { name: "20,000 '\\'", body: filled('', '\\') },
  {
    name: 'every limit at once',
    body: filled(
      '[a](https://b.org/c) '.repeat(200) + '*b* '.repeat(500) + '|c|d|\n'.repeat(300) + '# e\n'.repeat(190) + '&amp;'.repeat(500),
      'w ',
    ),
  },
  { name: 'plain words', body: filled('', 'word ') },
];

for (const { name, body } of AT_LIMIT_BODIES) {
  const problem = markdownLimitProblem(body);
  if (problem) throw new Error(`The benchmark's body '${name}' breaks a limit: ${problem.message}`);
}

const cpuNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Renders each body with the built renderer: the first time (cold) and `runs` more times. Answers,
 * per body, the refusal (the limit named) or the rendering's size, with wall and CPU times.
 */
export async function renderTimes(bodies, runs) {
  const { renderMessageBody } = await import(pathToFileURL(join(ROOT, 'backend/dist/mail/markdown.js')).href);
  const publicUrl = 'https://portal.example.org';
  return bodies.map(({ name, body }) => {
    const wall = [];
    const cpu = [];
    let refused = null;
    let htmlLength = null;
    for (let run = 0; run <= runs; run += 1) {
      const started = performance.now();
      const cpuBefore = cpuNow();
      try {
        htmlLength = renderMessageBody(body, publicUrl).html.length;
      } catch (error) {
        if (!error.problem) throw error;
        refused = error.problem.limit;
      }
      cpu.push(cpuNow() - cpuBefore);
      wall.push(performance.now() - started);
    }
    const warm = wall.slice(1);
    return {
      name,
      length: body.length,
      refused,
      htmlLength,
      firstMs: wall[0],
      medianMs: median(warm),
      maxMs: Math.max(...warm),
      cpuMedianMs: median(cpu.slice(1)),
    };
  });
}

const READER = `
const [url, seconds] = process.argv.slice(1);
const until = Date.now() + Number(seconds) * 1000;
const times = [];
let bytes = 0, messages = 0, errors = 0;
while (Date.now() < until) {
  const started = performance.now();
  const headers = { Authorization: 'Bearer ' + process.env.READER_TOKEN, 'Accept-Encoding': 'gzip' };
  const response = await fetch(url + '/api/messages', { headers });
  const text = await response.text();
  times.push(performance.now() - started);
  if (response.status !== 200) errors += 1;
  else { bytes = text.length; messages = JSON.parse(text).data.messages.length; }
}
process.stdout.write(JSON.stringify({ times, bytes, messages, errors }));
`;

/** One volunteer reading GET /api/messages back to back for `seconds`, in a child process; settles with its figures. */
export function readMessages(baseUrl, token, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', READER, baseUrl, String(seconds)], {
      env: { ...process.env, READER_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`The messages reader exited with ${code}`))));
  });
}

/** GET /api/health every `everyMs` until `until()` says stop: each answer's latency (ms) and any that failed. */
export async function probeHealth(baseUrl, everyMs, until) {
  const latencies = [];
  let failed = 0;
  let next = performance.now();
  while (!until()) {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      if (response.status !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    latencies.push(performance.now() - started);
    next += everyMs;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
  return { latencies, failed };
}

/** p50, p99 and max of a list of latencies (ms). */
export function spread(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? null };
}
