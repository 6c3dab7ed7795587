import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TimelinePhase, timelineFor } from '@svp/domain';
import { SmtpSink } from '../../../backend/src/testing/smtp-sink.js';
import { startServer } from '../../support/server.mjs';

export const ADMIN = { email: 'chair@example.org', password: 'chair-password-e2e' };

export interface Portal {
  baseUrl: string;
  smtp: SmtpSink;
  dataDir: string;
  /** Calls the API as the administrator (or with the given token) and answers the parsed body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- journeys read answers loosely; the API tests check their shapes
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as api() above
export async function ok<T = any>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A Pacific calendar day `offset` days from now, YYYY-MM-DD, as the schedule takes it. */
export const pacificDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * Starts the built server (backend/dist) as a separate process on a fresh data folder, with mail going to a sink;
 * with `now`, its clock starts at that instant (a journey on a chosen day: see browserAtServerTime in browser.ts).
 */
export async function startPortal(
  extraEnv: Record<string, string> = {},
  restart?: Restart,
  options: { now?: string } = {},
): Promise<Portal> {
  const dataDir = restart?.dataDir ?? mkdtempSync(join(tmpdir(), 'svp-e2e-'));
  const smtp = restart?.smtp ?? (await SmtpSink.start());
  const server = await startServer({
    dataDir,
    admin: ADMIN,
    now: options.now,
    databaseUrl: process.env.TEST_E2E_DATABASE_URL,
    env: { MAIL_URL: smtp.url, AUTH_RATE_LIMIT: '1000', ...extraEnv },
    waitMs: 30_000,
  });
  const { baseUrl } = server;

  let token: string | null = null;
  const portal: Portal = {
    baseUrl,
    smtp,
    dataDir,
    async api(method, path, body, bearer) {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(bearer !== '' ? { Authorization: `Bearer ${bearer ?? (await portal.adminToken())}` } : {}),
        },
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
      await server.kill('SIGKILL');
    },
    async stop() {
      await server.stop();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return portal;
}

/** A Pacific wall-clock time `offsetMinutes` from now, as the schedule takes it: 'YYYY-MM-DD HH:mm'. */
export function pacific(offsetMinutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + offsetMinutes * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
