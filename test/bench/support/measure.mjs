// A small HTTP client for the server under measurement, and samplers of a process's CPU time and
// resident memory (from /proc). The server itself is started by test/support/server.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { ADMIN } from './common.mjs';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). Busy time per request
 * is steadier than latency on a shared machine: it does not count the time spent waiting for a core.
 */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The same CPU time split into user and system (kernel: sockets, files) time, in ms. */
export function cpuSplitMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
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
      const answer = (cutOff) => {
        const totalMs = performance.now() - started;
        resolveGet({ status: response.statusCode, headers: response.headers, chunks, bytes, firstByteMs, totalMs, cutOff });
      };
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
