import { useSyncExternalStore } from 'react';

/**
 * How fresh what the screen shows is. The service worker answers a read from the phone's copy when the
 * network does not answer, saying when the copy was kept (X-SVP-Stored-At, with X-SVP-Offline); the API
 * client tells this store of every answer, and the shell shows 'as of 8:12 AM' while any answer since
 * the last live one came from a copy.
 */
export interface Freshness {
  /** The oldest kept copy shown since the last answer from the network; null when everything shown is live. */
  keptAt: string | null;
  /** The browser's own idea of the network, and what the last request met. */
  online: boolean;
  /** A new version of the app has taken over this page: reloading shows it. */
  updated: boolean;
}

let state: Freshness = { keptAt: null, online: typeof navigator === 'undefined' ? true : navigator.onLine !== false, updated: false };
const listeners = new Set<() => void>();

function set(next: Partial<Freshness>): void {
  const merged = { ...state, ...next };
  if (merged.keptAt === state.keptAt && merged.online === state.online && merged.updated === state.updated) return;
  state = merged;
  listeners.forEach((listener) => listener());
}

/** Called with every answer the API client receives. */
export function noteAnswer(response: Pick<Response, 'headers'>): void {
  const keptAt = response.headers.get('X-SVP-Offline') ? response.headers.get('X-SVP-Stored-At') : null;
  if (!keptAt) set({ keptAt: null, online: true });
  else set({ keptAt: state.keptAt && state.keptAt < keptAt ? state.keptAt : keptAt, online: false });
}

/** Called when a request met no network at all. */
export function noteNoNetwork(): void {
  set({ online: false });
}

export function noteUpdated(): void {
  set({ updated: true });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
}

export function freshness(): Freshness {
  return state;
}

export function subscribeFreshness(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFreshness(): Freshness {
  return useSyncExternalStore(subscribeFreshness, freshness, freshness);
}

/** For tests: back to a live, online screen. */
export function resetFreshness(): void {
  state = { keptAt: null, online: true, updated: false };
  listeners.forEach((listener) => listener());
}
