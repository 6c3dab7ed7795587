import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { assignment, conferenceWeek, performanceRecord, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, pacificDay, startPortal, pacific } from './support/portal.js';

// The conference week's records against the real server: a shift is under way, one volunteer is
// checked in and the other is not; the live board shows who is missing, to the organisers and to
// the venue's team leader; the team leader prints the shift's roster; the reports read it back.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let ben: SeededApplicant;
let grace: SeededApplicant;
const ids: Record<string, number> = {};

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Present');
  ben = await seedApplicant(portal, 'Ben', 'Missing');
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  ids.ada = await confirmVolunteer(portal, ada.email);
  ids.ben = await confirmVolunteer(portal, ben.email);
  ids.grace = await grantTeamLeader(portal, grace.email);
  // The conference is on now: it began yesterday and ends in three days.
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(-2),
    startDate: pacificDay(-1),
    endDate: pacificDay(3),
    defaultScheduleDay: pacificDay(-1),
  });
  ids.registration = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [ids.grace] });
  // Under way for 20 minutes, two places: Ada and Ben.
  ids.desk = await shift(portal, { venueId: ids.registration, from: pacific(-20), to: pacific(160), role: 'Badge pickup' });
  for (const who of [ids.ada, ids.ben]) await assignment(portal, ids.desk, who);
  await portal.setTimeline('schedulesOut');
  // Grace checks Ada in; Ben has not come.
  await performanceRecord(portal, grace, { shiftId: ids.desk, volunteerId: ids.ada }, { check_in: true });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the week’s records in a real browser', () => {
  it('the live board shows the shift under way and the volunteer who has not checked in', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Live board' }).click();
    await page.getByRole('heading', { name: 'Live board' }).waitFor();
    const board = page.getByRole('table', { name: 'Shifts on the board' });
    await board.getByText('Badge pickup').first().waitFor();
    await page.getByText('1 of 2').first().waitFor();
    const benRow = page.getByText('Ben Missing').first();
    await benRow.waitFor();
    await page.getByText('Not checked in').first().waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-live-board');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the team leader sees the board for their venue and prints the roster', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, grace);
    await page.goto('/schedule/board');
    await page.getByRole('heading', { name: 'Live board' }).waitFor();
    await page.getByText('Ben Missing').first().waitFor();
    await page.getByText('Not checked in').first().waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'tl-live-board-phone');

    await page.goto(`/schedule/shift/${ids.desk}`);
    await page.getByRole('button', { name: 'Print roster' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print roster' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'tl-roster-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the reports read the week back', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Volunteer report' }).click();
    await page.getByRole('heading', { name: 'Volunteer report' }).waitFor();
    await page.getByText('Ada Present').first().waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-volunteer-report');
    await page.getByRole('menuitem', { name: 'Logistics' }).click();
    await page.getByRole('heading', { name: 'Logistics' }).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-logistics');
    expect(errors).toEqual([]);
    await context.close();
  });
});
