import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

const ARTIFACTS = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../artifacts');

/** Debian's Chromium (never a downloaded browser), headless, with the machine's closed network in mind. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh browser profile (own storage) at phone or desktop size, failing loudly on page errors. */
export async function newUserContext(
  browser: Browser,
  baseURL: string,
  size: 'phone' | 'desktop' = 'desktop',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Saves a full-page screenshot under test/artifacts/ (git-ignored, kept by CI). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Transitions finished first: a dialog caught mid-fade shows as a ghost.
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Serious and critical accessibility violations on the current page (axe-core), once every finite animation
 * has finished: colours read mid-fade (an overlay fading out over the page, a button fading in) depend on
 * how fast the machine drew the page, not on what it shows. `exclude`: selectors left out, e.g. a
 * sandboxed frame showing an email, where axe cannot run.
 */
export async function seriousViolations(page: Page, options: { exclude?: string[] } = {}): Promise<string[]> {
  // A violation must hold on a still page: read again after a pause, a colour caught mid-fade (a late
  // re-render on a busy machine starting a transition while axe reads) is gone, a real one is not.
  let found: string[] = [];
  for (let reading = 0; reading < 3; reading += 1) {
    if (reading) await page.waitForTimeout(1_000);
    found = await violationsOnceStill(page, options);
    if (!found.length) return found;
  }
  return found;
}

async function violationsOnceStill(page: Page, options: { exclude?: string[] }): Promise<string[]> {
  // Every finite animation finished, and none started since: a page that re-renders when late data
  // arrives starts new transitions (a button fading its colour in) after the first ones have ended.
  await page.evaluate(async () => {
    const running = () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(running().map((a) => a.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (!running().length) return;
    }
  });
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join('; ')}`,
    );
}

/**
 * Serious accessibility problems once the page is still: its requests done ('networkidle', unless the
 * page holds a sandboxed frame, which never reports it: then its loading spinners gone) and, as for
 * every check, every finite animation finished (a button enabled when its data arrives fades its
 * colour in; a spinner turns for ever). `exclude` as for seriousViolations.
 */
export async function settledViolations(page: Page, options: { exclude?: string[]; waitForNetwork?: boolean } = {}): Promise<string[]> {
  if (options.waitForNetwork ?? true) await page.waitForLoadState('networkidle');
  else {
    const deadline = Date.now() + 10_000;
    while ((await page.getByRole('progressbar', { name: 'Loading' }).count()) > 0 && Date.now() < deadline) await page.waitForTimeout(100);
  }
  return seriousViolations(page, { exclude: options.exclude });
}

/**
 * Sets a context's clock to the server's (a portal started with `now`): the apps read the time from the
 * browser too (a session's expiry, countdowns), and a browser a week or a season away from the server
 * would see its sessions expired. Time then runs on from there. Call before the context's first page loads.
 */
export async function browserAtServerTime(context: BrowserContext, baseUrl: string): Promise<void> {
  const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { data: { now: string } };
  await context.clock.install({ time: new Date(settings.data.now) });
}
