import type { Browser, Page } from 'playwright-core';
import { type ShiftRequirement, formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { assignment, conferenceWeek, confirmedVolunteer, proposal, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, ok, pacificDay, startPortal } from './support/portal.js';

// The schedule builder on the panel, against the real server: an administrator builds a small
// edition, reads the preview, applies it, undoes it (the assignments come back exactly), applies
// the same build again (the same seed gives the same schedule), builds a venue where nothing is
// assigned yet (no empty schedule to compare with), and a volunteer sees the result.

let portal: Portal;
let browser: Browser;
type Volunteer = SeededApplicant & { id: number };
let ada: Volunteer;
let ben: Volunteer;
let cleo: Volunteer;
let grace: SeededApplicant;
const people: Record<string, number> = {};
const shifts: Record<string, number> = {};
let registration: number;
let gallery: number;

const firstDay = pacificDay(2);
const secondDay = pacificDay(3);

async function newShift(
  name: string,
  venueId: number,
  day: string,
  start: string,
  end: string,
  role: string,
  svSlots: number,
  requires: ShiftRequirement = 'none',
) {
  shifts[name] = await shift(portal, { venueId, day, start, end, role, svSlots, requires });
}

type Held = { shiftId: number; volunteerId: number; pinned: boolean };

/** Every assignment of the edition, as comparable triples. */
async function assignments(): Promise<Held[]> {
  const rows = await ok(portal.api('GET', `/admin/shift-assignments?range=${encodeURIComponent('[0,499]')}`), 'Listing the assignments');
  return (rows as Held[])
    .map(({ shiftId, volunteerId, pinned }) => ({ shiftId, volunteerId, pinned }))
    .sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId);
}

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await confirmedVolunteer(portal, 'Ada', 'Builder');
  ben = await confirmedVolunteer(portal, 'Ben', 'Builder');
  cleo = await confirmedVolunteer(portal, 'Cleo', 'Builder');
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  for (const who of [ada, ben, cleo]) people[who.firstName] = who.id;
  // Grace leads Registration; she is not a confirmed volunteer, so no build gives her shifts.
  people.Grace = await grantTeamLeader(portal, grace.email);
  // A two-day edition that expects 8 hours of each volunteer.
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(1),
    startDate: firstDay,
    endDate: secondDay,
    defaultScheduleDay: firstDay,
    svHours: 8,
    tlHours: 12,
  });
  registration = await venue(portal, 'Registration', { location: 'West Building, Level 1', teamLeaderIds: [people.Grace] });
  gallery = await venue(portal, 'Art Gallery', { location: 'East Building', preference: 'artGallery' });
  await newShift('badgeFirst', registration, firstDay, '09:00', '13:00', 'Badge pickup', 2);
  await newShift('guide', gallery, firstDay, '14:00', '18:00', 'Gallery guide', 1);
  await newShift('badgeSecond', registration, secondDay, '09:00', '13:00', 'Badge pickup', 2);
  // Nobody can take this one: it needs a team leader, and there is none.
  await newShift('lead', gallery, secondDay, '14:00', '16:00', 'Gallery lead', 1, 'team-leader');
  // Ada's first shift is pinned: no build moves it.
  await assignment(portal, shifts.badgeFirst, people.Ada, 'Ada (pinned)', { pinned: true });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Starts a build of everything with the given seed on the builder page, and waits for its preview. */
async function buildWithSeed(page: Page, seed: string): Promise<void> {
  const form = page.getByRole('form', { name: 'What to build' });
  await form.getByRole('textbox', { name: 'Seed' }).fill(seed);
  await form.getByRole('button', { name: 'Build' }).click();
  await page.getByRole('table', { name: 'Figures' }).waitFor({ timeout: 30_000 });
}

/** Signs in to the panel and waits for its dashboard, so a page opened next is opened signed in. */
async function signInAsAdministrator(page: Page): Promise<void> {
  await signInToAdmin(page, ADMIN);
  await page.getByTestId('count-started').waitFor();
}

