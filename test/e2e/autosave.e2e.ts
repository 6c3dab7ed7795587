import type { Browser, Page } from 'playwright-core';
import { choose, signIn, words } from './support/applicant.js';
import { type SeededApplicant, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { type Portal, startPortal } from './support/portal.js';

// Answers are saved as they are typed (docs/decisions.md, 'Answers are saved as they are typed'): a menu link right after typing saves
// first, a pause saves, a reload before the pause brings the text back, an answer failing its check is
// held back while the rest is saved and leaving then asks, and a page whose code cannot be loaded shows
// an error screen with Reload instead of a white page.

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.setTimeline('open');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const NO_ESSAYS = { essay1: '', essay2: '', essay3: '' };

/** An applicant with a profile, a proof and an application in progress (stored on the last tab). */
const inProgress = (firstName: string, data: Record<string, unknown> = NO_ESSAYS) =>
  seedApplicant(portal, firstName, 'Typist', { submit: false, data });

async function stored(who: SeededApplicant) {
  const answer = await portal.api('GET', `/application/${who.svid}`, undefined, who.token);
  return answer.body.data as { step: number; updated_at: string; financial_aid: boolean; data: Record<string, unknown> };
}

const tabHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
const lastSave = (page: Page) => page.getByText(/^Last Save: \d{2}:\d{2}:\d{2}$/);
const essays = (page: Page) => page.getByRole('textbox', { name: 'Your answer' });

/** Opens a wizard tab by its name (a scrollable row of tabs on a phone). */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await tabHeading(page, name);
}

/** A link of the main menu: in the bar on a desktop, in the drawer on a phone. */
async function menuLink(page: Page, name: string, size: 'phone' | 'desktop') {
  if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

/** Transitions finished (a dialog fading in reads as too faint to axe); spinners turn for ever and are left out. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Waits until `check` holds, asking again every 200 ms (the server's copy follows a moment after typing). */
async function eventually(check: () => Promise<boolean>, what: string, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Still not true after ${timeout} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('answers saved as they are typed, in a real browser on the built server', () => {
  it('saves three essays typed just before Dashboard is clicked in the menu, without asking', async () => {
    const ada = await inProgress('Ada');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, ada);
    await page.goto('/application');
    await openTab(page, 'SV Essays');
    const texts = [words(150, 'curious'), words(120, 'helpful'), words(90, 'calm')];
    for (const [i, text] of texts.entries()) await essays(page).nth(i).fill(text);

    await menuLink(page, 'Dashboard', 'desktop');
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const after = await stored(ada);
    expect(after.data).toMatchObject({ essay1: texts[0], essay2: texts[1], essay3: texts[2] });
    // The stored step is where the last move put it: a draft does not move it.
    expect(after.step).toBe(7);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("saves once typing pauses ('Last Save'); offline it says so, a reload asks, then brings the text back and saves it", async () => {
    const bea = await inProgress('Bea');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, bea);
    await page.goto('/application');
    await openTab(page, 'SV Essays');

    await essays(page).nth(0).fill(words(40, 'paused'));
    await lastSave(page).waitFor();
    expect((await stored(bea)).data.essay1).toBe(words(40, 'paused'));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'autosave-last-save-desktop');

    // The connection drops: the next essay cannot be saved, and the status line says so.
    const save = '**/api/application/save';
    await page.route(save, (route) => route.abort('internetdisconnected'));
    await essays(page).nth(1).fill(words(25, 'reloaded'));
    await page.getByText(/^Not saved: Unable to complete request/).waitFor();
    await screenshot(page, 'autosave-not-saved-desktop');

    // A reload asks first (accepted here); the tab kept the text, which is saved once the connection is back.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await page.unroute(save);
    expect(asked).toEqual(['beforeunload']);
    // The wizard opens at the stored step, with the kept text back in the form.
    await tabHeading(page, 'Confirmation of Responsibilities');
    await page
      .getByText('Answers you typed earlier in this browser tab had not been saved. They are back in the form and will be saved.')
      .waitFor();
    await lastSave(page).waitFor();
    expect((await stored(bea)).data).toMatchObject({ essay1: words(40, 'paused'), essay2: words(25, 'reloaded') });
    await openTab(page, 'SV Essays');
    expect(await essays(page).nth(1).inputValue()).toBe(words(25, 'reloaded'));
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'autosave-restored-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: holds back an airport code that fails its check, saves the rest, and asks before leaving', async () => {
    const cai = await inProgress('Cai');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, cai);
    await page.goto('/application');
    await openTab(page, 'Financial Aid');
    await page.getByRole('checkbox', { name: 'I would like to apply for financial aid' }).check();
    await page.getByRole('textbox', { name: 'Financial Aid Summary' }).fill(words(30, 'costly'));
    await choose(page, 'Primary Transportation', 'Plane');
    await page.getByRole('textbox', { name: 'Airport Code' }).fill('yu');

    await page.getByText('Not saved: Airport Code must be 3 letters, e.g. YVR').waitFor();
    await page.getByText('Airport Code must be 3 letters, e.g. YVR', { exact: true }).waitFor();
    const held = await stored(cai);
    expect(held.data).toMatchObject({ financialAidSummary: words(30, 'costly'), primaryTransport: 'plane' });
    expect(held.data.airportCode).not.toBe('YU');
    expect(held.financial_aid).toBe(true);
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'autosave-held-back-phone');

    await menuLink(page, 'Dashboard', 'phone');
    const dialog = page.getByRole('dialog', { name: 'You have unsaved changes' });
    await dialog.waitFor();
    await dialog.getByText('Airport Code must be 3 letters, e.g. YVR').waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'autosave-leave-warning-phone');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/application');

    // Corrected, it is saved too, and the menu then leaves without a question.
    await page.getByRole('textbox', { name: 'Airport Code' }).fill('yul');
    await page.getByText(/^Not saved/).waitFor({ state: 'detached' });
    await menuLink(page, 'Dashboard', 'phone');
    await page.waitForURL('**/dashboard');
    expect((await stored(cai)).data.airportCode).toBe('YUL');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the per-step pages too: a pause saves the essays, on the same page and stored step', async () => {
    const dev = await inProgress('Dev', { ...NO_ESSAYS });
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, dev);
    // Stored on the last tab: the per-step flow opens its last page; Previous Step leads to step one, then on to step two.
    await page.goto('/application/submit');
    await page.getByRole('button', { name: 'Previous Step' }).click();
    await page.waitForURL('**/application/1');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await page.waitForURL('**/application/2');
    await essays(page).nth(2).fill(words(60, 'steady'));
    await eventually(async () => (await stored(dev)).data.essay3 === words(60, 'steady'), 'the third essay is saved');
    expect((await stored(dev)).step).toBe(4);
    expect(new URL(page.url()).pathname).toBe('/application/2');
    await fitsThePhone(page);
    await screenshot(page, 'autosave-per-step-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a page whose code cannot be loaded, in a real browser', () => {
  it('on a phone: shows the error screen in the shell instead of a white page, and Reload brings the page', async () => {
    const eva = await inProgress('Eva');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, eva);
    // As after a redeploy: the wizard's code is no longer on the server.
    const gone = '**/assets/ApplicationWizard-*.js';
    await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.getByRole('link', { name: 'Continue Application' }).click();

    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    await page.getByText('The portal may have been updated since you opened it. Reloading gets the latest version.').waitFor();
    // The shell stays usable.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'page-not-loaded-phone');

    await page.unroute(gone);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Student Volunteer Application' }).waitFor();
    await tabHeading(page, 'Confirmation of Responsibilities');
    expect(errors).toEqual([]);
    await context.close();
  });
});
