import { noteUpdated } from './freshness';

/** Where the phone keeps its copies of the week's reads (the service worker's cache of them). */
export const KEPT_READS_CACHE = 'svp-api';

const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
let registering: Promise<void> | null = null;

/** At most this many reads are asked again when the service worker first takes over the page. */
const READS_KEPT_AT_TAKEOVER = 40;
/** The reads this page made before a service worker controlled it (address after /api → its Authorization header). */
const readsBefore = new Map<string, string | undefined>();

/**
 * Called by the API client with every read that was answered: until a service worker controls the
 * page, it is noted, to be asked again through the worker when it takes over (see below).
 */
export function noteRead(path: string, authorization: string | undefined): void {
  if (!supported || navigator.serviceWorker.controller) return;
  if (readsBefore.size < READS_KEPT_AT_TAKEOVER || readsBefore.has(path)) readsBefore.set(path, authorization);
}

/**
 * The first visit's reads went straight to the network (no worker yet), so the phone kept none of
 * them: once the worker takes over, the page asks for them again through it, which keeps a copy of
 * those it keeps. The page open on the first visit is then readable offline too.
 */
function keepReadsMadeBefore(): void {
  const reads = [...readsBefore];
  readsBefore.clear();
  for (const [path, authorization] of reads)
    void fetch(`/api${path}`, {
      headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    }).catch(() => undefined);
}

/** Whether a worker controlled this page: from its start, or since one took it over. */
let controlled = supported && !!navigator.serviceWorker.controller;
// Listened for from the start (this module loads with the API client, before any read): a worker can take
// the page over while it is still loading, before the shell registers one.
if (supported)
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // A new version taking over a page another version controlled is announced (the shell offers to reload).
    if (controlled) noteUpdated();
    else keepReadsMadeBefore();
    controlled = true;
  });

/**
 * Registers the service worker (dist/sw.js) once the page has loaded and the browser is idle, so it
 * never competes with the first screen; only for people with a schedule, whose week's screens it
 * keeps.
 */
export function registerServiceWorker(): Promise<void> {
  if (registering) return registering;
  if (!supported || !import.meta.env.PROD) return Promise.resolve();
  registering = new Promise<void>((resolve) => {
    const start = () =>
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then(() => undefined)
        .catch(() => undefined)
        .finally(resolve);
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => void start(), { timeout: 3000 }) : setTimeout(start, 1000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return registering;
}

/** Signing out: the copies of the week's reads are forgotten on this phone. */
export async function forgetKeptReads(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(KEPT_READS_CACHE);
  } catch {
    // No cache storage (an old browser, a private window): nothing was kept.
  }
}
