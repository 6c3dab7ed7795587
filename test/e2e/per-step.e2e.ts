import type { Browser, Page } from 'playwright-core';
import {
  acceptAgreements,
  fillAcademicInformation,
  fillProfile,
  fillReferences,
  fillSvEssays,
  newApplicant,
  registerAndConfirm,
  signIn,
  usernameOf,
  words,
} from './support/applicant.js';
import { type SeededApplicant, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { type Portal, startPortal } from './support/portal.js';

// The older per-step pages: /application/1 → 2 → 3 → 4 → submit, each move saving the target step,
// built on the wizard's questions and saving; then the same pages on a phone, and after the deadline.

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and Continue' }).click();

/** The application as the server keeps it, read with the browser's own token. */
async function storedApplication(page: Page) {
  const token = (await page.evaluate(() => localStorage.getItem('svp.token')))!;
  const answer = await portal.api('GET', `/application/${await usernameOf(page, portal)}`, undefined, token);
  return answer.body.data;
}

/**
 * Waits until the app has sent the browser on to `path`; if it never does, fails saying where the browser is, what it
 * shows and the session history as Chromium keeps it, instead of only that the wait ran out.
 */
async function sentOnTo(page: Page, path: string): Promise<void> {
  try {
    await page.waitForURL(`**${path}`);
  } catch (error) {
    const shown = await page.getByRole('heading', { level: 2 }).allTextContents();
    const cdp = await page.context().newCDPSession(page);
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
    const history = entries.map((entry, i) => `${i === currentIndex ? '>' : ''}${new URL(entry.url).pathname}`).join(' ');
    throw new Error(`Not sent on to ${path}: at ${page.url()}, showing ${JSON.stringify(shown)}, history ${history}`, { cause: error });
  }
}

async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('the per-step pages in a real browser, on the built server', () => {
  it('walks /application/1 → 2 → 3 → 4 → submit → /dashboard on a desktop, each move saving its step', async () => {
    await portal.setTimeline('open');
    const dora = newApplicant('Dora');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await registerAndConfirm(page, portal, dora);
    await page.waitForURL(/\/(profile|dashboard)$/);
    await fillProfile(page);

    await page.goto('/application/1');
    await heading(page, 'Academic Information');
    await page.getByText('Step 1 of 5.', { exact: false }).waitFor();
    await fillAcademicInformation(page);
    await fillReferences(page);
    await page.getByRole('checkbox', { name: 'Attended SIGGRAPH (North America)' }).check();
    // Team leaders need a year as a student volunteer before; she declares 2019.
    await page.getByRole('checkbox', { name: 'Volunteered at SIGGRAPH (North America)' }).check();
    await page.getByLabel('Years Volunteered (North America)').click();
    await page.getByRole('option', { name: '2019' }).click();
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-1-desktop');
    await saveAndContinue(page);

    await page.waitForURL('**/application/2');
    await heading(page, 'Student Volunteer Questions');
    expect(await page.getByRole('button', { name: 'Previous Step' }).count()).toBe(0);
    await fillSvEssays(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-2-desktop');
    await saveAndContinue(page);

    await page.waitForURL('**/application/3');
    await heading(page, 'Become a Team Leader');
    await page.getByRole('checkbox', { name: 'I would like to apply to be a Team Leader' }).check();
    const essays = page.getByLabel('Your answer');
    await essays.nth(0).fill(words(90, 'lead'));
    await essays.nth(1).fill(words(70, 'guide'));
    await page.getByLabel('Anything else you would like us to know (optional)').fill(words(12, 'thanks'));
    await page.getByText('88 words remaining').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-3-desktop');
    await saveAndContinue(page);

    await page.waitForURL('**/application/4');
    await heading(page, 'Financial Aid');
    expect((await storedApplication(page)).data.step).toBe(6);
    // Back in the browser opens step three, which is not the stored step: the user is sent on to it.
    await page.goBack();
    await sentOnTo(page, '/application/4');
    await heading(page, 'Financial Aid');

    await page.getByRole('button', { name: 'Previous Step' }).click();
    await page.waitForURL('**/application/3');
    await heading(page, 'Become a Team Leader');
    expect(await page.getByLabel('Your answer').nth(0).inputValue()).toBe(words(90, 'lead'));
    expect((await storedApplication(page)).data.step).toBe(5);
    await saveAndContinue(page);

    await page.waitForURL('**/application/4');
    await heading(page, 'Financial Aid');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-4-desktop');
    await saveAndContinue(page);

    await page.waitForURL('**/application/submit');
    await heading(page, 'Confirmation of Responsibilities');
    const soClose = page.getByTestId('so-close');
    await soClose.getByRole('heading', { name: 'So close!' }).waitFor();
    for (const item of ['Terms and Conditions', 'Media Release', 'Privacy Policy']) await soClose.getByText(item).waitFor();
    const submit = page.getByRole('button', { name: 'Submit Application' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-5-desktop');

    await acceptAgreements(page);
    await soClose.waitFor({ state: 'detached' });
    await submit.click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Thank You For Applying!').waitFor();
    await screenshot(page, 'per-step-dashboard-desktop');

    const stored = await storedApplication(page);
    expect(stored).toMatchObject({ completed: true, team_leader: true });
    expect(stored.data).toMatchObject({
      step: 7,
      yearsVolunteered: [2019],
      teamLeaderEssay1: words(90, 'lead'),
      otherComments: words(12, 'thanks'),
      acceptedPrivacy: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the stored step on a phone, goes back to step one from step five, and submits from there', async () => {
    const pia = await seedApplicant(portal, 'Pia', 'Phone', { submit: false });
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, pia);

    // Stored on the last step: opening step one sends Pia to step five.
    await page.goto('/application/1');
    await page.waitForURL('**/application/submit');
    await heading(page, 'Confirmation of Responsibilities');
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-5-phone');

    await page.getByRole('button', { name: 'Previous Step' }).click();
    await page.waitForURL('**/application/1');
    await heading(page, 'Academic Information');
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'per-step-1-phone');

    for (const [path, title, shot] of [
      ['2', 'Student Volunteer Questions', 'per-step-2-phone'],
      ['3', 'Become a Team Leader', 'per-step-3-phone'],
      ['4', 'Financial Aid', 'per-step-4-phone'],
      ['submit', 'Confirmation of Responsibilities', null],
    ] as const) {
      await saveAndContinue(page);
      await page.waitForURL(`**/application/${path}`);
      await heading(page, title);
      await fitsThePhone(page);
      if (shot) await screenshot(page, shot);
    }
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Thank You For Applying!').waitFor();
    await screenshot(page, 'per-step-dashboard-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends every move to the dashboard without saving once the application deadline has passed', async () => {
    const quinn: SeededApplicant = await seedApplicant(portal, 'Quinn', 'Late', { submit: false });
    const before = (await portal.api('GET', `/application/${quinn.svid}`, undefined, quinn.token)).body.data;
    await portal.setTimeline('jury');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, quinn);

    await page.goto('/application/3');
    await page.waitForURL('**/application/submit');
    await page.getByText('Applications have closed. Your application can no longer be changed.').waitFor();
    await screenshot(page, 'per-step-closed-phone');
    await page.getByRole('button', { name: 'Previous Step' }).click();
    await page.waitForURL('**/dashboard');

    const after = (await portal.api('GET', `/application/${quinn.svid}`, undefined, quinn.token)).body.data;
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.data.step).toBe(7);
    expect(errors).toEqual([]);
    await context.close();
  });
});
