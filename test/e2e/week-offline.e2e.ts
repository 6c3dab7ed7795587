import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, pick, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { assignment, conferenceWeek, performanceRecord, shift, venue } from './support/factories.js';
import { type Portal, ok, pacific, pacificDay, startPortal } from './support/portal.js';

// The week on the conference floor, in a phone-sized Chromium against the built server: the app is
// installable and, after one visit, a volunteer's schedule and shift open without a network, saying
// how fresh they are; a team leader whose network is cut checks in ten volunteers by scanning their
// codes (the camera is fed the images of the codes their own phones show) and rates two; when the
// network returns the portal holds exactly those check-ins, at the time of each tap, once, also when
// the same queue is sent again; and a record another team leader changed meanwhile is shown as a
// conflict, which the team leader resolves on the screen.

let portal: Portal;
let browser: Browser;
let tess: SeededApplicant;
let tara: SeededApplicant;
let volunteers: (SeededApplicant & { id: number })[] = [];
const ids: Record<string, number> = {};

const NAMES = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jun'];

/** Waits until the service worker controls the page (it registers once the page is idle, and claims it when active). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
}

/** Waits until the phone keeps a copy of each read whose address contains one of `parts` (the service worker's cache of reads). */
async function keptReads(page: Page, parts: string[]): Promise<void> {
  // Asked in turn rather than with waitForFunction, which takes the promise an async check answers for a yes.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const urls = await page.evaluate(async () => (await (await caches.open('svp-api')).keys()).map((r) => r.url));
    const missing = parts.filter((part) => !urls.some((url) => url.includes(part)));
    if (!missing.length) return;
    if (Date.now() > deadline) throw new Error(`The phone kept no copy of ${missing.join(', ')} (it kept ${urls.join(', ')})`);
    await page.waitForTimeout(200);
  }
}

/**
 * A phone camera the test shows pictures to: getUserMedia answers a canvas's stream, and
 * window.__camera.show(dataUrl) puts a picture in front of it (blank() takes it away).
 */
async function fakeCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const draw = canvas.getContext('2d')!;
    let shown: HTMLImageElement | null = null;
    // A camera sends frames all the time: the picture in front of it is drawn again ten times a second.
    const paint = () => {
      draw.fillStyle = '#fff';
      draw.fillRect(0, 0, canvas.width, canvas.height);
      if (!shown) return;
      const scale = Math.min(400 / shown.width, 400 / shown.height);
      const [w, h] = [shown.width * scale, shown.height * scale];
      draw.drawImage(shown, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
    };
    setInterval(paint, 100);
    (window as unknown as { __camera: object }).__camera = {
      blank() {
        shown = null;
        paint();
      },
      async show(dataUrl: string) {
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        shown = image;
        paint();
      },
    };
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
  });
}

const showToCamera = (page: Page, png: Buffer) =>
  page.evaluate(
    (url) => (window as unknown as { __camera: { show(u: string): Promise<void> } }).__camera.show(url),
    `data:image/png;base64,${png.toString('base64')}`,
  );

interface StoredRecord {
  check_in: boolean;
  check_in_at: string | null;
  rating: number;
  notes: string;
  version: number;
}

async function recordsOnServer(): Promise<Map<number, StoredRecord>> {
  const detail = await ok(portal.api('GET', `/schedule/shift/${ids.desk}`, undefined, tess.token), 'Reading the shift');
  const people = detail.data.shift.studentVolunteers as { id: number; performance_record: StoredRecord }[];
  return new Map(people.map((p) => [p.id, p.performance_record]));
}

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  const seeded = await Promise.all(NAMES.map((name) => seedApplicant(portal, name, 'Floor')));
  [tess, tara] = await Promise.all([
    seedApplicant(portal, 'Tess', 'Lead', { submit: false }),
    seedApplicant(portal, 'Tara', 'Lead', { submit: false }),
  ]);
  volunteers = [];
  for (const person of seeded) volunteers.push({ ...person, id: await confirmVolunteer(portal, person.email) });
  ids.tess = await grantTeamLeader(portal, tess.email);
  ids.tara = await grantTeamLeader(portal, tara.email);
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(-2),
    startDate: pacificDay(-1),
    endDate: pacificDay(3),
    defaultScheduleDay: pacificDay(-1),
  });
  ids.registration = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [ids.tess, ids.tara] });
  // Under way for 20 minutes, ten places.
  ids.desk = await shift(portal, { venueId: ids.registration, from: pacific(-20), to: pacific(160), role: 'Badge pickup', svSlots: 10 });
  for (const v of volunteers) await assignment(portal, ids.desk, v.id, v.firstName);
  await portal.setTimeline('schedulesOut');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Each volunteer's check-in code as a picture, taken from their own phone's screen. */
