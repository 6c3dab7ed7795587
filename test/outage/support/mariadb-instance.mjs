// A throwaway MariaDB server for tests that stop and start their database:
// its own data folder (owned by mysql) and port, started as a child process of the test so that it
// is stopped by its own pid or socket, never by name. The machine's shared server is never touched.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/server.mjs';

const USER = 'svp';
const PASSWORD = 'svp-throwaway';

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

function mysqlIds() {
  return { uid: Number(run('id', ['-u', 'mysql']).trim()), gid: Number(run('id', ['-g', 'mysql']).trim()) };
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function listening(port) {
  return new Promise((resolveProbe) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolveProbe(true);
    });
    socket.once('error', () => resolveProbe(false));
  });
}

/**
 * Installs a fresh MariaDB data folder in a temporary directory and answers the instance (not yet
 * running): start(), stop() (a clean shutdown), kill() (SIGKILL, as a crash), destroy() (stop and
 * delete the folder), and url(database) for a user with every right.
 */
export async function createMariadbInstance({ port } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svp-mariadb-'));
  const { uid, gid } = mysqlIds();
  chownSync(dir, uid, gid);
  const socket = join(dir, 'mysqld.sock');
  const dataDir = join(dir, 'data');
  run('mariadb-install-db', ['--user=mysql', `--datadir=${dataDir}`, '--skip-test-db', '--auth-root-authentication-method=socket']);
  const instancePort = port ?? (await freePort());
  let child = null;
  let exited = null;
  let provisioned = false;
  let log = '';

  const instance = {
    dir,
    port: instancePort,
    log: () => log,
    running: () => child !== null,
    url: (database) => `mysql://${USER}:${PASSWORD}@127.0.0.1:${instancePort}/${database}`,

    /** Starts mariadbd and waits (up to `waitMs`) until it accepts connections. */
    async start(waitMs = 30_000) {
      if (child) return;
      const started = spawn(
        '/usr/sbin/mariadbd',
        [
          '--no-defaults',
          '--user=mysql',
          `--datadir=${dataDir}`,
          `--port=${instancePort}`,
          '--bind-address=127.0.0.1',
          `--socket=${socket}`,
          `--pid-file=${join(dir, 'mysqld.pid')}`,
          '--skip-log-bin',
          '--innodb-buffer-pool-size=64M',
          '--character-set-server=utf8mb4',
          '--collation-server=utf8mb4_unicode_ci',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      started.stdout.on('data', (chunk) => (log += chunk));
      started.stderr.on('data', (chunk) => (log += chunk));
      child = started;
      exited = new Promise((resolveExit) =>
        started.once('exit', (code, signal) => {
          if (child === started) child = null;
          resolveExit({ code, signal });
        }),
      );
      const deadline = Date.now() + waitMs;
      while (!(await listening(instancePort))) {
        if (!child) throw new Error(`mariadbd exited at start:\n${log.slice(-2000)}`);
        if (Date.now() > deadline)
          throw new Error(`mariadbd did not listen on ${instancePort} within ${waitMs / 1000} s:\n${log.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!provisioned) {
        run('mariadb', [
          `--socket=${socket}`,
          '-uroot',
          '-e',
          `CREATE USER IF NOT EXISTS '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON *.* TO '${USER}'@'127.0.0.1';`,
        ]);
        provisioned = true;
      }
    },

    /** Creates an empty utf8mb4 database. */
    createDatabase(name) {
      run('mariadb', [
        `--socket=${socket}`,
        '-uroot',
        '-e',
        `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      ]);
    },

    /** A clean shutdown (mariadb-admin shutdown), as an operator's restart; waits until the process is gone. */
    async stop() {
      if (!child) return;
      const ending = exited;
      spawnSync('mariadb-admin', [`--socket=${socket}`, '-uroot', 'shutdown']);
      const timer = setTimeout(() => child?.kill('SIGKILL'), 30_000);
      await ending;
      clearTimeout(timer);
    },

    /** SIGKILL to this instance's own process: the database disappears mid-query. */
    async kill() {
      if (!child) return;
      const ending = exited;
      child.kill('SIGKILL');
      await ending;
    },

    async destroy() {
      await instance.stop().catch(() => instance.kill());
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return instance;
}
