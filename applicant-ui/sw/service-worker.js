// The applicant app's service worker (built to dist/sw.js by the service-worker plugin of vite.config.ts,
// which writes in the build's id and the files it holds). It keeps the app usable where the network
// comes and goes: the app's code and the week's reads are kept on the phone, and said to be kept.
//
// - The app's files (assets/, the bare index page, the icons): taken at install, all or none, and then
//   answered from the phone. A new build installs beside the running one and takes over only once all
//   its files are in; the build before it is kept one generation, so a page still running its code
//   can load the chunks it has not loaded yet.
// - Pages (navigations): from the network, waiting NETWORK_WAIT_MS; without an answer, the bare index
//   page of this build, and the app draws the page from there.
// - The week's reads (schedules, shift details, roster, board, messages, swaps, codes, settings,
//   profile): from the network, and a copy kept per signed-in user; without an answer, the copy, with
//   X-SVP-Stored-At saying when it was kept, which the app shows ("as of 8:12 AM"). Writes always go
//   to the network: the app says plainly when one needs it.
// - Web Push: shows the notification the portal sent, and opens its page when tapped.

const BUILD = '__SVP_BUILD__';
const PRECACHE = __SVP_PRECACHE__;
const STATIC_PREFIX = 'svp-static-';
const STATIC_CACHE = STATIC_PREFIX + BUILD;
const API_CACHE = 'svp-api';
const NETWORK_WAIT_MS = 4000;
const SHELL = '/index.html';
/**
 * The server's answers say `Vary: Origin` (its CORS middleware), and a module script is asked for with
 * an Origin header its kept copy was not taken with: matched strictly, no script would ever be found
 * offline. Nothing kept here differs by origin.
 */
const ANY_ORIGIN = { ignoreVary: true };

/** The reads kept for offline use: everything a volunteer or a team leader reads during the week. */
const KEPT_READS = [
  /^\/api\/settings$/,
  /^\/api\/users\/profile$/,
  /^\/api\/schedule\/(?!.*calendar)/,
  /^\/api\/messages$/,
  /^\/api\/checkin\/codes$/,
  /^\/api\/notifications\/settings$/,
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE);
      // All or none: a file that cannot be had fails the install, and the build before stays in charge.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith(STATIC_PREFIX) && name !== STATIC_CACHE);
      // Keep the newest older build (its pages may still be open); drop the rest.
      const dated = await Promise.all(names.map(async (name) => ({ name, at: await installedAt(name) })));
      dated.sort((a, b) => b.at - a.at);
      await Promise.all(dated.slice(1).map(({ name }) => caches.delete(name)));
      await (await caches.open(STATIC_CACHE)).put('/__svp-installed', new Response(String(Date.now())));
      await self.clients.claim();
    })(),
  );
});

async function installedAt(name) {
  const marker = await (await caches.open(name)).match('/__svp-installed');
  return marker ? Number(await marker.text()) : 0;
}

self.addEventListener('message', (event) => {
  // Signing out forgets every kept read.
  if (event.data === 'svp:forget-reads') event.waitUntil(caches.delete(API_CACHE));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    if (KEPT_READS.some((pattern) => pattern.test(url.pathname))) event.respondWith(keptRead(event, url));
    return;
  }
  if (url.pathname.startsWith('/admin')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) event.respondWith(appFile(request));
});

/**
 * The network's answer: `inTime`, or null when it fails or takes longer than NETWORK_WAIT_MS; and
 * `answer`, whenever it comes (null when it fails), for a copy to be kept even when it came too late.
 */
function fromNetwork(request) {
  const answer = fetch(request).then(
    (response) => response,
    () => null,
  );
  const inTime = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), NETWORK_WAIT_MS);
    void answer.then((response) => {
      clearTimeout(timer);
      resolve(response);
    });
  });
  return { answer, inTime };
}

async function page(request) {
  const response = await fromNetwork(request).inTime;
  if (response) return response;
  return (await caches.match(SHELL, ANY_ORIGIN)) ?? Response.error();
}

async function appFile(request) {
  const kept = await caches.match(request, ANY_ORIGIN);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    void caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** The user a request is made for, from its access token (the server checks the token; this only files the copy). */
function userOf(request) {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sub === 'number' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Where a user's copy of a read is kept: the address with the user added, so one phone never shows one person another's. */
function keptKey(url, user) {
  const key = new URL(url);
  key.searchParams.set('__svp_user', String(user ?? 'anyone'));
  return key.toString();
}

/**
 * Keeps a copy of an answer. Its body is kept as read (decoded), so the headers that described the
 * bytes on the wire go. A copy that cannot be kept (storage full) is not: the answer still goes to the page.
 */
async function keep(key, response) {
  try {
    const headers = new Headers(response.headers);
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
    headers.set('X-SVP-Stored-At', new Date().toISOString());
    const body = await response.arrayBuffer();
    await (
      await caches.open(API_CACHE)
    ).put(key, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  } catch {
    // Not kept.
  }
}

async function keptRead(event, url) {
  const request = event.request;
  const user = userOf(request);
  const key = keptKey(url, user);
  const keepable = (response) => response && response.ok && (user !== null || url.pathname === '/api/settings');
  const { answer, inTime } = fromNetwork(request);
  const response = await inTime;
  if (response) {
    if (keepable(response)) await keep(key, response.clone());
    return response;
  }
  // No answer in time: the copy now, and the answer still kept for next time if it comes.
  event.waitUntil(answer.then((late) => (keepable(late) ? keep(key, late) : undefined)));
  const kept = await (await caches.open(API_CACHE)).match(key, ANY_ORIGIN);
  if (!kept) return Response.error();
  const headers = new Headers(kept.headers);
  headers.set('X-SVP-Offline', '1');
  headers.delete('Content-Length');
  return new Response(await movedOn(kept, headers.get('X-SVP-Stored-At')), { status: kept.status, statusText: kept.statusText, headers });
}

/**
 * A kept answer's body, its `data.now` (the server's time when it answered) moved on by the time
 * since it was kept: the app measures the server clock's offset from it, which then stays what it
 * was when the copy was made, instead of the copy's age.
 */
async function movedOn(kept, storedAt) {
  const text = await kept.text();
  try {
    const body = JSON.parse(text);
    const since = Date.now() - Date.parse(storedAt);
    if (body && body.data && typeof body.data.now === 'string' && Number.isFinite(since)) {
      body.data.now = new Date(Date.parse(body.data.now) + Math.max(0, since)).toISOString();
      return JSON.stringify(body);
    }
  } catch {
    // Not JSON: as it was kept.
  }
  return text;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: 'SV Portal', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'SV Portal', {
      body: message.body ?? '',
      tag: message.tag,
      data: { url: message.url ?? '/' },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((client) => client.url === target);
      if (same) return same.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
