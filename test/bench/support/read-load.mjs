// autocannon in a process of its own, rotating through signed-in people's tokens on a path of their
// own (GET /api/schedule/{id} for the messages benchmark), as schedule.bench.mjs does in its own
// process. The messages benchmark uses it so that the load and its SMTP sink never wait for each
// other (in its runs the outbox's rate under load was the same either way, 3–9 messages/s: the
// server's, not the benchmark's). `overallRate` offers a fixed number of requests per second
// instead of as many as the connections can send.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

const CLIENT = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(ROOT, 'package.json'))});
const autocannon = require('autocannon');
const { baseUrl, usersFile, pathPrefix, connections, seconds, overallRate } = JSON.parse(process.argv[1]);
const users = JSON.parse(readFileSync(usersFile, 'utf8'));
const now = () => performance.timeOrigin + performance.now();
let i = 0;
let cpuAtStart = null;
const instance = autocannon({
  url: baseUrl,
  connections,
  duration: seconds,
  ...(overallRate ? { overallRate } : {}),
  requests: [{ method: 'GET', setupRequest: (request) => {
    const user = users[i++ % users.length];
    return { ...request, path: pathPrefix + user.id, headers: { ...request.headers, authorization: 'Bearer ' + user.token } };
  } }],
});
instance.once('start', () => {
  cpuAtStart = process.cpuUsage();
  process.send({ type: 'started', at: now() });
});
process.on('message', (message) => { if (message === 'stop') instance.stop(); });
const result = await instance;
const at = now();
const cpu = process.cpuUsage(cpuAtStart ?? undefined);
const { latency, requests, non2xx, errors, timeouts } = result;
const summary = { latency, requests, non2xx, errors, timeouts };
process.send({ type: 'done', at, cpuMs: (cpu.user + cpu.system) / 1000, result: summary }, () => process.disconnect());
`;

/**
 * CPU time every process of the machine has used so far (ms, all cores: user, nice, system, irq and
 * softirq in /proc/stat; not idle, iowait or steal); null where there is no /proc.
 */
export function machineBusyMs() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('cpu '))
      .trim()
      .split(/\s+/)
      .map(Number);
    return (fields[1] + fields[2] + fields[3] + fields[6] + fields[7]) * 10;
  } catch {
    return null;
  }
}

/**
 * Starts the load; answers { started: Promise<number>, done: Promise<{ started, ended, result }>, stop() }
 * with the times on this process's performance.now() scale and the client's CPU time over the load
 * (cpuMs). `users` are { id, token }.
 */
export function startReadLoad({ dir, baseUrl, users, pathPrefix = '/api/schedule/', connections, seconds, overallRate = null }) {
  const usersFile = join(dir, 'read-load-users.json');
  writeFileSync(usersFile, JSON.stringify(users));
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', CLIENT, JSON.stringify({ baseUrl, usersFile, pathPrefix, connections, seconds, overallRate })],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const local = (at) => at - performance.timeOrigin;
  let startedAt = null;
  let resolveStarted;
  const started = new Promise((resolve) => (resolveStarted = resolve));
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message) => {
      if (message.type === 'started') resolveStarted((startedAt = local(message.at)));
      if (message.type === 'done')
        resolve({ started: startedAt ?? local(message.at), ended: local(message.at), cpuMs: message.cpuMs, result: message.result });
    });
    child.once('exit', (code) => reject(new Error(`The load client stopped (${code}) before it answered`)));
  });
  done.catch(() => resolveStarted(null));
  return {
    pid: child.pid,
    started,
    done,
    stop() {
      if (child.connected) child.send('stop');
    },
  };
}
