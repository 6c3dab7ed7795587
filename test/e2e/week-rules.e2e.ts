import type { Browser, Page } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { assignment, buildAndApply, conferenceWeek, confirmedTeamLeader, confirmedVolunteer, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, ok, pacificDay, startPortal } from './support/portal.js';

// The week under one set of rules, as a team leader sees it on a phone and an organiser on a desk:
// a build schedules team leaders only at the venues they lead and their dashboard names the shift
// they work; an organiser assigns someone despite a rule only with a reason, from the shift's list of
// everyone and why not; the team leader then sees that exception on the shift, and on their own
// schedule the shift an organiser gave them elsewhere.

let portal: Portal;
let browser: Browser;
type Volunteer = SeededApplicant & { id: number };
let fay: Volunteer;
let gus: Volunteer;
let tess: Volunteer;
let theo: Volunteer;
const ids: Record<string, number> = {};
const users: Record<string, number> = {};

/** Pre-conference: the edition's first shift day, before its first day of service. */
const installDay = pacificDay(1);
/** The Pavilion's day: Theo's venue, which Tess does not lead. */
const pavilionDay = pacificDay(2);
const greeterDay = pacificDay(3);

const heldBy = async (user: number): Promise<{ shiftId: number }[]> =>
  ok(
    portal.api('GET', `/admin/shift-assignments?filter=${encodeURIComponent(JSON.stringify({ volunteerId: user }))}`),
    'Reading assignments',
  );

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  fay = await confirmedVolunteer(portal, 'Fay', 'Rules');
  gus = await confirmedVolunteer(portal, 'Gus', 'Rules');
  tess = await confirmedTeamLeader(portal, 'Tess', 'Lead');
  theo = await confirmedTeamLeader(portal, 'Theo', 'Lead');
  Object.assign(users, { fay: fay.id, gus: gus.id, tess: tess.id, theo: theo.id });
  const registration = await venue(portal, 'Registration', { teamLeaderIds: [tess.id] });
  const pavilion = await venue(portal, 'Immersive Pavilion', { teamLeaderIds: [theo.id] });
  await conferenceWeek(portal, { firstShiftDay: installDay, startDate: pavilionDay, endDate: pacificDay(6) });
  ids.install = await shift(portal, { venueId: registration, day: installDay, start: '09:00', end: '13:00', role: 'Badge install' });
  ids.lineKeeper = await shift(portal, { venueId: pavilion, day: pavilionDay, start: '08:00', end: '12:00', role: 'Line keeper' });
  ids.greeter = await shift(portal, { venueId: registration, day: greeterDay, start: '08:00', end: '12:00', role: 'Greeter' });
  ids.demo = await shift(portal, { venueId: pavilion, day: greeterDay, start: '13:00', end: '17:00', role: 'Demo guide' });
  await buildAndApply(portal);
  // A shift added after the build, still empty: the organisers will need someone there.
  ids.headset = await shift(portal, { venueId: pavilion, day: pavilionDay, start: '13:00', end: '17:00', role: 'Headset attendant' });
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const card = (page: Page) => page.getByTestId('schedule-card');

describe('the week under one set of rules', () => {
  it('a build puts a team leader only at the venue she leads, and her phone names the shift she works', async () => {
    // Tess leads Registration only: the build gave her its Greeter shift and nothing at the Pavilion.
    expect((await heldBy(users.tess!)).map((a) => a.shiftId)).toEqual([ids.greeter]);
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, tess);
    await card(page).getByText('Greeter at Registration').waitFor();
    expect(await card(page).getByText('Headset attendant').count()).toBe(0);
    await page.goto('/schedule/tl');
    const next = page.getByRole('region', { name: 'Your Next Shift' });
    await next.getByText('Greeter').waitFor();
    await page.getByText('4 hours assigned, of about 60 expected').waitFor();
    await page.getByText('Team leaders work about 60 hours over the conference.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-rules-team-leader-own-shifts-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an organiser sees why nobody fits a pre-conference shift and assigns Fay anyway, giving the reason', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'desktop');
    await signInToAdmin(page, ADMIN);
    await page.getByTestId('count-started').waitFor();
    await page.goto(`/admin/shifts/${ids.install}`);
    const everyone = page.getByRole('table', { name: 'Everyone, and why not' });
    await everyone.getByText('Fay Rules did not ask for pre-conference shifts.').waitFor();
    await page.getByText('No volunteer fits every rule for this shift now: the list below says why for each person.').waitFor();
    await screenshot(page, 'week-rules-why-not-desktop');
    await page.getByRole('button', { name: 'Assign Fay Rules anyway, with a reason' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign despite the rule?' });
    await dialog.getByText('Fay Rules did not ask for pre-conference shifts.').waitFor();
    await dialog.getByRole('textbox', { name: /Reason for the exception/ }).fill('Agreed by email to come a day early');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-rules-exception-dialog-desktop');
    await dialog.getByRole('button', { name: 'Assign as an exception' }).click();
    await page.getByText('Fay Rules is assigned to this shift as an exception.').waitFor();
    await everyone.getByText(/Exception \(Pre-conference wish\): Agreed by email to come a day early/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    // The same exception for a team leader, through the API: Tess covers the Pavilion's headsets.
    const refused = await portal.api('POST', '/admin/shift-assignments', { shiftId: ids.headset, volunteerId: users.tess });
    expect(refused.status).toBe(409);
    await assignment(portal, ids.headset, users.tess, 'Tess', { exceptionReason: 'Covers the Pavilion on its busiest morning' });
  });

  it('the team leader sees on her phone the exception on her shift, who else could come and why not, and her shift elsewhere', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, tess);
    // Her next shift is now the Pavilion's, which an organiser gave her: the dashboard names it.
    await card(page).getByText('Headset attendant at Immersive Pavilion').waitFor();
    await page.goto('/schedule/tl');
    await page.getByRole('region', { name: 'Your Next Shift' }).getByText('Headset attendant').waitFor();
    await page.getByText('Not at a venue you lead').waitFor();
    await screenshot(page, 'week-rules-team-leader-elsewhere-phone');

    await page.goto(`/schedule/shift/${ids.install}`);
    await page.getByText('Assigned as an exception by the organisers: Agreed by email to come a day early').waitFor();
    const whyNot = page.getByRole('list', { name: 'Everyone else, and why not' });
    await whyNot.getByText('Gus Rules did not ask for pre-conference shifts.').waitFor();
    await page.getByText('Only the organisers can assign someone despite a rule.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'week-rules-shift-exception-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
