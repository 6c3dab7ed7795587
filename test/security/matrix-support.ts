import type { INestApplication } from '@nestjs/common';
import type { TestApp } from '../../backend/src/testing/test-app.js';
import type { User } from '../../backend/src/users/user.entity.js';

/** The kinds of caller every route is tried with. */
export const ACTORS = ['anonymous', 'applicant', 'otherApplicant', 'volunteer', 'teamLeader', 'otherTeamLeader', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The status each caller must get; `others` covers the callers not named. */
export type Expectation = Partial<Record<Actor | 'others', number>>;

export interface Call {
  path: string;
  body?: unknown;
  /** Bytes sent as they are (uploads) instead of a JSON body. */
  raw?: Buffer;
  contentType?: string;
  /** Sent without a session whoever the caller is (capability URLs). */
  anonymous?: boolean;
  /** Extra headers (a webhook's own secret). */
  headers?: Record<string, string>;
}

export interface Case {
  name: string;
  /** Where the clock stands for this case (a time gate may decide); defaults to after schedules are out. */
  at?: string;
  /** Runs before the callers, and after them: to put the world in a state for this case only. */
  before?: () => Promise<void>;
  after?: () => Promise<void>;
  call(actor: Actor): Call | Promise<Call>;
  expect: Expectation | (() => Expectation);
}

export interface Entry {
  /** 'METHOD /path/:param', exactly as the application registers it. */
  route: string;
  cases: Case[];
}

/** Every route the application serves, as 'METHOD /path', read from its Express router. */
export function listRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = (express.router ?? express._router)!.stack;
  const routes = stack
    .filter((layer) => layer.route)
    .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`));
  return [...new Set(routes)];
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Makes the call as `user` (a fresh token at the test clock's time) or without a session. */
export async function sendAs(t: TestApp, method: string, call: Call, user: User | null) {
  let request = t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](call.path);
  if (user) request = request.set('Authorization', t.factories.auth(user));
  for (const [name, value] of Object.entries(call.headers ?? {})) request = request.set(name, value);
  if (call.raw) return request.set('Content-Type', call.contentType ?? 'application/octet-stream').send(call.raw);
  return call.body === undefined ? request : request.send(call.body as object);
}

/** A refusal in the API's error envelope: react-admin's flat shape under /api/admin, `{ success: false, data }` elsewhere. */
export function isErrorEnvelope(path: string, body: unknown): boolean {
  const b = body as { message?: unknown; err?: unknown; success?: unknown; data?: { message?: unknown; err?: unknown } } | null;
  if (!b || typeof b !== 'object') return false;
  if (path.startsWith('/api/admin/')) return typeof b.message === 'string' && typeof b.err === 'string';
  return b.success === false && typeof b.data?.message === 'string' && typeof b.data?.err === 'string';
}
