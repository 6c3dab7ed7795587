import type { Browser, Page } from 'playwright-core';
import { formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, grantTeamLeader, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { assignment, cancelledSwap, conferenceWeek, confirmedVolunteer, shift, swapRequest, venue } from './support/factories.js';
import { type Portal, pacificDay, startPortal } from './support/portal.js';

// The conference week on a phone: the schedule opens on the day of the next shift, marks the days
// with shifts and lists all of them; the swap page offers only exchanges both schedules allow, and a
// refusal shows in the modal the volunteer is looking at.

let portal: Portal;
let browser: Browser;
type Volunteer = SeededApplicant & { id: number };
let ada: Volunteer;
let ben: Volunteer;
let cleo: Volunteer;
let grace: SeededApplicant;
const ids: Record<string, number> = {};

/** The edition's first shift day, also its default schedule day: nobody works then. */
const firstDay = pacificDay(1);
/** Ada's next shifts: two on this day, one two days later. */
const busyDay = pacificDay(3);
const swapDay = pacificDay(4);
const lastShiftDay = pacificDay(5);

async function newShift(name: string, venueId: number, day: string, start: string, end: string, role: string): Promise<void> {
  ids[name] = await shift(portal, { venueId, day, start, end, role });
}

const assign = (name: string, who: Volunteer) => assignment(portal, ids[name]!, who.id, `${who.firstName} to ${name}`);

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await confirmedVolunteer(portal, 'Ada', 'Week');
  ben = await confirmedVolunteer(portal, 'Ben', 'Week');
  cleo = await confirmedVolunteer(portal, 'Cleo', 'Week');
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  const graceId = await grantTeamLeader(portal, grace.email);
  const registration = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [graceId] });
  const papers = await venue(portal, 'Technical Papers', { location: 'East Building, Ballroom C' });
  await conferenceWeek(portal, { firstShiftDay: firstDay, startDate: pacificDay(2), endDate: pacificDay(7) }, { swapsEnabled: true });

  await newShift('badgePickup', registration, busyDay, '09:00', '12:00', 'Badge pickup');
  await newShift('roomMonitor', papers, busyDay, '14:00', '17:00', 'Room monitor');
  await newShift('closing', papers, lastShiftDay, '16:00', '18:00', 'Closing crew');
  // On the swap day: the Greeter shift Ben and Cleo share; Ben also runs coffee while Ada's Badge pickup runs.
  await newShift('greeter', registration, swapDay, '10:00', '12:00', 'Greeter');
  await newShift('coffee', papers, busyDay, '09:30', '10:30', 'Coffee run');
  await newShift('lateDesk', papers, busyDay, '10:00', '11:00', 'Late desk');
  for (const name of ['badgePickup', 'roomMonitor', 'closing']) await assign(name, ada);
  await assign('greeter', ben);
  await assign('greeter', cleo);
  await assign('coffee', ben);
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const dayPicker = (page: Page) => page.getByRole('group', { name: 'Day' });

