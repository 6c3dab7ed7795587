// Small pieces the benchmark scripts share: figures, the build check, the MariaDB admin connection,
// the administrator their servers start with and a JSON client.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../support/server.mjs';

export { ROOT };

/** The bootstrap administrator of every benchmark's and fault test's server (startServer's `admin`). */
export const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const seconds = (ms) => (ms / 1000).toFixed(2);
export const log = (line = '') => console.log(line);

/** Builds domain and backend when dist is missing (or `force`); otherwise says when the sources are newer than the build. */
export function ensureBuilt(force = false) {
  const built = existsSync(join(ROOT, 'backend/dist/main.js')) && existsSync(join(ROOT, 'domain/dist/index.js'));
  if (built && !force) {
    const newest = (dir) =>
      readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        .reduce((max, entry) => Math.max(max, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs), 0);
    const builtAt = statSync(join(ROOT, 'backend/dist/main.js')).mtimeMs;
    if (Math.max(newest(join(ROOT, 'backend/src')), newest(join(ROOT, 'domain/src'))) > builtAt) {
      log('Note: backend/src or domain/src is newer than backend/dist; pass --build to measure the current code.\n');
    }
    return;
  }
  for (const workspace of ['@svp/domain', '@svp/backend']) {
    log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
  }
}

/** A connection factory to the MariaDB server of `databaseUrl` without a database selected, and that database's name. */
export async function mariadbAdmin(databaseUrl) {
  const { default: mysql } = await import('mysql2/promise');
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  url.pathname = '/';
  return { connect: () => mysql.createConnection({ uri: url.toString(), connectTimeout: 3000 }), database };
}

/**
 * A JSON call to the portal's API: `path` after /api, the parsed answer and its status. The server
 * trusts loopback proxies, so `forwardedFor` lets each simulated person sign in from an address of
 * their own and stay under the sign-in limit per address.
 */
export async function callJson(baseUrl, method, path, { token, body, forwardedFor } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * The end of a smoke run (--smoke: tiny data, a few seconds, nothing written to results/; what
 * `npm run test:smoke` runs): each check a benchmark makes besides its timings (every row exported,
 * every save stored, one copy per recipient) fails the run, exit code 1, when it does not hold.
 * `checks` maps a check's name to whether it held.
 */
export function smokeVerdict(checks) {
  const broken = Object.entries(checks)
    .filter(([, held]) => !held)
    .map(([name]) => name);
  if (broken.length) {
    log(`Smoke run FAILED: ${broken.join(', ')}. Nothing written.`);
    process.exitCode = 1;
  } else {
    log(`Smoke run passed: ${Object.keys(checks).join(', ')}. Nothing written.`);
  }
}
