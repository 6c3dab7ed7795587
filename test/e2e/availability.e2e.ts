import type { Browser, Page } from 'playwright-core';
import { formatWeekdayDay } from '@svp/domain';
import { choose, signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, offerPlace, seedApplicant } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { acceptedProposal, shift, venue } from './support/factories.js';
import { type Portal, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let cleo: SeededApplicant;
let leader: SeededApplicant;
let conference: { startDate: string; endDate: string; firstShiftDay: string };
const shiftIds: Record<'unavailableDay' | 'fits' | 'tooLong', number> = { unavailableDay: 0, fits: 0, tooLong: 0 };

/** The conference day `offset` days after its first day of service, YYYY-MM-DD. */
const serviceDay = (offset: number) =>
  new Date(Date.parse(`${conference.startDate}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** The phone page is no wider than the phone. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Availa');
  cleo = await seedApplicant(portal, 'Cleo', 'Offered');
  leader = await seedApplicant(portal, 'Tess', 'Leader', { submit: false });
  await confirmVolunteer(portal, ada.email);
  await offerPlace(portal, cleo.email);
  const leaderId = await grantTeamLeader(portal, leader.email);
  conference = (await portal.api('GET', '/settings', undefined, '')).body.data.conference;

  const venueId = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [leaderId] });
  shiftIds.unavailableDay = await shift(portal, { venueId, day: serviceDay(1), start: '09:00', end: '13:00', role: 'Badge pickup' });
  shiftIds.fits = await shift(portal, { venueId, day: serviceDay(2), start: '09:00', end: '13:00', role: 'Greeter' });
  shiftIds.tooLong = await shift(portal, { venueId, day: serviceDay(3), start: '08:00', end: '16:00', role: 'Long desk' });
  await portal.setTimeline('decisions');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('availability and filling a shift, in a real browser', () => {
  it('a confirmed volunteer on a phone sets a day they cannot work and a maximum of hours per day before schedules are out', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.getByRole('heading', { name: 'Congratulations, You Are a Student Volunteer!' }).waitFor();
    await page.getByRole('link', { name: 'Your Availability' }).click();
    await page.waitForURL('**/availability');
    const form = page.getByRole('form', { name: 'Availability' });
    await form.waitFor();

    await form.getByRole('button', { name: 'Add a day or hours' }).click();
    const time = form.getByRole('group', { name: 'Time you cannot work 1' });
    await time.getByRole('combobox', { name: 'Day' }).selectOption({ label: formatWeekdayDay(serviceDay(1)) });
    await form.getByRole('textbox', { name: 'Most hours you can work in a day' }).fill('30');
    await form.getByRole('button', { name: 'Save Availability' }).click();
    // A maximum over a day's hours is refused beside the answer, before anything is sent.
    await page.getByText('The most hours a day must be a whole number from 1 to 24, or empty for no limit.').waitFor();
    await screenshot(page, 'availability-phone-problem');

    await form.getByRole('textbox', { name: 'Most hours you can work in a day' }).fill('6');
    await form.getByRole('button', { name: 'Add a day or hours' }).click();
    const second = form.getByRole('group', { name: 'Time you cannot work 2' });
    await second.getByRole('combobox', { name: 'Day' }).selectOption({ label: formatWeekdayDay(serviceDay(4)) });
    await second.getByRole('radio', { name: 'Only some hours' }).check();
    await second.getByLabel('From').fill('17:00');
    await second.getByLabel('To').fill('21:00');
    await form.getByRole('button', { name: 'Save Availability' }).click();
    await page.getByText('Your availability is saved.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);
    await screenshot(page, 'availability-phone');

    const stored = await portal.api('GET', '/users/availability', undefined, ada.token);
    expect(stored.body.data).toMatchObject({
      unavailable: [
        { day: serviceDay(1), from: null, to: null },
        { day: serviceDay(4), from: '17:00', to: '21:00' },
      ],
      maxHoursPerDay: 6,
      minRestMinutes: null,
      editable: true,
    });

    // The same answers, from the server, after a reload.
    await page.reload();
    await form.waitFor();
    expect(await form.getByRole('group', { name: 'Time you cannot work 2' }).getByLabel('To').inputValue()).toBe('21:00');
    expect(errors).toEqual([]);
    await context.close();

    // The same page at desktop width, reached from the navigation.
    const desktop = await newUserContext(browser, portal.baseUrl);
    await signIn(desktop.page, ada);
    await desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Availability' }).click();
    await desktop.page.getByRole('form', { name: 'Availability' }).getByRole('group', { name: 'Time you cannot work 2' }).waitFor();
    expect(await seriousViolations(desktop.page)).toEqual([]);
    await screenshot(desktop.page, 'availability-desktop');
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
  });

  it('an offered volunteer gives their availability with the confirmation form', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, cleo);
    await page.getByRole('link', { name: 'Confirm', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: /Step 1 of 2/ }).waitFor();
    await page.getByRole('radio', { name: /valid through at least/ }).check();
    await choose(page, 'T-shirt size', 'M');
    await page.getByRole('checkbox', { name: /email policy/ }).check();
    await page.getByRole('checkbox', { name: /photo and video policy/ }).check();
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { level: 2, name: /Step 2 of 2/ }).waitFor();
    await page.getByRole('button', { name: 'Add a day or hours' }).click();
    await page
      .getByRole('group', { name: 'Time you cannot work 1' })
      .getByRole('combobox', { name: 'Day' })
      .selectOption({ label: formatWeekdayDay(serviceDay(1)) });
    await page.getByRole('textbox', { name: 'Minutes of rest between shifts' }).fill('60');
    await page.getByRole('checkbox', { name: /I will be in person from/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);
    await screenshot(page, 'confirmation-step-2-availability-phone');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Congratulations, You Are a Student Volunteer!' }).waitFor();

    const stored = await portal.api('GET', '/users/availability', undefined, cleo.token);
    expect(stored.body.data).toMatchObject({
      unavailable: [{ day: serviceDay(1), from: null, to: null }],
      maxHoursPerDay: null,
      minRestMinutes: 60,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a team leader proposes a volunteer who fits a shift with a free place; the organisers accept', async () => {
    await portal.setTimeline('schedulesOut');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, leader);
    const who = `${ada.firstName} ${ada.lastName}`;

    // Neither confirmed volunteer can work on the first day of service.
    await page.goto(`/schedule/shift/${shiftIds.unavailableDay}`);
    const fill = page.getByRole('region', { name: 'Fill this shift' });
    await fill.getByText('Nobody fits every rule for this shift right now.').waitFor();

    // Eight hours is over Ada's maximum of six; Cleo can take it.
    const tooLong = await portal.api('GET', `/schedule/shift/${shiftIds.tooLong}/candidates`, undefined, leader.token);
    expect(tooLong.body.data.candidates.map((c: { name: string }) => c.name)).toEqual([`${cleo.firstName} ${cleo.lastName}`]);

    await page.goto(`/schedule/shift/${shiftIds.fits}`);
    await page.getByRole('heading', { level: 1, name: 'Greeter' }).waitFor();
    await page.getByText('0 / 2 possible SVs assigned').waitFor();
    const candidates = fill.getByRole('list', { name: 'Volunteers who could take this shift' });
    await candidates.getByText(who).waitFor();
    await candidates.getByText(`${cleo.firstName} ${cleo.lastName}`).waitFor();
    await expect(candidates.textContent()).resolves.toContain(`SV ID: ${ada.svid} · 0 of 25 hours`);
    await fill.getByText('No proposals yet.').waitFor();
    await screenshot(page, 'fill-shift-candidates');

    await fill.getByRole('button', { name: `Propose ${who}` }).click();
    await page.getByText(`${who} is proposed for this shift.`, { exact: false }).waitFor();
    const proposals = fill.getByRole('list', { name: 'Proposals for this shift' });
    await proposals.getByText('Proposed — waiting for the organisers', { exact: false }).waitFor();
    expect(await fill.getByRole('button', { name: `${who} is proposed` }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'fill-shift-proposed');

    const open = await portal.api('GET', `/admin/shift-proposals?filter=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`);
    const proposal = (open.body as { id: number; shiftId: number; volunteerName: string }[]).find((p) => p.shiftId === shiftIds.fits);
    expect(proposal?.volunteerName).toBe(who);
    await acceptedProposal(portal, proposal!.id);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('1 / 2 possible SVs assigned').waitFor();
    await page.getByRole('table', { name: 'Volunteers on this shift' }).getByText(who, { exact: true }).waitFor();
    await proposals.getByText(`${who}: Accepted`, { exact: false }).waitFor();
    await screenshot(page, 'fill-shift-accepted');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the team leader’s fill section and the read-only availability fit a phone once schedules are out', async () => {
    const leaderPhone = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(leaderPhone.page, leader);
    await leaderPhone.page.goto(`/schedule/shift/${shiftIds.fits}`);
    await leaderPhone.page.getByRole('region', { name: 'Fill this shift' }).getByText('Proposals for this shift').first().waitFor();
    await fitsThePhone(leaderPhone.page);
    expect(await seriousViolations(leaderPhone.page)).toEqual([]);
    await screenshot(leaderPhone.page, 'fill-shift-phone');
    expect(leaderPhone.errors).toEqual([]);
    await leaderPhone.context.close();

    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.getByText('Schedules are out: open your schedule from the menu.').waitFor();
    expect(await page.getByRole('link', { name: 'Your Availability' }).count()).toBe(0);
    await page.goto('/availability');
    await page.getByText('Your availability can no longer be changed online: schedules are out.', { exact: false }).waitFor();
    expect(await page.getByRole('form', { name: 'Availability' }).count()).toBe(0);
    await page.getByText(`${formatWeekdayDay(serviceDay(1))}, the whole day`).waitFor();
    await page.getByText(`${formatWeekdayDay(serviceDay(4))}, 17:00 to 21:00`).waitFor();
    // And the server agrees: no change once schedules are out.
    const refused = await portal.api(
      'PUT',
      '/users/availability',
      { unavailable: [], maxHoursPerDay: null, minRestMinutes: null },
      ada.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.data.err).toBe('SCHEDULES_RELEASED');
    expect(await seriousViolations(page)).toEqual([]);
    await fitsThePhone(page);
    await screenshot(page, 'availability-read-only-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
