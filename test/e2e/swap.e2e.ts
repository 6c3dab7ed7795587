import type { Browser, Page } from 'playwright-core';
import { formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { assignment, changedSettings, conferenceWeek, shift, venue } from './support/factories.js';
import { type Portal, pacificDay, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let ben: SeededApplicant;

const day = pacificDay(2);

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  // The conference is this week (a new portal's edition is the coming conference, months away), so the shifts are not pre-conference ones.
  await conferenceWeek(portal, { firstShiftDay: pacificDay(1), startDate: day, endDate: pacificDay(6), defaultScheduleDay: day });
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Swapper');
  ben = await seedApplicant(portal, 'Ben', 'Swapper');
  const [adaId, benId] = [await confirmVolunteer(portal, ada.email), await confirmVolunteer(portal, ben.email)];
  const registration = await venue(portal, 'Registration', { location: 'West Building, Level 1' });
  const papers = await venue(portal, 'Technical Papers', { location: 'East Building, Ballroom C' });
  const morning = await shift(portal, { venueId: registration, day, start: '08:00', end: '12:00', role: 'Badge pickup' });
  const afternoon = await shift(portal, { venueId: papers, day, start: '13:00', end: '17:00', role: 'Room monitor' });
  await assignment(portal, morning, adaId, 'Ada');
  await assignment(portal, afternoon, benId, 'Ben');
  await portal.setTimeline('schedulesOut');
  await changedSettings(portal, { swapsEnabled: true }, 'Switching swaps on');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The roles of the volunteer's shifts on the day, as their schedule lists them. */
async function shiftsOnDay(page: Page): Promise<string> {
  await page.goto(`/schedule/sv?day=${day}`);
  const list = page.getByRole('list', { name: `Shifts on ${formatShiftDay(day)}` });
  await list.waitFor();
  return (await list.textContent()) ?? '';
}

describe('a shift swap in real browsers', () => {
  it('Ada offers her morning shift to anyone from the shift modal', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    expect(await shiftsOnDay(page)).toContain('Badge pickup');
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(day)}` })
      .getByText('Badge pickup')
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Swap Shift' }).click();
    await page.waitForURL(/\/schedule\/swap\/\d+\/create$/);
    await page.getByRole('button', { name: 'Offer to Anyone' }).click();
    const confirm = page.getByRole('dialog', { name: 'Offer your shift to anyone' });
    await confirm.getByText('Badge pickup').first().waitFor();
    await screenshot(page, 'swap-offer-confirm-phone');
    await confirm.getByRole('button', { name: 'Create Open Request' }).click();
    await page.waitForURL(/\/schedule\/sv/);
    await page.getByText('Successfully created shift swap request.', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ben accepts it from the swap list, giving his afternoon shift, and his schedule shows the exchange', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, ben);
    await page.goto('/schedule/swap/list');
    const open = page.getByRole('table', { name: 'Open swap requests by other volunteers' });
    await open.getByText('Ada Swapper').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'swap-list-open-request');
    await open.getByRole('button', { name: /^Accept/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept shift swap request' });
    await confirm.getByText('Room monitor').first().waitFor();
    await confirm.getByText('Badge pickup').first().waitFor();
    await screenshot(page, 'swap-accept-confirm');
    await confirm.getByRole('button', { name: 'Accept Swap' }).click();
    await page.getByText('Successfully accepted shift swap request. Please check your schedule for updates.', { exact: true }).waitFor();

    const mine = await shiftsOnDay(page);
    expect(mine).toContain('Badge pickup');
    expect(mine).not.toContain('Room monitor');
    await screenshot(page, 'swap-ben-schedule-after');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ada’s schedule shows the afternoon shift, and her request as accepted', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, ada);
    const mine = await shiftsOnDay(page);
    expect(mine).toContain('Room monitor');
    expect(mine).not.toContain('Badge pickup');
    await screenshot(page, 'swap-ada-schedule-after');
    await page.goto('/schedule/swap/list');
    await page.getByRole('table', { name: 'Swap requests you created' }).getByText('Ben Swapper').waitFor();
    await screenshot(page, 'swap-list-accepted');
    expect(errors).toEqual([]);
    await context.close();
  });
});
