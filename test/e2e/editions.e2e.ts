import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { ADMIN, type Portal, ok, startPortal } from './support/portal.js';

// Next year on the same portal, against the real server: the 2026 season is over (Ada served
// as a student volunteer); the chair starts 2027 from Settings, opening applications at once; Ada
// applies again and finds 2026 ticked on the SIGGRAPH Experience tab; the chair reads her earlier
// edition on her new application, and last year's applications through the edition switcher.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;

/** A datetime-local value (UTC) `days` from now. */
const utcInput = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Returning');
  await confirmVolunteer(portal, ada.email);
  // The season is over: its schedules came out two months ago.
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

test('the chair starts next year’s edition from Settings', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Start the next edition' }).click();
  await page.getByRole('heading', { name: 'Start the next edition' }).first().waitFor();
  expect(await page.getByLabel('Conference name').inputValue()).toBe('SIGGRAPH 2027');
  // The proposal is this year's dates a year later; applications open today instead.
  await page.getByLabel('Applications open (UTC)').fill(utcInput(-1));
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-start');
  await page.getByRole('button', { name: 'Start the next edition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start SIGGRAPH 2027?' });
  await dialog.getByRole('button', { name: 'Start SIGGRAPH 2027' }).click();
  await page.getByText('SIGGRAPH 2027 is the current edition').waitFor();
  const settings = await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings');
  expect(settings.data.edition).toMatchObject({ key: '2027', name: 'SIGGRAPH 2027' });
  expect(settings.data.gates.applicationsOpen ?? !settings.data.gates.beforeLaunch).toBeTruthy();
  expect(errors).toEqual([]);
  await context.close();
});

test('a returning volunteer finds last year ticked on the SIGGRAPH Experience tab', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
  await signIn(page, ada);
  await page.goto('/application');
  await page.getByRole('tab', { name: 'SIGGRAPH Experience', exact: true }).click();
  await page.getByText("From the portal's records: 2026. Add any other year you volunteered in North America.").waitFor();
  expect(await page.getByRole('checkbox', { name: /Volunteered at SIGGRAPH \(North America\)/ }).isChecked()).toBe(true);
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-experience-phone');
  expect(errors).toEqual([]);
  await context.close();
  // Her 2027 application, started (a draft of her answers).
  await ok(
    portal.api('POST', '/application/save', { data: { schoolName: 'Emily Carr University', step: 0 }, completed: false }, ada.token),
    'Ada starts 2027',
  );
});

test('the chair reads her earlier edition on the new application, and last year through the switcher', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Applications' }).click();
  await page.getByRole('cell', { name: 'Ada' }).first().click();
  await page.getByRole('tab', { name: 'Earlier editions' }).click();
  const record = page.getByLabel('SIGGRAPH 2026: the record');
  await record.getByText('Confirmed').waitFor();
  await record.getByText('Student volunteer').waitFor();
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-history');

  await page.getByRole('combobox', { name: 'Edition' }).selectOption({ label: '2026' });
  await page.getByText('You are reading SIGGRAPH 2026, which is over: nothing can be changed.').waitFor();
  await page.getByRole('menuitem', { name: 'Applications' }).click();
  await page.getByRole('cell', { name: 'Ada' }).first().waitFor();
  expect(await settledViolations(page)).toEqual([]);
  await screenshot(page, 'editions-reading-2026');
  expect(errors).toEqual([]);
  await context.close();
});
