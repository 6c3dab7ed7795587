import type { ErrorCode } from '@svp/domain';
import { noteAnswer, noteNoNetwork } from '../offline/freshness';
import { noteRead } from '../offline/serviceWorker';

/** The API's `err` codes, and the client's own: NETWORK (no answer at all), UNKNOWN (an answer without a code). */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

/** The API's error envelope, as a thrown error the screens can show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The browser's own words when the network is down; the alert turns them into the kept sentence. */
export const FETCH_FAILED = 'Failed to fetch';

/** A change asked for while the phone is offline. */
export const OFFLINE_CHANGE = 'You are offline: this needs the network. Try again when your phone is back online.';
/** A read the phone kept no copy of, asked for while it is offline. */
export const OFFLINE_READ = 'You are offline, and this phone kept no copy of this part: it shows once your phone is back online.';

const TOKEN_KEY = 'svp.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

interface Envelope<T> {
  success: boolean;
  data: T & { message?: string; err?: ErrorCode; errors?: Record<string, string> };
  /** Some answers also carry the message beside `data`. */
  message?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Answers whose envelope says success: false but which the caller handles (e.g. EMESSAGE). */
  acceptErrorCodes?: ErrorCode[];
  /** The access token to send instead of the stored one (signing out sends the token it is about to forget). */
  token?: string;
}

/** How long an answer asked for ahead of time may wait for the screen that wants it. */
export const EARLY_ANSWER_MS = 10_000;
interface EarlyAnswer {
  token: string | null;
  at: number;
  response: Promise<Response>;
}
const earlyAnswers = new Map<string, EarlyAnswer>();

/** Whether an answer asked for early may stand for a request made now with `token`. */
const stillFor = (early: EarlyAnswer | undefined, token: string | null): early is EarlyAnswer =>
  !!early && early.token === token && Date.now() - early.at < EARLY_ANSWER_MS;

/**
 * Sends GET /api + path at once, while the app's code is still being evaluated: the first `api`
 * call for the same path with the same token, within EARLY_ANSWER_MS, takes its answer instead of
 * asking again. A phone then waits for a screen's data once, not after each step of the start.
 */
export function requestEarly(path: string): void {
  const token = tokenStore.get();
  // Asked already (early.ts, then startLoading for the same page): one request.
  if (stillFor(earlyAnswers.get(path), token)) return;
  const response = fetch(`/api${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  response.catch(() => undefined);
  earlyAnswers.set(path, { token, at: Date.now(), response });
}

function takeEarlyAnswer(path: string, options: RequestOptions, token: string | null): Promise<Response> | null {
  const early = earlyAnswers.get(path);
  if (!early) return null;
  earlyAnswers.delete(path);
  const usable = (options.method ?? 'GET') === 'GET' && !options.signal && stillFor(early, token);
  return usable ? early.response : null;
}

/** Calls /api + path with the stored token and returns `data`; any failure is an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await (takeEarlyAnswer(path, options, token) ??
      fetch(`/api${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    noteNoNetwork();
    // Said plainly when the phone knows it is offline: a change cannot wait in the background, a read shows later.
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new ApiError(0, 'NETWORK', (options.method ?? 'GET') === 'GET' ? OFFLINE_READ : OFFLINE_CHANGE);
    throw new ApiError(0, 'NETWORK', FETCH_FAILED);
  }
  noteAnswer(response);
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  const data = envelope?.data;
  if (response.ok && envelope?.success) {
    if ((options.method ?? 'GET') === 'GET') noteRead(path, headers.Authorization);
    return data as T;
  }
  if (data?.err && options.acceptErrorCodes?.includes(data.err)) return data as T;
  throw new ApiError(
    response.status,
    data?.err ?? 'UNKNOWN',
    data?.message ?? envelope?.message ?? `The request failed (${response.status}).`,
    data?.errors ?? {},
    (data ?? {}) as Record<string, unknown>,
  );
}

/** Claims of the access token, read without verifying (the server verifies). */
export interface TokenClaims {
  sub: number;
  role: 'Team-Leader' | 'Student-Volunteer';
  admin: boolean;
  exp: number;
}

export function readClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)) as TokenClaims;
  } catch {
    return null;
  }
}

export function isExpired(claims: TokenClaims | null, now = Date.now()): boolean {
  return !claims || claims.exp * 1000 <= now;
}
