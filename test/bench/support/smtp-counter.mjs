// A real SMTP server in the benchmark process that counts what it receives instead of keeping it:
// messages, recipients (from the SMTP envelope, RCPT TO) and bytes, per run, each run told apart by
// a tag in the subject ("[bench-<tag>]"). It never parses a message: the bytes are drained and only
// the header block is scanned for the subject, so its own cost per message stays small; that cost
// is measured (the CPU time of its thread, /proc/thread-self/stat).
//
// It runs on a worker thread of its own, so that its answers never wait behind the benchmark's other
// work (polling the server, a load generator); each message's arrival time is taken on that thread.
//
// It greets at once: smtp-server waits 100 ms before its greeting on every connection (to catch
// clients that talk too soon), which nodemailer's pool, reconnecting every 100 messages, or a client
// opening a connection per email would pay each time; that pause belongs to this sink, not to the
// portal. It also skips the reverse lookup of the client's address.
//
// Also the floor of the mail path: a bare nodemailer client in a process of its own, sending the
// very bytes the portal sent, one message at a time over a kept-open connection as the portal's
// outbox does (the nodemailer of backend/).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ROOT } from './common.mjs';

const HEADER_LIMIT = 16_384;
const TAG = /\[bench-([a-z0-9-]+)\]/i;
const UNTAGGED = '(untagged)';

/** The subject's tag in a raw header block (folded lines joined), or null. */
function tagOf(header) {
  const match = /^subject:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/im.exec(header);
  if (!match) return null;
  return TAG.exec(match[0].replace(/\r?\n[ \t]/g, ' '))?.[1]?.toLowerCase() ?? null;
}

/** CPU time (user + system, ms) of the calling thread (Linux); null elsewhere. */
function threadCpuMs() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The SMTP server itself, on the worker thread: reports each message to the main thread. */
async function serve() {
  const require = createRequire(join(ROOT, 'backend/package.json'));
  const { SMTPServer } = require('smtp-server');
  const { SMTPConnection } = require('smtp-server/lib/smtp-connection.js');
  let connections = 0;
  const sampled = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      let header = '';
      let headerDone = false;
      let bytes = 0;
      // The chunks are kept only until the tag is known, and only for the first message of a tag.
      let chunks = [];
      stream.on('data', (chunk) => {
        bytes += chunk.length;
        if (chunks) chunks.push(chunk);
        if (headerDone) return;
        header += chunk.toString('latin1');
        const end = header.search(/\r?\n\r?\n/);
        if (end >= 0 || header.length > HEADER_LIMIT) {
          headerDone = true;
          header = end >= 0 ? header.slice(0, end) : header;
          if (sampled.has(tagOf(header) ?? UNTAGGED)) chunks = null;
        }
      });
      stream.on('end', () => {
        const at = performance.timeOrigin + performance.now();
        const tag = tagOf(header) ?? UNTAGGED;
        let sample = null;
        if (chunks && !sampled.has(tag)) {
          sampled.add(tag);
          sample = Buffer.concat(chunks);
        }
        parentPort.postMessage({
          type: 'message',
          tag,
          at,
          bytes,
          recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          connections,
          sample,
        });
        callback();
      });
      stream.on('error', callback);
    },
  });
  let greetsAtOnce = false;
  if (
    typeof SMTPConnection?.prototype?._setListeners === 'function' &&
    typeof SMTPConnection.prototype.connectionReady === 'function' &&
    typeof server._onClientConnect === 'function'
  ) {
    greetsAtOnce = true;
    // The library's connect(), without its 100 ms pause before the greeting.
    server.connect = function connect(socket, socketOptions) {
      const connection = new SMTPConnection(this, socket, socketOptions);
      this.connections.add(connection);
      connection.on('error', (error) => this._onError(error));
      connection.on('connect', (data) => this._onClientConnect(data));
      connection._setListeners(() => connection.connectionReady());
    };
  }
  parentPort.on('message', (request) => {
    if (request.type === 'cpu') parentPort.postMessage({ type: 'cpu', id: request.id, ms: threadCpuMs() });
    if (request.type === 'close') server.close(() => parentPort.close());
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.server.address().port, greetsAtOnce }));
}

if (!isMainThread && workerData?.smtpCounter) await serve();

function emptyRun() {
  return { messages: 0, recipients: 0, bytes: 0, perRecipient: new Map(), times: [], sample: null };
}

/**
 * Starts the counting sink on a free port of 127.0.0.1, on a worker thread. Answers { url, port,
 * greetsAtOnce, connections(), run(tag), waitFor(tag, n, timeoutMs), untagged(), cpuMs(), close() };
 * run(tag) holds messages, recipients (the envelope's), bytes, perRecipient (address → copies),
 * times (each message's end of DATA on the sink's thread, on this thread's performance.now() scale)
 * and sample (the first message's raw bytes, for the floor).
 */
