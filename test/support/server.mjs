// The built server (backend/dist/main.js) as a child process, started as production starts it: the one
// spawner of the browser journeys (test/e2e/support/portal.ts), the benchmarks (test/bench), the fault
// tests (test/outage) and the deployment test (test/cluster).
//
// Plain ESM with its types beside it (server.d.mts): the benchmarks and the node:test files run on
// Node 20 without a TypeScript loader, and the journeys, which ts-jest compiles, import it typed
// (jest loads a .mjs file as a native ES module, untransformed).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
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
 * Whether process `pid` itself listens on TCP `port`: its sockets (/proc/<pid>/fd) against the
 * listening ones of /proc/net/tcp and tcp6. Null where /proc cannot tell (not Linux).
 */
function listensOn(pid, port) {
  try {
    const sockets = new Set();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) sockets.add(inode);
      } catch {
        // closed meanwhile
      }
    }
    const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const [, address, , state, , , , , , inode] = line.trim().split(/\s+/);
        if (address?.endsWith(local) && state === '0A' && sockets.has(inode)) return true;
      }
    }
    return false;
  } catch {
    return null;
  }
}

/**
 * Starts the server and waits until GET /api/health answers 200 (`waitMs`, 60 s by default); the
 * options are spawnServer's.
 */
export async function startServer(options) {
  const server = await spawnServer(options);
  await server.ready(options.waitMs);
  return server;
}

/**
 * Starts the server process on `dataDir` without waiting for it: on `databaseUrl` when given (else the
 * embedded SQLite database of the data folder), on `port` (a restart keeps its port; a free one
 * otherwise), with `admin` as the bootstrap administrator, its clock starting at `now` when given
 * (CLOCK_START: a fresh install on a chosen day, or a restart after a season), and `env` added last. Only PATH comes from
 * this process's environment, so that a developer's own settings never reach a test's server; except
 * BENCH_SERVER_NODE_ARGS (node options such as --cpu-prof, which NODE_OPTIONS does not allow) and
 * BENCH_SERVER_NODE_OPTIONS, to profile or trace a server (test/bench/README.md).
 */
export async function spawnServer({ dataDir, databaseUrl, port: wantedPort, admin, now, env = {} }) {
  const port = wantedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(now ? { CLOCK_START: now } : {}),
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
    dataDir,
    log: () => log,
    exited,
    running,
    async ready(waitMs = 60_000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (!running()) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
        try {
          // Another process that took the port meanwhile may answer too: only this one's answer counts.
          if ((await fetch(`${baseUrl}/api/health`)).ok && listensOn(child.pid, port) !== false) return;
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
    async kill(signal = 'SIGKILL') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}
