import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, signInToAdmin, signedInToken } from './support/admin.js';
import { browserAtServerTime, launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { changedSettings, confirmedVolunteer, startedApplication } from './support/factories.js';
import { ADMIN, type Portal, ok, startPortal } from './support/portal.js';

// Next year on the same portal, against the real server: the portal's first edition is the coming
// conference of the day it was installed (Ada serves in it as a student volunteer); the server is next
// started a week after that conference, the season over; the chair starts the next edition from
// Settings, opening applications at once; Ada applies again and finds last year ticked on the SIGGRAPH
// Experience tab; the chair reads her earlier edition on her new application, and last year's
// applications through the edition switcher.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
/** The first edition, and the one the chair starts. */
let first: { key: string; name: string };
let next: { key: string; name: string };

const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A datetime-local value (UTC) `days` from the server's now. */
async function utcInput(days: number): Promise<string> {
  const now = (await ok(portal.api('GET', '/settings', undefined, ''), 'The server’s now')).data.now as string;
  return new Date(Date.parse(now) + days * 86_400_000).toISOString().slice(0, 16);
}

beforeAll(async () => {
  portal = await startPortal();
  const settings = (await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings')).data;
  first = settings.edition;
  next = { key: String(Number(first.key) + 1), name: `SIGGRAPH ${Number(first.key) + 1}` };
  // Applications open now; the edition's other dates stay as the first start proposed them.
  await changedSettings(
    portal,
    { timeline: { applicationLaunchDate: new Date(Date.now() - 3600_000).toISOString() } },
    'Opening applications',
  );
  browser = await launchBrowser();
  ada = await confirmedVolunteer(portal, 'Ada', 'Returning');
  // The season is over: the server is next started a week after its conference.
  const { dataDir, smtp } = portal;
  await portal.crash();
  portal = await startPortal({}, { dataDir, smtp }, { now: `${dayAfter(settings.conference.endDate, 7)}T16:00:00.000Z` });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

test('the chair starts next year’s edition from Settings', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await browserAtServerTime(context, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Start the next edition' }).click();
  await page.getByRole('heading', { name: 'Start the next edition' }).first().waitFor();
  expect(await page.getByLabel('Conference name').inputValue()).toBe(next.name);
  // The proposal is this year's dates a year later; applications open today instead.
  await page.getByLabel('Applications open (UTC)').fill(await utcInput(-1));
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-start');
  await page.getByRole('button', { name: 'Start the next edition' }).click();
  const dialog = page.getByRole('dialog', { name: `Start ${next.name}?` });
  await dialog.getByRole('button', { name: `Start ${next.name}` }).click();
  await page.getByText(`${next.name} is the current edition`).waitFor();
  const settings = await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings');
  expect(settings.data.edition).toMatchObject(next);
  expect(settings.data.gates.applicationsOpen ?? !settings.data.gates.beforeLaunch).toBeTruthy();
  expect(errors).toEqual([]);
  await context.close();
});

test('a returning volunteer finds last year ticked on the SIGGRAPH Experience tab', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
  await browserAtServerTime(context, portal.baseUrl);
  await signIn(page, ada);
  await page.goto('/application');
  await page.getByRole('tab', { name: 'SIGGRAPH Experience', exact: true }).click();
  await page.getByText(`From the portal's records: ${first.key}. Add any other year you volunteered in North America.`).waitFor();
  expect(await page.getByRole('checkbox', { name: /Volunteered at SIGGRAPH \(North America\)/ }).isChecked()).toBe(true);
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-experience-phone');
  expect(errors).toEqual([]);
  await context.close();
  // Her new application, started (a draft of her answers), with a session of the server's day.
  await startedApplication(portal, ada, await signedInToken(portal, ada), { schoolName: 'Emily Carr University', step: 0 });
});

test('the chair reads her earlier edition on the new application, and last year through the switcher', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await browserAtServerTime(context, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Applications' }).click();
  await page.getByRole('cell', { name: 'Ada' }).first().click();
  await page.getByRole('tab', { name: 'Earlier editions' }).click();
  const record = page.getByLabel(`${first.name}: the record`);
  await record.getByText('Confirmed').waitFor();
  await record.getByText('Student volunteer').waitFor();
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-history');

  await page.getByRole('combobox', { name: 'Edition' }).selectOption({ label: first.key });
  await page.getByText(`You are reading ${first.name}, which is over: nothing can be changed.`).waitFor();
  await page.getByRole('menuitem', { name: 'Applications' }).click();
  await page.getByRole('cell', { name: 'Ada' }).first().waitFor();
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-reading-2026');
  expect(errors).toEqual([]);
  await context.close();
});
