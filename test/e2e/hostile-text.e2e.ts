import type { Browser, Page } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot } from './support/browser.js';
import { juryAssigned } from './support/factories.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

/** Markup an applicant might type into an essay, hoping a reviewer's browser runs it. */
const PAYLOAD =
  `I like <script>window.__pwned = 'script'</script> volunteering. <img src=x onerror="window.__pwned = 'img'">` +
  ` <svg onload="window.__pwned = 'svg'"></svg> <a href="javascript:window.__pwned = 'link'">click</a> <b>bold</b>`;

let portal: Portal;
let browser: Browser;
let mallory: SeededApplicant;
let leader: SeededApplicant;

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  mallory = await seedApplicant(portal, 'Mallory', 'Markup', { data: { essay1: PAYLOAD, essay2: PAYLOAD, essay3: PAYLOAD } });
  leader = await seedApplicant(portal, 'Trent', 'Leader', { submit: false });
  await grantTeamLeader(portal, leader.email);
  await portal.setTimeline('jury');
  await juryAssigned(portal);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Nothing the essay carried ran: no global set by a handler, no dialog opened, and the markup shows as text. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"], svg[onload], a[href^="javascript:"]').count()).toBe(0);
}

describe('an essay full of markup, in a reviewer’s browser', () => {
  it('shows as plain text on the admin panel', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInToAdmin(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Applications' }).click();
    await page.getByRole('row').filter({ hasText: mallory.email }).getByRole('link', { name: 'View App' }).click();
    await page.getByRole('tab', { name: 'Essays' }).click();
    await page.getByText('<script>', { exact: false }).first().waitFor();
    await page.waitForTimeout(300);
    await expectInert(page, dialogs);
    await screenshot(page, 'hostile-essay-admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows as plain text to the team leader scoring it', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, leader);
    await page.getByRole('link', { name: 'View Applications' }).click();
    await page.getByRole('button', { name: /Application 1/ }).click();
    const dialog = page.getByRole('dialog', { name: /Score Application 1/ });
    await dialog.getByText('<script>', { exact: false }).first().waitFor();
    await page.waitForTimeout(300);
    await expectInert(page, dialogs);
    await screenshot(page, 'hostile-essay-jury');
    expect(errors).toEqual([]);
    await context.close();
  });
});
