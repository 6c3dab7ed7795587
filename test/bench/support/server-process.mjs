// The built server (backend/dist/main.js) as a child process, a small HTTP client for it, and a
// sampler of the child's resident memory. Plain ESM so the benchmark runs on Node 20 without a
// TypeScript loader; it mirrors test/e2e/support/portal.ts, minus the SMTP sink (no mail is sent).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the server on `dataDir` (and `databaseUrl` when given) and waits for /api/health.
 * Answers { pid, port, baseUrl, log(), exited, running(), stop(), kill(signal) }; the server's own
 * output is kept for the error message. `port` reuses a port (a restart), `env` adds variables,
 * `waitMs` bounds the wait.
 */
export async function startServer(options) {
  const server = await spawnServer(options);
  await server.ready(options.waitMs);
  return server;
}

/** Starts the server process without waiting for it; `ready(waitMs)` waits until /api/health answers 200. */
export async function spawnServer({ root, dataDir, databaseUrl, port: wantedPort, env = {} }) {
  const port = wantedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // e.g. --trace-gc or --max-old-space-size=… to study the server's memory.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    pid: child.pid,
    port,
    baseUrl,
    log: () => log,
    /** How the process ended: { code, signal }. */
    exited,
    /** Whether the process is still running. */
    running,
    async ready(waitMs = 60_000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (!running()) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`The server did not answer within ${waitMs / 1000} s:\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    /** Ends the process at once (SIGKILL: no shutdown hook runs), and waits for it to be gone. */
    async kill(signal = 'SIGKILL') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). Busy time per request
 * is steadier than latency on a shared machine: it does not count the time spent waiting for a core.
 */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One keep-alive connection pool per benchmark, as a browser tab would reuse its connection. */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * GET `url` and read the whole body. Answers status, headers, the body chunks (kept as they came,
 * never joined during the timing), bytes, and the times to the first and last byte in ms.
 * A body past `maxBytes` or still coming after `timeoutMs` is cut off: the answer then carries
 * `cutOff` with the reason (a stream that never ends must not take the benchmark down with it).
 */
export function get(url, token, { maxBytes = Infinity, timeoutMs = 120_000 } = {}) {
  return new Promise((resolveGet, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (response) => {
      const chunks = [];
      let bytes = 0;
      let firstByteMs = null;
      const answer = (cutOff) =>
        resolveGet({ status: response.statusCode, headers: response.headers, chunks, bytes, firstByteMs, totalMs: performance.now() - started, cutOff });
      const cut = (reason) => {
        clearTimeout(timer);
        response.removeAllListeners('data');
        response.removeAllListeners('end');
        req.destroy();
        answer(reason);
      };
      const timer = setTimeout(() => cut(`still streaming after ${timeoutMs / 1000} s`), timeoutMs);
      response.on('data', (chunk) => {
        if (firstByteMs === null) firstByteMs = performance.now() - started;
        chunks.push(chunk);
        bytes += chunk.length;
        if (bytes > maxBytes) cut(`cut off past ${(maxBytes / 1048576).toFixed(0)} MB`);
      });
      response.on('end', () => {
        clearTimeout(timer);
        answer(null);
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed || error.code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

export async function getJson(url, token) {
  const answer = await get(url, token);
  const body = JSON.parse(Buffer.concat(answer.chunks).toString('utf8'));
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(body)}`);
  return { ...answer, body };
}

export async function adminToken(baseUrl) {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`Admin login failed (${response.status}): ${JSON.stringify(body)}`);
  return body.data.session.access_token;
}

export function closeConnections() {
  agent.destroy();
}

function memoryKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * Watches the resident memory of process `pid`. Call it just before the measured request:
 * it resets the kernel's high-water mark (VmHWM, through /proc/<pid>/clear_refs) so that mark
 * catches a peak between two samples, takes `baselineMs` of idle samples, then samples every
 * `intervalMs` until stop(). stop() answers baseline (median of the idle samples), peak (the
 * higher of the sampled maximum and VmHWM) and rise, in MB.
 */
export async function watchMemory(pid, { intervalMs = 20, baselineMs = 300 } = {}) {
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false; // older kernel or no permission: the samples alone give the peak
  }
  const before = [];
  const deadline = performance.now() + baselineMs;
  while (performance.now() < deadline) {
    before.push(memoryKb(pid).rss);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  before.sort((a, b) => a - b);
  const baselineKb = before[Math.floor(before.length / 2)];
  let sampledPeakKb = baselineKb;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      sampledPeakKb = Math.max(sampledPeakKb, memoryKb(pid).rss);
      samples += 1;
    } catch {
      // the process went away; stop() reports what was seen
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const { rss, hwm } = memoryKb(pid);
      const peakKb = Math.max(sampledPeakKb, rss, hwmReset ? hwm : 0);
      return { baselineMb: baselineKb / 1024, peakMb: peakKb / 1024, riseMb: (peakKb - baselineKb) / 1024, samples, hwmReset };
    },
  };
}
