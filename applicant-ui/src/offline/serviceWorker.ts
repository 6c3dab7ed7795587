import { noteUpdated } from './freshness';

/** Where the phone keeps its copies of the week's reads (the service worker's cache of them). */
export const KEPT_READS_CACHE = 'svp-api';

let registering: Promise<void> | null = null;

/**
 * Registers the service worker (dist/sw.js) once the page has loaded and the browser is idle, so it
 * never competes with the first screen; only for people with a schedule, whose week's screens it
 * keeps. A new version taking over an open page is announced (the shell offers to reload).
 */
export function registerServiceWorker(): Promise<void> {
  if (registering) return registering;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !import.meta.env.PROD) return Promise.resolve();
  const hadController = !!navigator.serviceWorker.controller;
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
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) noteUpdated();
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
