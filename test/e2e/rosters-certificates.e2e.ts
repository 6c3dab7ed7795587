import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { assignment, conferenceWeek, performanceRecord, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, pacificDay, startPortal } from './support/portal.js';

// The venue-day roster and the certificates of service against the real server. The conference
// ended yesterday; two days ago Ada worked the morning at Registration (Grace, its team leader,
// corrected her times from the paper roster) and Ben, on the same shift, never came.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let ben: SeededApplicant;
let grace: SeededApplicant;
const ids: Record<string, number> = {};
const SHIFT_DAY = pacificDay(-2);

/** A Pacific wall-clock time on SHIFT_DAY as an instant. */
function pacificInstant(time: string): string {
  // The offset of that day in Los Angeles, read from Intl (−07:00 in summer, −08:00 in winter).
  const noon = new Date(`${SHIFT_DAY}T12:00:00Z`);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'longOffset' })
    .formatToParts(noon)
    .find((p) => p.type === 'timeZoneName')!.value;
  return new Date(`${SHIFT_DAY}T${time}:00${zone.replace('GMT', '')}`).toISOString();
}

/** Clicks a button that downloads a file; answers the file's suggested name and its first bytes. */
async function downloadFrom(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; start: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return {
    name: download.suggestedFilename(),
    start: readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  };
}

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Worked');
  ben = await seedApplicant(portal, 'Ben', 'Absent');
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  ids.ada = await confirmVolunteer(portal, ada.email);
  ids.ben = await confirmVolunteer(portal, ben.email);
  ids.grace = await grantTeamLeader(portal, grace.email);
  // The conference ran from four days ago to yesterday: certificates can be had today.
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(-4),
    startDate: pacificDay(-3),
    endDate: pacificDay(-1),
    defaultScheduleDay: pacificDay(-3),
  });
  ids.registration = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [ids.grace] });
  ids.morning = await shift(portal, {
    venueId: ids.registration,
    day: SHIFT_DAY,
    start: '08:00',
    end: '12:00',
    role: 'Badge pickup',
    svSlots: 3,
  });
  for (const who of [ids.ada, ids.ben]) await assignment(portal, ids.morning, who);
  await portal.setTimeline('schedulesOut');
  await performanceRecord(
    portal,
    grace,
    { shiftId: ids.morning, volunteerId: ids.ada },
    {
      check_in: true,
      check_out: true,
      rating: 5,
      check_in_at: pacificInstant('07:55'),
      check_out_at: pacificInstant('12:10'),
      time_note: 'Times from the paper roster.',
    },
  );
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('rosters and certificates of service in a real browser', () => {
  it('the team leader opens the roster of the day from the schedule, on a phone, and prints it', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, grace);
    await page.goto(`/schedule/tl?day=${SHIFT_DAY}`);
    await page.getByRole('link', { name: 'Roster: Registration' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roster: Registration' }).waitFor();
    const shift = page.getByRole('region', { name: /^Badge pickup, 8:00 AM – 12:00 PM/ });
    await shift.getByText('Ada Worked').waitFor();
    await shift.getByRole('link', { name: 'Call Ada Worked, +1 604 555 0100' }).waitFor();
    await shift.getByText('Ben Absent').waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'tl-venue-roster-phone');

    await page.emulateMedia({ media: 'print' });
    // Printed, the roster's sign-in sheet is all there is.
    expect(await page.getByRole('heading', { level: 1, name: 'Roster: Registration' }).isVisible()).toBe(false);
    expect(await page.getByTestId('print-venue-roster').isVisible()).toBe(true);
    await screenshot(page, 'tl-venue-roster-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the volunteer who worked downloads the certificate from the dashboard; the one who did not is told why', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    const card = page.getByTestId('certificate-card');
    await card.getByText('records 4.25 hours worked.', { exact: false }).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'sv-certificate-card-phone');
    const file = await downloadFrom(page, card.getByRole('button', { name: 'Download certificate (PDF)' }));
    expect(file).toEqual({ name: expect.stringMatching(/-certificate-of-service\.pdf$/), start: '%PDF-' });
    expect(errors).toEqual([]);
    await context.close();

    const other = await newUserContext(browser, portal.baseUrl);
    await signIn(other.page, ben);
    await other.page
      .getByTestId('certificate-card')
      .getByText(/^There are no worked hours on record for you/)
      .waitFor();
    expect(await other.page.getByRole('button', { name: 'Download certificate (PDF)' }).count()).toBe(0);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });

  it('the organisers print a roster and download every certificate from the panel', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Rosters' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rosters' }).waitFor();
    await page.getByRole('combobox', { name: 'Venue' }).selectOption({ label: 'Registration' });
    await page.getByRole('combobox', { name: 'Day' }).selectOption(SHIFT_DAY);
    await page
      .getByRole('table', { name: /^Badge pickup/ })
      .getByText('Ada Worked')
      .waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-roster');

    await page.getByRole('menuitem', { name: 'Volunteer report' }).click();
    await page.getByRole('heading', { name: 'Volunteer report' }).waitFor();
    const file = await downloadFrom(page, page.getByRole('button', { name: 'Download all certificates' }));
    expect(file).toEqual({ name: expect.stringMatching(/-certificates-of-service\.pdf$/), start: '%PDF-' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
