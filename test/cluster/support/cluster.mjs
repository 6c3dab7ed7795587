// The production shape on one machine: HAProxy (Debian's package) in front of two built servers
// (backend/dist/main.js, NODE_ENV=production) on one fresh MariaDB database, proofs in an
// S3-compatible store (s3rver, in this process), sign-in counters in Redis, mail caught by a real SMTP
// server in this process. Each client of the test connects from an address of its own on the
// loopback network (127.0.0.0/8), which the balancer appends to X-Forwarded-For; the servers trust one
// proxy hop (TRUST_PROXY=1), as docker/compose.yml configures them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import S3rver from 's3rver';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../support/server.mjs';

export const ADMIN = { email: 'cluster-admin@example.org', password: 'cluster-admin-password' };
export const JWT_SECRET = randomBytes(48).toString('base64url');
export const BUCKET = 'svportal';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The MariaDB server the machine runs (CLUSTER_DATABASE_URL to use another). */
const SERVER_URL = process.env.CLUSTER_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';

/** Whether Debian's haproxy is installed; the test says how to install it when it is not. */
export function haproxyPath() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split('\n')[0] : null;
}

/** A fresh database on the shared MariaDB server, dropped by destroy(). */
export async function freshDatabase() {
  const name = `svp_cluster_${randomBytes(4).toString('hex')}`;
  const server = new URL(SERVER_URL);
  const admin = () =>
    mysql.createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || 'root'),
      password: decodeURIComponent(server.password),
    });
  const connection = await admin();
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    connect: () => mysql.createConnection({ uri: url.toString(), charset: 'utf8mb4_unicode_ci', timezone: 'Z' }),
    async destroy() {
      const c = await admin();
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** s3rver on a free port with one bucket; the servers sign with its default key (S3RVER/S3RVER). */
export async function startS3() {
  const directory = mkdtempSync(join(tmpdir(), 'svp-cluster-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A real SMTP server keeping every message: { to, subject, text }. */
export async function startMailSink() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const rcpt of session.envelope.rcptTo)
            messages.push({ to: rcpt.address.toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '' });
        })
        .then(() => callback(), callback);
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.to === address.toLowerCase()),
    /** The first message to `address` matching `predicate`, waiting up to `timeoutMs` for it. */
    async waitFor(address, predicate = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to === address.toLowerCase() && predicate(m));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `No mail to ${address} within ${timeoutMs / 1000} s (holds: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))})`,
          );
        await sleep(100);
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The balancer's configuration: round robin over the servers, health-checked every 500 ms; a refused
 * connection is tried on the other server. `X-Served-By` names the server that answered, and a
 * request carrying `X-Cluster-Server: s1` goes to s1 while it is up (the test's way of saying "this
 * request through that server").
 */
export function haproxyConfig({ port, servers }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  http-response set-header X-Served-By %s',
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 500 fall 1 rise 2',
    ...servers.map((s) => `  use-server ${s.name} if { req.hdr(x-cluster-server) -m str ${s.name} }`),
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

/** Starts HAProxy in the foreground as a child process; stop() ends it. */
export async function startBalancer(haproxy, { port: wantedPort, servers }) {
  const dir = mkdtempSync(join(tmpdir(), 'svp-cluster-lb-'));
  const port = wantedPort ?? (await freePort());
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, servers }));
  const check = spawnSync(haproxy, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
  const child = spawn(haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  child.stderr.on('data', (c) => (log += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    port,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until every server is up in the balancer's eyes: a request pinned to each is answered by it. */
export async function waitForBalancer(baseUrl, names, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (const name of names) {
    for (;;) {
      const answer = await call(baseUrl, 'GET', '/health', { server: name }).catch(() => null);
      if (answer?.status === 200 && answer.servedBy === name) break;
      if (Date.now() > deadline) throw new Error(`The balancer does not reach ${name} within ${timeoutMs / 1000} s`);
      await sleep(200);
    }
  }
}

/** One keep-alive agent per client address, as each browser keeps its connection. */
const agents = new Map();
function agentFor(from) {
  if (!agents.has(from)) agents.set(from, new Agent({ keepAlive: true, maxSockets: 8, localAddress: from }));
  return agents.get(from);
}
export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * A call through the balancer from the client address `from` (127.x.y.z). `path` follows /api;
 * `server` pins it to one server; `headers` adds headers (a forged X-Forwarded-For, for instance);
 * `raw` sends a Buffer as it is. Answers { status, body, servedBy, headers }; status 0 when the
 * connection failed (error: its code).
 */
export function call(baseUrl, method, path, { token, body, from = '127.0.0.1', server, headers = {}, raw, timeoutMs = 30_000 } = {}) {
  const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
  return new Promise((resolve) => {
    const req = request(
      `${baseUrl}/api${path}`,
      {
        method,
        agent: agentFor(from),
        headers: {
          ...(payload ? { 'Content-Type': raw ? 'application/octet-stream' : 'application/json', 'Content-Length': payload.length } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(server ? { 'X-Cluster-Server': server } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = null;
          }
          resolve({
            status: response.statusCode,
            body: parsed,
            text,
            servedBy: response.headers['x-served-by'] ?? null,
            headers: response.headers,
          });
        });
        response.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** The environment of every server of the cluster. */
export function serverEnv({ databaseUrl, s3, mail, publicUrl, jobs, redisPrefix }) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    PUBLIC_URL: publicUrl,
    MAIL_URL: mail.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    ...(process.env.CLUSTER_COUNTERS === 'database'
      ? {}
      : { REDIS_URL: process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: redisPrefix }),
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    JOBS_ENABLED: jobs ? 'true' : 'false',
    AUTH_RATE_LIMIT: '10',
  };
}
