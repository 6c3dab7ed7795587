import { fileURLToPath } from 'node:url';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SmtpSink } from '../../../backend/src/testing/smtp-sink.js';

export const ADMIN = { email: 'chair@example.org', password: 'chair-password-e2e' };
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface Portal {
  baseUrl: string;
  smtp: SmtpSink;
  dataDir: string;
  /** Calls the API as the administrator (or with the given token) and answers the parsed body. */
  api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  adminToken(): Promise<string>;
  setTimeline(phase: TimelinePhase): Promise<void>;
  /** Kills the server with SIGKILL (no shutdown hook runs), keeping its data folder and mail sink for a restart. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** A server started again on the data and the mail sink of one that was stopped or killed. */
export interface Restart {
  dataDir: string;
  smtp: SmtpSink;
}

/** The answer of an API call that must succeed; anything else fails the journey, saying what was tried. */
export async function ok<T = any>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A Pacific calendar day `offset` days from now, YYYY-MM-DD, as the schedule takes it. */
export const pacificDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + offset * 86_400_000));

export type TimelinePhase = 'beforeLaunch' | 'open' | 'jury' | 'decisions' | 'schedulesOut';

const DAY = 86_400_000;

/** Timelines around now, so the real server's clock falls in the wanted phase. */
export function timelineFor(phase: TimelinePhase, now = Date.now()) {
  const at = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString();
  const offsets: Record<TimelinePhase, number[]> = {
    // The fourth offset is referencesDeadline: after the application deadline, before the jury deadline (open during the jury).
    beforeLaunch: [2, 10, 20, 21.5, 21, 22, 23, 30, 40],
    open: [-1, 5, 10, 11.5, 11, 12, 13, 20, 30],
    jury: [-20, -10, -2, 1, -1, 3, 10, 20, 30],
    decisions: [-40, -30, -20, -18.5, -19, -18, -1 / 24, 7, 20],
    schedulesOut: [-80, -70, -60, -45, -50, -40, -30, -20, -1],
  };
  const keys = [
    'applicationLaunchDate', 'teamLeaderEndDate', 'applicationEndDate', 'referencesDeadline', 'juryReleaseDate',
    'juryDeadline', 'acceptanceDate', 'confirmationDeadline', 'schedulesReleaseDate',
  ];
  return Object.fromEntries(keys.map((key, i) => [key, at(offsets[phase][i]!)]));
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Starts the built server (backend/dist) as a separate process on a fresh data folder, with mail going to a sink. */
export async function startPortal(extraEnv: Record<string, string> = {}, restart?: Restart): Promise<Portal> {
  const dataDir = restart?.dataDir ?? mkdtempSync(join(tmpdir(), 'svp-e2e-'));
  const smtp = restart?.smtp ?? (await SmtpSink.start());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      MAIL_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT: '1000',
      ...(process.env.TEST_E2E_DATABASE_URL ? { DATABASE_URL: process.env.TEST_E2E_DATABASE_URL } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 30 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  let token: string | null = null;
  const portal: Portal = {
    baseUrl,
    smtp,
    dataDir,
    async api(method, path, body, bearer) {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(bearer !== '' ? { Authorization: `Bearer ${bearer ?? (await portal.adminToken())}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async adminToken() {
      if (!token) {
        const login = await portal.api('POST', '/users/login', ADMIN, '');
        if (login.status !== 200) throw new Error(`Admin login failed: ${JSON.stringify(login.body)}`);
        token = login.body.data.session.access_token as string;
      }
      return token;
    },
    async setTimeline(phase) {
      const res = await portal.api('PUT', '/admin/settings', { timeline: timelineFor(phase) });
      if (res.status !== 200) throw new Error(`Could not set the timeline: ${JSON.stringify(res.body)}`);
    },
    async crash() {
      child.kill('SIGKILL');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
      }
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return portal;
}
