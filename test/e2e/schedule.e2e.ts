import type { Browser, Page } from 'playwright-core';
import { formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, adminUserRow, confirmVolunteer, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { conferenceWeek, venue } from './support/factories.js';
import { ADMIN, type Portal, pacificDay, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
let volunteer: SeededApplicant;
let leader: SeededApplicant;

const firstDay = pacificDay(2);
const secondDay = pacificDay(3);
/** How the day picker and the panels write a day: 'Wed Nov 26th'. */
const shortDay = (day: string) => formatShiftDay(day);

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  // The conference is this week (a new portal's edition is the coming conference, months away), so the shifts are not pre-conference ones.
  await conferenceWeek(portal, { firstShiftDay: pacificDay(1), startDate: firstDay, endDate: pacificDay(6), defaultScheduleDay: firstDay });
  browser = await launchBrowser();
  volunteer = await seedApplicant(portal, 'Ada', 'Volunteer');
  leader = await seedApplicant(portal, 'Grace', 'Leader', { submit: false });
  await confirmVolunteer(portal, volunteer.email);
  const leaderId = await grantTeamLeader(portal, leader.email);
  await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [leaderId] });
  await venue(portal, 'Technical Papers', { location: 'East Building, Ballroom C', teamLeaderIds: [leaderId] });
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Pastes a CSV on the Import schedule page, checks it, and answers the summary shown. */
async function checkCsv(page: Page, kind: 'Shifts' | 'Assignments', csv: string): Promise<string> {
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('textbox', { name: 'CSV text' }).fill(csv);
  await page.getByRole('button', { name: 'Check file' }).click();
  const summary = page.getByRole('status').filter({ hasText: /rows/ });
  await summary.waitFor();
  return (await summary.textContent()) ?? '';
}

describe('the conference week in a real browser', () => {
  it('an administrator checks and imports a schedule CSV on the panel', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await page.getByRole('menuitem', { name: 'Import schedule' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import schedule' }).waitFor();

    const shifts = [
      'venue,day,start,end,role,report_to,description,special,sv_slots,swappable',
      `Registration,${firstDay},08:00,12:00,Badge pickup,SV Office,Hand out badges at the front desk,,4,yes`,
      `Technical Papers,${secondDay},13:00,17:00,Room monitor,Session chair,Count attendees and guard the doors,Bring a jacket,3,no`,
    ];
    // A row with an unknown venue and a bad time is named, and nothing can be imported.
    const bad = await checkCsv(page, 'Shifts', [...shifts, `Nowhere Hall,${firstDay},25:00,26:00,Usher,,,,2,yes`].join('\n'));
    expect(bad).toContain('1 of 3 rows have problems');
    const problems = page.getByRole('table', { name: 'Rows with problems' });
    await expect(problems.textContent()).resolves.toMatch(/Nowhere Hall/);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-schedule-import-problems');

    expect(await checkCsv(page, 'Shifts', shifts.join('\n'))).toContain('All 2 rows are valid');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported 2 shifts.' }).waitFor();

    const assignments = [
      'svid,venue,day,start,accommodations,start_back_to_back,end_back_to_back,role',
      `${volunteer.svid},Registration,${firstDay},08:00,Needs a chair,,Technical Papers,`,
      `${volunteer.svid},Technical Papers,${secondDay},13:00,,,,`,
    ];
    expect(await checkCsv(page, 'Assignments', assignments.join('\n'))).toContain('All 2 rows are valid');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported 2 assignments.' }).waitFor();
    await screenshot(page, 'admin-schedule-import-done');

    // The fill view counts the imported volunteers.
    await page.getByRole('menuitem', { name: 'Shift fill' }).click();
    await page.getByText('Badge pickup').first().waitFor();
    await screenshot(page, 'admin-shift-fill');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the volunteer sees the next shift, the day’s shifts and the shift modal, on a phone', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, volunteer);
    await page.goto('/schedule/sv');
    const next = page.getByRole('region', { name: 'Your Next Shift' });
    await next.getByText('Registration').waitFor();
    await expect(next.textContent()).resolves.toContain('West Building, Level 1');
    await expect(next.textContent()).resolves.toContain('Badge pickup');
    await expect(next.textContent()).resolves.toContain('Grace Leader');

    await page
      .getByRole('group', { name: 'Day' })
      .getByRole('button', { name: shortDay(secondDay) })
      .click();
    const day = page.getByRole('list', { name: `Shifts on ${shortDay(secondDay)}` });
    await day.getByText('Room monitor').waitFor();
    expect(await day.getByText('Badge pickup').count()).toBe(0);
    await screenshot(page, 'volunteer-schedule-phone');

    await day.getByText('Room monitor').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Count attendees and guard the doors').waitFor();
    await dialog.getByText('Please be at the SV Office 30 minutes before to checkin').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'volunteer-shift-modal-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the team leader cannot check in two days early, records a rating and notes, and finds them after a reload', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, leader);
    await page.goto('/schedule/tl');
    await page
      .getByRole('group', { name: 'Day' })
      .getByRole('button', { name: shortDay(firstDay) })
      .click();
    await page
      .getByRole('list', { name: `Shifts on ${shortDay(firstDay)}` })
      .getByText('Badge pickup')
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Shift detail' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Badge pickup' }).waitFor();
    await page.getByText('1 / 4 possible SVs assigned').waitFor();

    const who = `${volunteer.firstName} ${volunteer.lastName}`;
    await page.getByRole('checkbox', { name: `Check In for ${who}` }).check();
    await page.getByRole('combobox', { name: `Rating for ${who}` }).selectOption({ label: '4' });
    await page.getByRole('button', { name: `Show Notes for ${who}` }).click();
    await page.getByRole('textbox', { name: `Notes for ${who}` }).fill('Arrived early and helped set up the desk.');
    await screenshot(page, 'team-leader-shift-detail');
    // The shift is two days away: the check-in is refused (whole save), with the server's reason next to Ada.
    await page.getByRole('button', { name: 'Save and Return' }).click();
    await page
      .getByText(/^Check-in opens 30 minutes before the shift, at /)
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/schedule\/shift\//);
    await screenshot(page, 'team-leader-check-in-too-early');
    await page.getByRole('checkbox', { name: `Check In for ${who}` }).uncheck();
    await page.getByRole('button', { name: 'Save and Return' }).click();
    await page.waitForURL(/\/schedule\/tl/);

    await page.goBack();
    await page.reload();
    await page.getByRole('checkbox', { name: `Check In for ${who}` }).waitFor();
    expect(await page.getByRole('checkbox', { name: `Check In for ${who}` }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: `Check Out for ${who}` }).isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: `Rating for ${who}` }).inputValue()).toBe('4');
    await page.getByRole('button', { name: `Show Notes for ${who}` }).click();
    expect(await page.getByRole('textbox', { name: `Notes for ${who}` }).inputValue()).toBe('Arrived early and helped set up the desk.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'team-leader-shift-detail-saved');

    // And the records are the server's, not the page's memory.
    const row = await adminUserRow(portal, volunteer.email);
    const shiftId = Number(new URL(page.url()).pathname.split('/').pop());
    const detail = await portal.api('GET', `/schedule/shift/${shiftId}`, undefined, leader.token);
    const record = detail.body.data.shift.studentVolunteers.find((v: { id: number }) => v.id === row.id).performance_record;
    expect(record).toMatchObject({
      check_in: false,
      check_in_at: null,
      check_out: false,
      rating: 4,
      notes: 'Arrived early and helped set up the desk.',
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