describe('the conference week on a phone', () => {
  it('Ada’s schedule opens on the day of her next shift, with the days that have shifts marked, and lists all her shifts', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.goto('/schedule/sv');
    const busy = dayPicker(page).getByRole('button', { name: `${formatShiftDay(busyDay)}, 2 shifts`, exact: true });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-pressed')).toBe('true');
    expect(
      await dayPicker(page)
        .getByRole('button', { name: `${formatShiftDay(lastShiftDay)}, 1 shift`, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    // The edition's default day is empty: it is neither chosen nor marked.
    expect(
      await dayPicker(page)
        .getByRole('button', { name: formatShiftDay(firstDay), exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    const list = page.getByRole('list', { name: `Shifts on ${formatShiftDay(busyDay)}` });
    await list.getByText('Badge pickup').waitFor();
    await list.getByText('Room monitor').waitFor();
    expect(await page.getByText(/^No shifts for /).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-opens-on-next-shift-phone');

    await page.getByRole('tab', { name: 'All My Shifts' }).click();
    await page.waitForURL(/view=all/);
    const panel = page.getByRole('tabpanel', { name: 'All My Shifts' });
    // The list is drawn just after the address changes: read the days once the last one is there.
    await panel.getByRole('heading', { level: 3, name: formatShiftDay(lastShiftDay) }).waitFor();
    expect(await panel.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      formatShiftDay(busyDay),
      formatShiftDay(lastShiftDay),
    ]);
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(lastShiftDay)}` })
      .getByText('Closing crew')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-all-my-shifts-phone');

    // A shift of the list opens the same modal as on the day view.
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(lastShiftDay)}` })
      .getByText('Closing crew')
      .click();
    await page.getByRole('dialog').getByText('Please be at the SV Office 30 minutes before to checkin').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Grace’s team-leader schedule opens on the day of the next shift at her venue, marked (on a desktop)', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, grace);
    await page.goto('/schedule/tl');
    const busy = dayPicker(page).getByRole('button', { name: `${formatShiftDay(busyDay)}, 1 shift`, exact: true });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(busyDay)}` })
      .getByText('Badge pickup')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-team-leader-desktop');
    await page.getByRole('tab', { name: 'All Shifts' }).click();
    await page
      .getByRole('list', { name: `Shifts on ${formatShiftDay(swapDay)}` })
      .getByText('Greeter')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-team-leader-all-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the swap page offers only the holders both schedules allow, and shows a refusal in the modal, where Ada is looking', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.goto(`/schedule/swap/${ids.badgePickup}/create`);
    await page.getByRole('combobox', { name: 'Day' }).selectOption({ label: formatShiftDay(swapDay) });
    await page.getByRole('button', { name: 'Select' }).click();
    const candidates = page.getByRole('table', { name: 'Shifts you could take' });
    await candidates.getByText('Greeter').waitFor();
    // Ben holds the Greeter shift too, but taking Ada's Badge pickup would clash with his coffee run.
    expect(await candidates.getByRole('button', { name: /^Swap with/ }).allTextContents()).toEqual([
      `Swap with Cleo Week for ${formatShiftDay(swapDay)}, 10:00 AM – 12:00 PM`,
    ]);
    expect(await candidates.getByText('Ben Week').count()).toBe(0);
    await screenshot(page, 'schedule-week-swap-candidates-phone');

    await candidates.getByRole('button', { name: /^Swap with Cleo Week/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a shift swap' });
    await dialog.getByText('Greeter').first().waitFor();
    // Meanwhile the office gives Cleo a shift during Ada's Badge pickup: the exchange no longer fits her.
    await assign('lateDesk', cleo);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("Your shift overlaps another of Cleo Week's shifts.");
    expect(await refusal.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await refusal.isVisible()).toBe(true);
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Close']);
    expect(await page.getByTestId('danger-alert').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-swap-refusal-phone');

    // Behind the modal the day's shifts loaded again: nobody left to swap with.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Unable to find shifts that fit your schedule.', { exact: true }).waitFor();
    await screenshot(page, 'schedule-week-swap-after-refusal-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a refused decline shows in the request’s row on the swap list, where Ada pressed it', async () => {
    // Ben asks Ada for her closing shift in exchange for his Greeter shift; the office then cancels the request.
    const asked = await swapRequest(portal, ben, { shiftId: ids.greeter, swappedShiftId: ids.closing, swappedSvid: ada.svid });
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.goto('/schedule/swap/list');
    const toAda = page.getByRole('table', { name: 'Swap requests to you' });
    const row = toAda.getByRole('row').filter({ hasText: 'Ben Week' });
    await row.getByRole('button', { name: /^Decline/ }).waitFor();
    await cancelledSwap(portal, asked);
    await row.getByRole('button', { name: /^Decline/ }).click();
    const refusal = row.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('This swap request is no longer open.');
    expect(await refusal.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByTestId('danger-alert').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'schedule-week-swap-list-refusal-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
