import type { Browser, Page } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { ADMIN, type Portal, ok, pacificDay, startPortal } from './support/portal.js';

// The week under one set of rules, as a team leader sees it on a phone and an organiser on a desk:
// a build schedules team leaders only at the venues they lead and their dashboard names the shift
// they work; an organiser assigns someone despite a rule only with a reason, from the shift's list of
// everyone and why not; the team leader then sees that exception on the shift, and on their own
// schedule the shift an organiser gave them elsewhere.

let portal: Portal;
let browser: Browser;
let fay: SeededApplicant;
let gus: SeededApplicant;
let tess: SeededApplicant;
let theo: SeededApplicant;
const ids: Record<string, number> = {};
const users: Record<string, number> = {};

/** Pre-conference: the edition's first shift day, before its first day of service. */
const installDay = pacificDay(1);
/** The Pavilion's day: Theo's venue, which Tess does not lead. */
const pavilionDay = pacificDay(2);
const greeterDay = pacificDay(3);

async function newShift(name: string, venueId: number, day: string, start: string, end: string, role: string): Promise<void> {
  ids[name] = (
    await ok(
      portal.api('POST', '/admin/shifts', { venueId, startTime: `${day} ${start}`, endTime: `${day} ${end}`, role, svSlots: 2 }),
      `Creating ${role}`,
    )
  ).id;
}

/** Builds the whole edition in the background, waits for the preview, and applies it. */
async function buildAndApply(): Promise<void> {
  const started = await ok(portal.api('POST', '/admin/schedule-builds', { keep: 'pinned', seed: 5 }), 'Starting a build');
  for (let i = 0; i < 120; i += 1) {
    const build = await ok(portal.api('GET', `/admin/schedule-builds/${started.id}`), 'Reading the build');
    if (build.status === 'preview') break;
    if (build.status === 'failed') throw new Error(`The build failed: ${build.message}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await ok(portal.api('POST', `/admin/schedule-builds/${started.id}/apply`), 'Applying the build');
}

const heldBy = async (user: number): Promise<{ shiftId: number }[]> =>
  ok(
    portal.api('GET', `/admin/shift-assignments?filter=${encodeURIComponent(JSON.stringify({ volunteerId: user }))}`),
    'Reading assignments',
  );

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  fay = await seedApplicant(portal, 'Fay', 'Rules');
  gus = await seedApplicant(portal, 'Gus', 'Rules');
  tess = await seedApplicant(portal, 'Tess', 'Lead', { teamLeader: true });
  theo = await seedApplicant(portal, 'Theo', 'Lead', { teamLeader: true });
  for (const [name, who] of Object.entries({ fay, gus, tess, theo })) users[name] = await confirmVolunteer(portal, who.email);
  await grantTeamLeader(portal, tess.email);
  await grantTeamLeader(portal, theo.email);
  const venue = async (name: string, leader: number) =>
    (await ok(portal.api('POST', '/admin/venues', { name, location: 'West Building', teamLeaderIds: [leader] }), `Creating ${name}`)).id;
  const registration = await venue('Registration', users.tess!);
  const pavilion = await venue('Immersive Pavilion', users.theo!);
  await ok(
    portal.api('PUT', '/admin/settings', {
      conference: { firstShiftDay: installDay, startDate: pavilionDay, endDate: pacificDay(6), defaultScheduleDay: installDay },
    }),
    'Setting the conference week',
  );
  await newShift('install', registration, installDay, '09:00', '13:00', 'Badge install');
  await newShift('lineKeeper', pavilion, pavilionDay, '08:00', '12:00', 'Line keeper');
  await newShift('greeter', registration, greeterDay, '08:00', '12:00', 'Greeter');
  await newShift('demo', pavilion, greeterDay, '13:00', '17:00', 'Demo guide');
  await buildAndApply();
  // A shift added after the build, still empty: the organisers will need someone there.
  await newShift('headset', pavilion, pavilionDay, '13:00', '17:00', 'Headset attendant');
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
    await ok(
      portal.api('POST', '/admin/shift-assignments', {
        shiftId: ids.headset,
        volunteerId: users.tess,
        exceptionReason: 'Covers the Pavilion on its busiest morning',
      }),
      'Assigning Tess to the Pavilion as an exception',
    );
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