export async function startSmtpCounter() {
  const runs = new Map();
  const waiters = [];
  const cpuAnswers = new Map();
  let connections = 0;
  const run = (tag) => {
    if (!runs.has(tag)) runs.set(tag, emptyRun());
    return runs.get(tag);
  };
  const worker = new Worker(new URL(import.meta.url), { workerData: { smtpCounter: true } });
  const { port, greetsAtOnce } = await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The SMTP sink stopped (${code})`)));
    worker.on('message', (event) => {
      if (event.type === 'listening') resolve(event);
      else if (event.type === 'cpu') cpuAnswers.get(event.id)?.(event.ms);
      else if (event.type === 'message') {
        connections = event.connections;
        const r = run(event.tag);
        r.messages += 1;
        r.recipients += event.recipients.length;
        r.bytes += event.bytes;
        r.times.push(event.at - performance.timeOrigin);
        for (const address of event.recipients) r.perRecipient.set(address, (r.perRecipient.get(address) ?? 0) + 1);
        if (!r.sample && event.sample) r.sample = Buffer.from(event.sample);
        for (let i = waiters.length - 1; i >= 0; i -= 1) {
          if (waiters[i].tag === event.tag && r.messages >= waiters[i].count) {
            waiters[i].resolve(r);
            waiters.splice(i, 1);
          }
        }
      }
    });
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  worker.on('error', (error) => console.error(`The SMTP sink failed: ${error.stack ?? error.message}`));
  let nextId = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    greetsAtOnce,
    /** SMTP connections opened so far. */
    connections: () => connections,
    run,
    /** Settles with the run once it holds `count` messages; rejects after `timeoutMs`. */
    waitFor(tag, count, timeoutMs) {
      const r = run(tag);
      if (r.messages >= count) return Promise.resolve(r);
      return new Promise((resolve, reject) => {
        const waiter = { tag, count, resolve: (value) => (clearTimeout(timer), resolve(value)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`The sink holds ${r.messages} of ${count} messages tagged ${tag} after ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    /** Messages without a bench tag (the deadline jobs' emails, for instance). */
    untagged: () => run(UNTAGGED),
    /** CPU time the sink's thread has used so far (ms), or null where /proc is missing. */
    cpuMs() {
      const id = nextId++;
      return new Promise((resolve) => {
        cpuAnswers.set(id, (ms) => {
          cpuAnswers.delete(id);
          resolve(ms);
        });
        worker.postMessage({ type: 'cpu', id });
      });
    },
    close: () =>
      new Promise((resolve) => {
        worker.once('exit', resolve);
        worker.postMessage({ type: 'close' });
        setTimeout(() => worker.terminate(), 5_000).unref();
      }),
  };
}

/**
 * Copies each recipient received: duplicates (copies beyond the first) and missing addresses
 * against `expected` (lower-case addresses), and addresses that were not expected.
 */
export function deliveryCheck(r, expected) {
  let duplicates = 0;
  let recipientsWithDuplicates = 0;
  let unexpected = 0;
  for (const [address, copies] of r.perRecipient) {
    if (!expected.has(address)) unexpected += copies;
    else if (copies > 1) {
      duplicates += copies - 1;
      recipientsWithDuplicates += 1;
    }
  }
  let missing = 0;
  for (const address of expected) if (!r.perRecipient.has(address)) missing += 1;
  return { expected: expected.size, distinct: r.perRecipient.size, duplicates, recipientsWithDuplicates, missing, unexpected };
}

/** The most messages of `times` (ms, ascending) within any window of `windowMs`. */
export function busiestWindow(times, windowMs = 1000) {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j += 1) {
    while (times[j] - times[i] > windowMs) i += 1;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

const FLOOR_CLIENT = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const [url, rawFile, countText, tag] = process.argv.slice(1);
const require = createRequire(${JSON.stringify(join(ROOT, 'backend/package.json'))});
const nodemailer = require('nodemailer');
const raw = readFileSync(rawFile, 'latin1').replace(/\\[bench-[a-z0-9-]+\\]/i, '[bench-' + tag + ']');
const pooled = new URL(url);
pooled.searchParams.set('pool', 'true');
const transport = nodemailer.createTransport(pooled.toString());
const count = Number(countText);
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < count; i += 1) {
  const envelope = { from: 'no-reply@svportal.local', to: 'floor-' + i + '@bench.example.edu' };
  await transport.sendMail({ envelope, raw: Buffer.from(raw, 'latin1') });
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
transport.close();
console.log(JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000 }));
`;

/**
 * The mail path's own limit: `count` copies of `raw` sent one after the other by a bare nodemailer
 * client (pooled, as the portal's outbox) in a child process. Answers { ms, cpuMs } of the client.
 */
export function floorSend(url, rawFile, count, tag) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR_CLIENT, url, rawFile, String(count), tag], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The floor client stopped (${code}): ${err.slice(0, 500)}`));
      try {
        resolve({ ...JSON.parse(out.trim().split('\n').pop()), pid: child.pid });
      } catch (error) {
        reject(error);
      }
    });
  });
}