const codeImages = new Map<number, Buffer>();

describe('the week on the conference floor, offline', () => {
  it("is installable, and a volunteer's schedule and shift open without a network after one visit, saying how fresh they are", async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    const ada = volunteers[0]!;
    await signIn(page, ada);
    await page.goto('/schedule');
    await page.waitForURL('**/schedule/sv');
    await page.getByText('Badge pickup').first().waitFor();
    const code = page.getByRole('img', { name: 'Your check-in code' });
    await code.waitFor();
    await controlledByServiceWorker(page);
    // The page loaded once the worker is in charge: what it reads is kept.
    await page.reload();
    await page.getByText('Badge pickup').first().waitFor();
    await code.waitFor();
    await keptReads(page, ['/api/settings', '/api/users/profile', `/api/schedule/${ada.id}`, '/api/checkin/codes']);

    // Installable: a manifest with a name, icons, a start address and standalone display, each icon there.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: expect.stringContaining('SV Portal'), start_url: '/schedule', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

    // Every volunteer's code, as their phone shows it (Ada's here; the others' on pages of their own below).
    codeImages.set(ada.id, await code.screenshot());
    await screenshot(page, 'week-volunteer-online-phone');

    // The network is cut: the schedule, the shift and the code still open, with how fresh they are.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Badge pickup').first().waitFor();
    await page
      .getByTestId('offline-banner')
      .getByText(/^Offline: showing what this phone kept at \d{1,2}:\d{2} [AP]M \(Pacific\)/)
      .waitFor();
    await page.getByRole('img', { name: 'Your check-in code' }).waitFor();
    await page
      .getByRole('list', { name: /^Shifts on / })
      .getByText('Badge pickup')
      .click();
    await page.getByRole('region', { name: 'Shift details' }).getByText('West Building, Level 1').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-volunteer-offline-shift-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // The installed app's start address opens offline too.
    await page.goto('/schedule');
    await page.waitForURL('**/schedule/sv');
    await page.getByText('Badge pickup').first().waitFor();
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();

    // The other nine volunteers' codes, each from their own phone's screen.
    const phones = await newUserContext(browser, portal.baseUrl, 'phone');
    for (const v of volunteers.slice(1)) {
      await phones.page.goto('/');
      await phones.page.evaluate((token) => localStorage.setItem('svp.token', token), v.token);
      await phones.page.goto('/schedule/sv');
      const theirs = phones.page.getByRole('img', { name: 'Your check-in code' });
      await theirs.waitFor();
      codeImages.set(v.id, await theirs.screenshot());
    }
    expect(phones.errors).toEqual([]);
    await phones.context.close();
  });

  it('a team leader offline checks in ten volunteers by their codes and rates two; once online the portal holds each once', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await fakeCamera(context);
    const syncs: Request[] = [];
    // The syncs the portal answered (those tried offline fail in the browser and never reach it).
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/schedule/pr/sync')) syncs.push(request);
    });
    await signIn(page, tess);
    // The week's screens, once, online. Each is a page load of its own here (a phone moves between them
    // in one page): the worker, registered on the first, keeps the reads of those loaded once it controls them.
    await page.goto('/schedule/tl');
    await page.getByText('Badge pickup').first().waitFor();
    await controlledByServiceWorker(page);
    await page.goto('/schedule/board');
    await page.getByText('Badge pickup').first().waitFor();
    await page.goto('/messages');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.goto('/schedule/checkin');
    await page.getByRole('heading', { name: 'Check in', level: 1 }).waitFor();
    await page.getByTestId(`volunteer-${volunteers[9]!.id}`).waitFor();
    await controlledByServiceWorker(page);
    await keptReads(page, [
      '/api/settings',
      '/api/users/profile',
      `/api/schedule/tl/${ids.tess}`,
      `/api/schedule/shift/${ids.desk}`,
      '/api/schedule/board',
      '/api/messages',
    ]);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId(`volunteer-${volunteers[9]!.id}`).waitFor();
    // Offline, the live board and the messages open from what the phone kept too.
    for (const [path, shown] of [
      ['/schedule/board', page.getByText('Badge pickup').first()],
      ['/messages', page.getByRole('heading', { name: 'Messages', level: 1 })],
    ] as const) {
      await page.goto(path);
      await shown.waitFor();
      await page
        .getByTestId('offline-banner')
        .getByText(/^Offline: showing what this phone kept at/)
        .waitFor();
      expect(await page.getByTestId('danger-alert').count()).toBe(0);
    }
    await page.goto('/schedule/checkin');
    await page.getByTestId(`volunteer-${volunteers[9]!.id}`).waitFor();
    await page.getByRole('button', { name: 'Scan codes' }).click();
    await page.getByRole('region', { name: 'Scan check-in codes' }).getByText('Hold a volunteer’s code in front of the camera.').waitFor();

    const tapped = new Map<number, { from: number; to: number }>();
    for (const v of volunteers) {
      const from = Date.now();
      await showToCamera(page, codeImages.get(v.id)!);
      await page.getByTestId('scan-result').getByText(`Checked in ${v.firstName} Floor.`, { exact: true }).waitFor({ timeout: 15_000 });
      tapped.set(v.id, { from, to: Date.now() });
      await page.evaluate(() => (window as unknown as { __camera: { blank(): void } }).__camera.blank());
    }
    await page.getByRole('button', { name: 'Stop scanning' }).click();
    // Two ratings.
    await pick(page, `Rating for ${volunteers[1]!.firstName} Floor`, '5');
    await pick(page, `Rating for ${volunteers[2]!.firstName} Floor`, '2');
    await page.getByTestId('queue-status').getByText('12 changes waiting to be sent.').waitFor();
    expect(await page.getByText('Waiting to be sent', { exact: true }).count()).toBe(10);
    expect(syncs).toHaveLength(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-checkin-offline-waiting-phone');

    // Meanwhile Tara, online at the other door, saves a note on Jun's record.
    const jun = volunteers[9]!;
    await performanceRecord(
      portal,
      tara,
      { shiftId: ids.desk, volunteerId: jun.id },
      { check_in: false, notes: 'Asked for the afternoon.' },
    );
    expect((await recordsOnServer()).get(volunteers[0]!.id)?.check_in).toBe(false);

    // The network returns: the queue goes at once; Jun's check-in meets Tara's change and is shown as a conflict.
    await context.setOffline(false);
    const conflict = page.getByTestId('record-conflict');
    await conflict.waitFor({ timeout: 30_000 });
    await conflict.getByText(/Another team leader changed Jun Floor's record since this phone read it\./).waitFor();
    await conflict.getByText(/note “Asked for the afternoon\.”/).waitFor();
    await page
      .getByTestId('queue-status')
      .getByText(/^One change waits for your decision below/)
      .waitFor();
    await screenshot(page, 'week-checkin-conflict-phone');
    let held = await recordsOnServer();
    expect(held.get(jun.id)).toMatchObject({ check_in: false, notes: 'Asked for the afternoon.' });
    expect([...held.values()].filter((r) => r.check_in)).toHaveLength(9);

    // Tess keeps hers: Jun is checked in at the time of her tap, over Tara's record (whose note stays).
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await conflict.waitFor({ state: 'detached' });
    await page.getByTestId(`volunteer-${jun.id}`).getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByTestId('queue-status').getByText('Everything this phone recorded has been sent.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-checkin-sent-phone');

    held = await recordsOnServer();
    for (const v of volunteers) {
      const record = held.get(v.id)!;
      const tap = tapped.get(v.id)!;
      expect(record.check_in).toBe(true);
      // The tap's time (the phone's clock set to the portal's), not the time it was sent.
      const at = Date.parse(record.check_in_at!);
      expect(at).toBeGreaterThanOrEqual(tap.from - 3000);
      expect(at).toBeLessThanOrEqual(tap.to + 3000);
    }
    expect([...held.values()].map((r) => r.rating).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2, 5]);
    expect(held.get(volunteers[1]!.id)!.rating).toBe(5);
    expect(held.get(volunteers[2]!.id)!.rating).toBe(2);
    expect(held.get(jun.id)!.notes).toBe('Asked for the afternoon.');

    // Sent once: the first sync carried all twelve taps, the second only Jun's check-in sent again under a new key.
    const bodies = syncs.map((r) => r.postDataJSON() as { sent_at: string; actions: { key: string; kind: string }[] });
    expect(bodies.map((b) => b.actions.length)).toEqual([12, 1]);
    expect(new Set(bodies.flatMap((b) => b.actions.map((a) => a.key))).size).toBe(13);

    // The same queue sent again (a phone that never heard the answer): judged once, nothing changes.
    const again = await ok(
      portal.api('POST', '/schedule/pr/sync', { ...bodies[0]!, sent_at: new Date().toISOString() }, tess.token),
      'Sending the queue again',
    );
    const results = again.data.results as { repeated: boolean; outcome: string }[];
    expect(results).toHaveLength(12);
    expect(results.every((r) => r.repeated)).toBe(true);
    expect(results.filter((r) => r.outcome === 'conflict')).toHaveLength(1);
    const after = await recordsOnServer();
    expect([...after.entries()]).toEqual([...held.entries()]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
