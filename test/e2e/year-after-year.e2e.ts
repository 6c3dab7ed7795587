import type { Browser } from 'playwright-core';
import { formatWeekdayDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, grantTeamLeader, seedApplicant, signInToAdmin, signedInToken } from './support/admin.js';
import { browserAtServerTime, launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { assignment, confirmedVolunteer, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, ok, startPortal } from './support/portal.js';

// A portal installed as a newcomer would, on 1 December: the server's clock starts that morning. The
// newcomer finds the coming edition (next year's conference, applications about to open) and opens
// applications from the dashboard. Ada applies and serves; Tess leads Registration. The server is next
// started after the conference (its jobs catch up on the season), the dashboard says the edition is over,
// and the organiser starts the next one from the form: every date a whole number of weeks later, the
// shifts copied with their new dates, Tess kept as a team leader. Ada's new application starts from what
// she wrote last year.

const YEAR = new Date().getUTCFullYear();
const INSTALLED_AT = `${YEAR}-12-01T09:00:00.000Z`;
const FIRST = `SIGGRAPH ${YEAR + 1}`;
const SECOND = `SIGGRAPH ${YEAR + 2}`;

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant & { id: number };
let tess: SeededApplicant;
/** The first edition's conference days. */
let conference: { firstShiftDay: string; startDate: string; endDate: string };

const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  portal = await startPortal({}, undefined, { now: INSTALLED_AT });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

test('a newcomer starting the portal on 1 December finds the coming edition, and opens its applications', async () => {
  const settings = (await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings')).data;
  expect(settings.now.slice(0, 10)).toBe(`${YEAR}-12-01`);
  expect(settings.edition).toMatchObject({ key: String(YEAR + 1), name: FIRST });
  expect(settings.gates).toMatchObject({ beforeLaunch: true, schedulesOut: false });
  expect(formatWeekdayDay(settings.conference.firstShiftDay)).toMatch(/^Friday /);
  conference = settings.conference;
  // Nothing ran at the first start: every date lies ahead.
  const jobs = (await ok(portal.api('GET', '/admin/jobs'), 'Reading the jobs')) as { state: string; lastRuns: unknown[] }[];
  expect(jobs.every((job) => job.state === 'scheduled' && job.lastRuns.length === 0)).toBe(true);

  const phone = await newUserContext(browser, portal.baseUrl, 'phone');
  await browserAtServerTime(phone.context, portal.baseUrl);
  await phone.page.goto('/');
  await phone.page.getByRole('heading', { name: 'Applications Open Soon' }).waitFor();
  await phone.page.getByText(new RegExp(`applications for ${FIRST} in Vancouver open on`)).waitFor();
  expect(await phone.page.getByText('Schedules Are Out').count()).toBe(0);
  expect(await settledViolations(phone.page)).toEqual([]);
  await screenshot(phone.page, 'first-start-home-phone');
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await browserAtServerTime(context, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  const step = page.getByTestId('next-step');
  await step.getByRole('heading', { name: 'Next: Applications open' }).waitFor();
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'first-start-dashboard');
  await step.getByRole('button', { name: 'Open applications now' }).click();
  await step.getByRole('heading', { name: 'Next: Team leader application deadline' }).waitFor();
  await screenshot(page, 'first-start-applications-open');
  expect(errors).toEqual([]);
  await context.close();
  expect((await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings')).data.gates.applicationsOpen).toBe(true);
});

test('the first season: Ada applies and is confirmed, Tess leads Registration and its two shifts', async () => {
  ada = await confirmedVolunteer(portal, 'Ada', 'Returning', {
    data: { schoolName: 'Emily Carr University', schoolCity: 'Vancouver', expectedGraduationYear: YEAR + 3 },
  });
  tess = await seedApplicant(portal, 'Tess', 'Leader');
  const tessId = await grantTeamLeader(portal, tess.email);
  const venueId = await venue(portal, 'Registration', { location: 'West Lobby', teamLeaderIds: [tessId] });
  await shift(portal, { venueId, day: conference.firstShiftDay, start: '09:00', end: '13:00', role: 'Badge pick-up' });
  // Ada serves on the Monday (she did not ask for pre-conference shifts).
  const monday = dayAfter(conference.startDate, 2);
  const greeter = await shift(portal, { venueId, day: monday, start: '08:00', end: '12:00', role: 'Greeter' });
  await assignment(portal, greeter, ada.id, 'Ada');
});

test('after the conference the organiser starts the next edition from the dashboard, copying the shifts and keeping Tess', async () => {
  // The server is next started a week after the conference: the season's deadline jobs catch up.
  const { dataDir, smtp } = portal;
  await portal.crash();
  portal = await startPortal({}, { dataDir, smtp }, { now: `${dayAfter(conference.endDate, 7)}T16:00:00.000Z` });
  const caughtUp = async () => {
    const jobs = (await ok(portal.api('GET', '/admin/jobs'), 'Reading the jobs')) as { name: string; state: string }[];
    return ['application-deadline', 'decisions-release', 'schedules-release'].every(
      (name) => jobs.find((job) => job.name === name)?.state === 'done',
    );
  };
  for (let tries = 0; !(await caughtUp()); tries += 1) {
    if (tries > 60) throw new Error('The restarted server did not catch up on the season’s deadline jobs');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  // The phone only looks (the dashboard and the form); the desktop then starts the edition.
  for (const size of ['phone', 'desktop'] as const) {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, size);
    await browserAtServerTime(context, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    const step = page.getByTestId('next-step');
    await step.getByRole('heading', { name: `${FIRST} is over` }).waitFor();
    if (size === 'phone') {
      await screenshot(page, 'roll-over-dashboard-phone');
      await step.getByRole('link', { name: 'Start the next edition' }).click();
      await page.getByRole('heading', { name: 'Start the next edition' }).first().waitFor();
      await page.getByRole('checkbox', { name: /^Tess Leader/ }).waitFor();
      expect(await settledViolations(page)).toEqual([]);
      await screenshot(page, 'roll-over-form-phone');
      expect(errors).toEqual([]);
      await context.close();
      continue;
    }
    await screenshot(page, 'roll-over-dashboard');
    await step.getByRole('link', { name: 'Start the next edition' }).click();
    await page.getByRole('heading', { name: 'Start the next edition' }).first().waitFor();
    expect(await page.getByLabel('Conference name').inputValue()).toBe(SECOND);
    await page.getByText(/Every date is 5[23] weeks later than in /).waitFor();
    // The pre-conference day is a Friday again, and says so.
    await page.getByText(/^Friday \d+ August \d{4} · The pre-conference day/).waitFor();
    expect(await page.getByRole('textbox', { name: /^Mailing list address/ }).inputValue()).toContain(`s${YEAR + 2}.siggraph.org`);
    expect(await page.getByRole('checkbox', { name: 'Copy the shifts too (2)' }).isChecked()).toBe(true);
    const keepTess = page.getByRole('checkbox', { name: `Tess Leader (${tess.email})` });
    expect(await keepTess.isChecked()).toBe(false);
    await keepTess.check();
    // Applications open at once, on the server's clock (the browser shows it too).
    const now = (await ok(portal.api('GET', '/settings', undefined, ''), 'The server’s now')).data.now as string;
    await page.getByLabel('Applications open (UTC)').fill(new Date(Date.parse(now) - 3600_000).toISOString().slice(0, 16));
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'roll-over-form');
    await page.getByRole('button', { name: 'Start the next edition' }).click();
    const dialog = page.getByRole('dialog', { name: `Start ${SECOND}?` });
    await dialog.getByText('The venues (1) and their shifts (2), moved to the new dates, are copied').waitFor();
    await dialog.getByText(`Tess Leader stays a team leader in ${SECOND}`).waitFor();
    await screenshot(page, 'roll-over-confirm');
    await dialog.getByRole('button', { name: `Start ${SECOND}` }).click();
    await page.getByText(`${SECOND} is the current edition`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }

  const settings = (await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings')).data;
  expect(settings.edition).toMatchObject({ key: String(YEAR + 2), name: SECOND });
  expect(settings.gates.applicationsOpen).toBe(true);
  const shifts = (await ok(portal.api('GET', '/admin/shifts'), 'This year’s shifts')) as { day: string; role: string; assigned: number }[];
  expect(shifts.map((s) => [s.role, formatWeekdayDay(s.day).split(' ')[0], s.assigned])).toEqual([
    ['Badge pick-up', 'Friday', 0],
    ['Greeter', 'Monday', 0],
  ]);
  const leaders = (await ok(
    portal.api('GET', `/admin/users?filter=${encodeURIComponent(JSON.stringify({ role: 'Team-Leader' }))}`),
    'TLs',
  )) as {
    email: string;
  }[];
  expect(leaders.map((user) => user.email)).toEqual([tess.email]);
  // Last year's proof of enrollment stays readable in last year's edition.
  const proof = await portal.api('GET', `/files/${ada.svid}?edition=1`);
  expect(proof.status).toBe(200);
});

test('a returning volunteer’s new application starts from what she wrote last year, for her to check', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
  await browserAtServerTime(context, portal.baseUrl);
  await signIn(page, ada);
  await page.goto('/application');
  await page.getByText(`filled in from your ${FIRST} application`).waitFor();
  await page.getByRole('tab', { name: 'Academic Information', exact: true }).click();
  expect(await page.getByLabel(/^School Name/).inputValue()).toBe('Emily Carr University');
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'returning-application-phone');
  await page.getByRole('tab', { name: 'Professional References', exact: true }).click();
  await screenshot(page, 'returning-references-phone');
  expect(errors).toEqual([]);
  await context.close();
  const token = await signedInToken(portal, ada);
  const mine = (await ok(portal.api('GET', `/application/${ada.svid}`, undefined, token), 'Ada’s application')).data;
  expect(mine.carried_over).toEqual({ key: String(YEAR + 1), name: FIRST });
});