async function confirm(page: Page, button: string, dialogTitle: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const figureRow = (page: Page, figure: string) => page.getByRole('table', { name: 'Figures' }).getByRole('row').filter({ hasText: figure });

/** The figures' column headings once they read `first` (the table follows the build's status after an action). */
async function figureColumns(page: Page, first: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Figures' });
  await table.getByRole('columnheader', { name: first, exact: true }).waitFor();
  return table.getByRole('columnheader').allTextContents();
}

/** A figure's values, one per column after its name (and the Better column, when there is one). */
const figureValues = async (page: Page, figure: string) => (await figureRow(page, figure).getByRole('cell').allTextContents()).slice(1);

let before: Held[];
let firstApply: Held[];
let buildUrl: string;

describe('the schedule builder in a real browser', () => {
  it('an administrator builds, reads the preview, applies, undoes and applies again', async () => {
    before = await assignments();
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInAsAdministrator(page);
    await page.getByRole('menuitem', { name: 'Schedule builder' }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedule builder' }).waitFor();
    const days = page.getByRole('group', { name: 'Days' });
    await days.getByRole('checkbox', { name: formatShiftDay(secondDay) }).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-scope');

    await buildWithSeed(page, '7');
    buildUrl = page.url();
    // Six slots; the team leader's one cannot be filled, so the bound is five. Ada's pinned shift is the current schedule.
    expect(await figureColumns(page, 'This build')).toEqual(['Figure', 'This build', 'Current schedule', 'Better']);
    expect(await figureValues(page, 'Coverage')).toEqual(['5 of 6 slots (83.3%)', '1 of 6 slots (16.7%)', 'This build']);
    await expect(figureRow(page, 'Against the bound').textContent()).resolves.toContain('5 of at most 5 fillable');
    const unfilled = page.getByRole('table', { name: 'Unfilled shifts' });
    await expect(unfilled.textContent()).resolves.toContain('Gallery lead');
    await page.getByRole('img', { name: /Hours against expectation of 3 volunteers/ }).waitFor();
    const changes = page.getByRole('table', { name: 'Changes per volunteer' });
    await changes
      .getByRole('button', { name: /^Show the shifts of / })
      .first()
      .click();
    await changes
      .getByRole('list', { name: /^Shift changes of / })
      .getByText(/^Added: /)
      .first()
      .waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-preview');
    expect(await assignments()).toEqual(before);

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Apply this schedule?' }).textContent()).resolves.toMatch(
      /4 assignments change for [23] volunteers: 4 added, 0 removed\./,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText(/^Build #1 is applied: 4 assignments added and 0 removed\.$/).waitFor();
    firstApply = await assignments();
    expect(firstApply).toHaveLength(5);
    expect(firstApply).toContainEqual({ shiftId: shifts.badgeFirst, volunteerId: people.Ada, pinned: true });
    // The figures are now those of the schedule in place, beside the one it replaced.
    expect(await figureColumns(page, 'This build (in place)')).toEqual(['Figure', 'This build (in place)', 'Before this build', 'Better']);
    expect(await figureValues(page, 'Coverage')).toEqual(['5 of 6 slots (83.3%)', '1 of 6 slots (16.7%)', 'This build']);
    await page.getByText('This build is the schedule in place now. Beside it, the schedule it replaced.').waitFor();
    await screenshot(page, 'admin-builder-applied');

    await confirm(page, 'Undo', 'Undo build #1?');
    await page.getByText('Build #1 is undone: the assignments are back exactly as they were before it was applied.').waitFor();
    expect(await assignments()).toEqual(before);
    expect(await figureColumns(page, 'This build (undone)')).toEqual([
      'Figure',
      'This build (undone)',
      'Before this build (in place again)',
      'Better',
    ]);

    // The same seed on the same schedule gives the same build.
    await buildWithSeed(page, '7');
    await confirm(page, 'Apply', 'Apply this schedule?');
    await page.getByText(/^Build #2 is applied/).waitFor();
    expect(await assignments()).toEqual(firstApply);
    const recent = page.getByRole('table', { name: 'Recent builds' });
    // The list refreshes after the apply: wait for it rather than read it at once.
    await recent
      .getByRole('row')
      .nth(1)
      .filter({ hasText: /^#2.*Applied.*Can be undone/ })
      .waitFor();
    await recent
      .getByRole('row')
      .nth(2)
      .filter({ hasText: /^#1.*Undone/ })
      .waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-applied-again');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a build of a venue where nothing is assigned stands alone, and once applied shows the schedule in place', async () => {
    const desk = await venue(portal, 'Information', { location: 'Lobby' });
    await newShift('information', desk, secondDay, '07:00', '08:30', 'Information desk', 1);
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInAsAdministrator(page);
    await page.goto('/admin/schedule/builder');
    const form = page.getByRole('form', { name: 'What to build' });
    await form.getByRole('combobox', { name: 'Venues' }).click();
    await page.getByRole('option', { name: 'Information' }).click();
    await buildWithSeed(page, '11');
    // Nothing to compare with: no column for an empty schedule, so nothing is won by it.
    expect(await figureColumns(page, 'This build')).toEqual(['Figure', 'This build']);
    await page.getByText('Nothing in these days and venues is assigned yet: there is no schedule to compare this build with.').waitFor();
    expect(await figureValues(page, 'Coverage')).toEqual(['1 of 1 slots (100%)']);
    await expect(figureRow(page, 'Coverage').textContent()).resolves.toContain(
      'Slots filled, of the slots offered in the shifts built. Higher is better.',
    );
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-preview-nothing-assigned');

    await confirm(page, 'Apply', 'Apply this schedule?');
    await page.getByText(/^Build #3 is applied/).waitFor();
    expect(await figureColumns(page, 'This build (in place)')).toEqual(['Figure', 'This build (in place)']);
    expect(await figureValues(page, 'Coverage')).toEqual(['1 of 1 slots (100%)']);
    await expect(page.getByRole('table', { name: 'Figures' }).textContent()).resolves.not.toMatch(/\b0 of 1 slots/);
    await page.getByText('This build is the schedule in place now. Before it, nothing in these days and venues was assigned.').waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-applied-nothing-before');
    const appliedUrl = page.url();
    expect(errors).toEqual([]);
    await context.close();

    // A large phone: each figure's description is on the page, not in a tooltip.
    const phone = await newUserContext(browser, portal.baseUrl, 'phone');
    await phone.page.setViewportSize({ width: 412, height: 915 });
    await signInAsAdministrator(phone.page);
    await phone.page.goto(appliedUrl);
    expect(await figureColumns(phone.page, 'This build (in place)')).toEqual(['Figure', 'This build (in place)']);
    await figureRow(phone.page, 'Shifts per working day').getByText('Lower is better.', { exact: false }).waitFor();
    expect(await settledViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'admin-builder-applied-nothing-before-412');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('the preview reads on a phone', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInAsAdministrator(page);
    await page.goto(buildUrl);
    await page.getByRole('table', { name: 'Figures' }).waitFor();
    await page.getByRole('img', { name: /Hours against expectation/ }).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-builder-preview-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shift with a free place lists who fits, and one click assigns', async () => {
    await newShift('lateDesk', gallery, secondDay, '19:00', '21:00', 'Late desk', 1);
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInAsAdministrator(page);
    await page.goto(`/admin/shifts/${shifts.lateDesk}`);
    const candidates = page.getByRole('table', { name: 'Candidates' });
    await candidates.waitFor();
    expect(await candidates.getByRole('row').count()).toBe(4);
    // Art Gallery satisfies nobody's stated preference here, so no one is marked as preferring it.
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-shift-candidates');
    const first = (await candidates.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!.replace(/SV ID.*$/, '');
    await page.getByRole('button', { name: `Assign ${first}` }).click();
    await page.getByText(`${first} is assigned to this shift.`).waitFor();
    await page.getByText('This shift is full.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the preferences overview lists the volunteers, and an administrator edits one’s availability', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInAsAdministrator(page);
    await page.getByRole('menuitem', { name: 'Volunteer preferences' }).click();
    const row = page.getByRole('row').filter({ hasText: `${cleo.firstName} ${cleo.lastName}` });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('of 8 h');
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-volunteer-preferences');

    await row.getByRole('link', { name: `Edit the availability of ${cleo.firstName} ${cleo.lastName}` }).click();
    await page.getByText(`Availability of ${cleo.firstName} ${cleo.lastName}`).waitFor();
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Day' }).click();
    await page.getByRole('option', { name: formatShiftDay(secondDay) }).click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await page.getByRole('spinbutton', { name: 'Most hours a day' }).fill('6');
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-volunteer-availability');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Availability saved.').waitFor();
    const saved = await ok(portal.api('GET', `/admin/volunteer-constraints/${people.Cleo}`), 'Reading the availability');
    expect(saved).toMatchObject({ userId: people.Cleo, maxHoursPerDay: 6, unavailable: [{ day: secondDay, from: null, to: null }] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the preferences overview on a phone', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInAsAdministrator(page);
    await page.goto('/admin/volunteer-preferences');
    await page.getByText(`${ada.firstName} ${ada.lastName}`).waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-volunteer-preferences-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('once schedules are out, a volunteer sees the shifts the build gave them', async () => {
    await portal.setTimeline('schedulesOut');
    const held = firstApply.filter((a) => a.volunteerId === people.Ben);
    expect(held.length).toBeGreaterThan(0);
    const roles = await Promise.all(
      held.map(async (a) => (await ok(portal.api('GET', `/admin/shifts/${a.shiftId}`), 'Reading a shift')).role as string),
    );
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ben);
    await page.goto('/schedule/sv?view=all');
    const panel = page.getByRole('tabpanel', { name: 'All My Shifts' });
    for (const role of roles) await panel.getByText(role).first().waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'volunteer-schedule-after-build-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a team leader proposes a volunteer for a free place, and an administrator accepts on the panel', async () => {
    await newShift('closing', registration, firstDay, '19:00', '20:00', 'Closing the desk', 1);
    const { candidates } = (
      await ok(portal.api('GET', `/schedule/shift/${shifts.closing}/candidates`, undefined, grace.token), 'Grace reading the candidates')
    ).data;
    const chosen = candidates[0] as { volunteerId: number; name: string };
    await proposal(portal, grace, shifts.closing, chosen.volunteerId);

    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInAsAdministrator(page);
    await page.getByRole('menuitem', { name: 'Shift proposals' }).click();
    const row = page.getByRole('row').filter({ hasText: chosen.name });
    await row.getByText('Grace Lead').waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-shift-proposals');
    await row.getByRole('button', { name: new RegExp(`^Accept ${chosen.name}`) }).click();
    await page.getByText(new RegExp(`^${chosen.name} is assigned to Closing the desk`)).waitFor();
    expect(await assignments()).toContainEqual({ shiftId: shifts.closing, volunteerId: chosen.volunteerId, pinned: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
