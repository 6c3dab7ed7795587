import type { Browser, Page } from 'playwright-core';
import { SWAP_MESSAGES, formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, offerPlace, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { assignment, changedSettings, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, pacificDay, startPortal } from './support/portal.js';

// The routes' rules in a real browser: the launch gate with a signed-in user, the sign-in that
// returns to the page asked for, the swap notice reached from the shift modal, and the admin dashboard.

let portal: Portal;
let browser: Browser;
/** A confirmed volunteer with a shift. */
let ada: SeededApplicant;
/** An applicant offered a place, and a team leader applicant. */
let ben: SeededApplicant;

const day = pacificDay(2);
const CONTACT_EMAIL = 'sv-office@example.org';

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  await changedSettings(portal, { contactEmail: CONTACT_EMAIL }, 'Setting the contact address');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Router');
  ben = await seedApplicant(portal, 'Ben', 'Router', { teamLeader: true });
  await seedApplicant(portal, 'Cy', 'Router', { submit: false });
  const adaId = await confirmVolunteer(portal, ada.email);
  await offerPlace(portal, ben.email);
  const registration = await venue(portal, 'Registration', { location: 'West Building, Level 1' });
  const badgePickup = await shift(portal, { venueId: registration, day, start: '08:00', end: '12:00', role: 'Badge pickup' });
  // The portal's edition is the coming conference (docs/decisions.md, 'The first edition of a new portal'): a shift
  // this week comes before it, a pre-conference shift Ada did not ask for, so she is assigned as an exception.
  await assignment(portal, badgePickup, adaId, 'Ada', { exceptionReason: 'Needed at the desk this week' });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Fills the sign-in form already on the page and logs in. */
async function logIn(page: Page, who: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The addresses the page shows over `ms`, sampled: a redirect loop shows more than one. */
async function addressesOver(page: Page, ms: number): Promise<Set<string>> {
  return new Set(
    await page.evaluate(async (duration) => {
      const seen: string[] = [];
      const until = Date.now() + duration;
      while (Date.now() < until) {
        seen.push(location.pathname + location.search);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return seen;
    }, ms),
  );
}

describe('a protected page opened signed out (a link in an email)', () => {
  it('asks Ben to sign in to the confirmation form, then opens it', async () => {
    await portal.setTimeline('decisions');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await page.goto('/confirmation');
    await page.waitForURL('**/login?returnTo=%2Fconfirmation');
    await page.getByText('Please sign in to continue.', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'routes-sign-in-to-continue-phone');
    await logIn(page, ben);
    await page.waitForURL((url) => url.pathname === '/confirmation');
    await page.getByRole('heading', { level: 1, name: 'Confirm Your Position' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the swap notice while swapping online is switched off', () => {
  it('Ada, sent to sign in by a link to a day of her schedule, comes back to that day', async () => {
    await portal.setTimeline('schedulesOut');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await page.goto(`/schedule/sv?day=${day}`);
    await page.getByText('Please sign in to continue.', { exact: true }).waitFor();
    await logIn(page, ada);
    await page.waitForURL((url) => url.pathname === '/schedule/sv' && url.searchParams.get('day') === day);
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(day)}` })
      .getByText('Badge pickup')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ada reaches the notice, with the contact address, from both swap buttons of the shift modal', async () => {
    await portal.setTimeline('schedulesOut');
    for (const size of ['phone', 'desktop'] as const) {
      const { context, page, errors } = await newUserContext(browser, portal.baseUrl, size);
      await signIn(page, ada);
      const openShift = async () => {
        await page.goto(`/schedule/sv?day=${day}`);
        await page
          .getByRole('list', { name: `Shifts on ${formatShiftDay(day)}` })
          .getByText('Badge pickup')
          .click();
        return page.getByRole('dialog', { name: 'Badge pickup' });
      };

      let dialog = await openShift();
      await dialog.getByRole('link', { name: 'Swap Requests' }).waitFor();
      await screenshot(page, `routes-shift-modal-swaps-off-${size}`);
      await dialog.getByRole('link', { name: 'Swap Requests' }).click();
      await page.waitForURL('**/schedule/swap/list');
      await page.getByText(SWAP_MESSAGES.disabled, { exact: true }).waitFor();
      expect(await page.getByRole('main').getByRole('link', { name: CONTACT_EMAIL, exact: true }).getAttribute('href')).toBe(
        `mailto:${CONTACT_EMAIL}`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `routes-swap-notice-${size}`);

      dialog = await openShift();
      await dialog.getByRole('link', { name: 'Swap Shift' }).click();
      await page.waitForURL(/\/schedule\/swap\/\d+\/create$/);
      await page.getByText(SWAP_MESSAGES.disabled, { exact: true }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('the admin dashboard in the applicant app', () => {
  it(
    'shows an administrator the counts of applications started, completed and of team leader applicants, ' + 'with links into the panel',
    async () => {
      for (const size of ['desktop', 'phone'] as const) {
        const { context, page, errors } = await newUserContext(browser, portal.baseUrl, size);
        await signIn(page, ADMIN);
        const card = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Admin Dashboard' }) });
        await card.getByText('Applications started').waitFor();
        const counts = await card
          .locator('dl')
          .evaluate((list) =>
            Object.fromEntries([...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])),
          );
        expect(counts).toEqual({ 'Applications started': '3', 'Applications completed': '2', 'Team leader applicants': '1' });
        const links = card.getByRole('navigation', { name: 'Admin panel' }).getByRole('link');
        expect(await links.evaluateAll((all) => all.map((link) => [link.textContent, link.getAttribute('href')]))).toEqual([
          ['Search by user', '/admin/application/search'],
          ['Search by status', '/admin/application/search-status'],
          ['Jury assignments', '/admin/jury/assignments'],
          ['Jury statistics', '/admin/jury/statistics'],
        ]);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `routes-admin-dashboard-${size}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );
});

describe('before the launch of the next edition', () => {
  it('keeps a signed-in user on the pre-launch home page, without a redirect loop, and lets them sign out', async () => {
    await portal.setTimeline('open');
    for (const size of ['phone', 'desktop'] as const) {
      const { context, page, errors } = await newUserContext(browser, portal.baseUrl, size);
      await signIn(page, ada);
      // An organiser moves the launch date of the next edition into the future.
      await portal.setTimeline('beforeLaunch');

      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Applications Open Soon' }).waitFor();
      await page.getByRole('timer').waitFor();
      await page.getByText('You are signed in. Your dashboard opens when applications do.', { exact: true }).waitFor();
      expect([...(await addressesOver(page, 1500))]).toEqual(['/']);

      await page.goto('/dashboard');
      await page.getByText('You are signed in.', { exact: false }).waitFor();
      expect([...(await addressesOver(page, 1000))]).toEqual(['/']);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `routes-before-launch-signed-in-${size}`);

      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await page.getByText('You are signed in.', { exact: false }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('svp.token'))).toBeNull();
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await page.getByRole('timer').waitFor();
      expect(errors).toEqual([]);
      await context.close();
      await portal.setTimeline('open');
    }
  });
});
