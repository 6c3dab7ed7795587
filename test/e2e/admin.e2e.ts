import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { type SeededApplicant, pick, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot } from './support/browser.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

// Commas, quotes, a line break and a leading '=' that a spreadsheet would run as a formula.
const TRICKY_ESSAY = '=HYPERLINK("http://evil.example","click"), said "Ada"\nsecond line, with commas';

let portal: Portal;
let browser: Browser;
const seeded: Record<'ada' | 'grace' | 'katherine' | 'alan', SeededApplicant> = {} as never;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.setTimeline('open');
  seeded.ada = await seedApplicant(portal, 'Ada', 'Lovelace', { teamLeader: true, data: { essay3: TRICKY_ESSAY } });
  seeded.grace = await seedApplicant(portal, 'Grace', 'Hopper', { financialAid: true });
  seeded.katherine = await seedApplicant(portal, 'Katherine', 'Johnson');
  seeded.alan = await seedApplicant(portal, 'Alan', 'Turing', { submit: false });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('the admin panel in a real browser, on the built server', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await newUserContext(browser, portal.baseUrl));
  });

  afterEach(() => expect(errors).toEqual([]));

  it('signs the administrator in and shows the dashboard counts, chart and funnel', async () => {
    await page.goto('/admin/');
    await page.waitForURL('**/admin/login');
    await signInToAdmin(page, ADMIN);
    await expectCount(page, 'count-started', '4');
    await expectCount(page, 'count-completed', '3');
    await expectCount(page, 'count-team-leader', '1');
    await expectCount(page, 'count-financial-aid', '1');
    await page.getByText(/^Last Updated: /).waitFor();
    await page.getByRole('img', { name: 'Applications per day' }).waitFor();
    // Funnel: all four applicants completed their profile, four started, three completed.
    expect(await page.getByTestId('funnel-0').innerText()).toBe('4');
    expect(await page.getByTestId('funnel-2').innerText()).toMatch(/^3\s*\(75%\)$/);
    await page.getByRole('table', { name: 'Completed applications by processing status' }).getByText('Pending').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).filter({ hasText: 'Refresh' }).click();
    await expectCount(page, 'count-started', '4');
    await screenshot(page, 'admin-dashboard');
  });

  it('searches and filters the applications (completed = yes), 20 a page', async () => {
    await page.getByRole('menuitem', { name: 'Applications' }).click();
    await page.waitForURL('**/admin/applications**');
    for (const who of Object.values(seeded)) await rowOf(page, who.email).waitFor();

    await page.getByPlaceholder('Search').fill('hop');
    await rowOf(page, seeded.ada.email).waitFor({ state: 'detached' });
    await rowOf(page, seeded.grace.email).waitFor();
    await page.getByPlaceholder('Search').fill('');
    await rowOf(page, seeded.ada.email).waitFor();

    await pick(page, 'Completed', 'Yes');
    await rowOf(page, seeded.alan.email).waitFor({ state: 'detached' });
    for (const who of [seeded.ada, seeded.grace, seeded.katherine]) await rowOf(page, who.email).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(3);
    await page.getByText('1-3 of 3').waitFor();
    await screenshot(page, 'admin-applications');
  });

  it('opens one application, shows its tabs and proof, and changes its processing status', async () => {
    await rowOf(page, seeded.ada.email).getByRole('link', { name: 'View App' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace', exact: true }).waitFor();
    expect(await page.getByTestId('svid').innerText()).toBe(seeded.ada.svid);
    for (const badge of ['Completed', 'Team Leader Applicant', 'No Financial Aid']) await page.getByText(badge, { exact: true }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Application sections' }).getByRole('tab');
    // No Financial Aid tab: Ada did not apply for aid.
    expect((await tabs.allInnerTexts()).map((tab) => tab.toLowerCase())).toEqual([
      'general',
      'essays',
      'team leader',
      'references',
      'earlier editions',
    ]);
    await page.locator('object[type="application/pdf"]').waitFor();

    await page.getByRole('tab', { name: 'Essays' }).click();
    await page.getByText('said "Ada"', { exact: false }).waitFor();
    await page.getByRole('tab', { name: 'General' }).click();

    await pick(page, 'Processing status', 'Accepted');
    await page.getByRole('checkbox', { name: 'Also grant the Team-Leader role' }).waitFor();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Updated application status').waitFor();
    await page.getByText('Status: Accepted').waitFor();
    await page.getByRole('table', { name: 'Status history' }).getByText('Pending → Accepted').waitFor();
    await screenshot(page, 'admin-application-show');
  });

  it('exports the filtered list with the application data as filtered-sv-apps.csv', async () => {
    await page.getByRole('link', { name: 'Back to applications' }).click();
    await rowOf(page, seeded.ada.email).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(3);

    await page.getByRole('button', { name: 'Export to CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await dialog.getByRole('checkbox', { name: 'With App Data' }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('filtered-sv-apps.csv');
    await page.getByText('Exported 3 applications to filtered-sv-apps.csv').waitFor();

    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows]: string[][] = parse(text.slice(1));
    expect(header!.slice(0, 8)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'SV ID',
      'Completed',
      'Team Leader',
      'Financial Aid',
      'Username',
    ]);
    expect(header).toContain('Essay 3: Conflict Resolution');
    expect(header).not.toContain('Average Essay Score');
    expect(rows.map((row) => row[2]).sort()).toEqual([seeded.ada.email, seeded.grace.email, seeded.katherine.email].sort());
    const ada = rows.find((row) => row[2] === seeded.ada.email)!;
    expect(ada[header!.indexOf('Essay 3: Conflict Resolution')]).toBe(`'${TRICKY_ESSAY}`);
    expect(ada[5]).toBe('Yes');
  });

  it('edits the timeline in UTC whatever the browser zone, checks its order, and logs the change', async () => {
    // A browser far from UTC: the inputs must still show and send UTC.
    const context = await browser.newContext({
      baseURL: portal.baseUrl,
      timezoneId: 'Pacific/Auckland',
      viewport: { width: 1280, height: 900 },
    });
    const auckland = await context.newPage();
    await signInToAdmin(auckland, ADMIN);
    await auckland.getByTestId('count-started').waitFor();
    await auckland.getByRole('menuitem', { name: 'Settings' }).click();
    const before = (await portal.api('GET', '/admin/settings')).body;
    const launch = auckland.getByLabel('Applications open (UTC)');
    expect(Date.parse(`${await launch.inputValue()}Z`)).toBe(Math.floor(Date.parse(before.timeline.applicationLaunchDate) / 1000) * 1000);

    // Out of order: refused in the form with the domain rule's words.
    const juryDeadline = auckland.getByLabel('Jury deadline (UTC)');
    await juryDeadline.fill('2020-01-01T00:00');
    await auckland.getByRole('button', { name: 'Save' }).click();
    await auckland.getByText('Must be after “Jury opens”').waitFor();
    await juryDeadline.fill(before.timeline.juryDeadline.slice(0, 19));

    await auckland.getByLabel('Schedules released (UTC)').fill('2030-01-02T03:04');
    await auckland.getByLabel('Contact email').fill('volunteers@example.org');
    await auckland.getByRole('button', { name: 'Save' }).click();
    await auckland.getByText('Settings saved').waitFor();
    await auckland.evaluate(() => window.scrollTo(0, 0));
    await screenshot(auckland, 'admin-settings');
    const after = (await portal.api('GET', '/admin/settings')).body;
    expect(after.contactEmail).toBe('volunteers@example.org');
    expect(after.timeline.schedulesReleaseDate).toBe('2030-01-02T03:04:00.000Z');
    expect(after.timeline.applicationLaunchDate).toBe(before.timeline.applicationLaunchDate);
    await context.close();

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await rowOf(page, 'Changed the settings').first().getByText('Schedules released:').waitFor();
    await pick(page, 'Action', 'Changed the processing status');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('tbody tr')];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes('Changed the processing status'));
    });
    await rowOf(page, 'Changed the processing status').getByText('Pending → Accepted').waitFor();
    await screenshot(page, 'admin-audit');
  });

  it('shows the list as a simple list at phone width', async () => {
    const phone = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInToAdmin(phone.page, ADMIN);
    await phone.page.getByTestId('count-started').waitFor();
    await phone.page.goto('/admin/applications');
    await phone.page.getByText(`${seeded.grace.email} · SV ID ${seeded.grace.svid}`).waitFor();
    await screenshot(phone.page, 'admin-applications-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('keeps applicants out of the panel', async () => {
    const other = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(other.page, seeded.alan);
    await other.page.getByText('Only administrators can use the admin panel.').waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/admin/login');
    expect(await other.page.evaluate(() => localStorage.getItem('svp.admin.token'))).toBeNull();
    await other.context.close();
  });

  it('sends an expired or refused session back to the login page', async () => {
    const other = await newUserContext(browser, portal.baseUrl);
    const fakeToken = (exp: number) => `e30.${Buffer.from(JSON.stringify({ sub: 1, admin: true, exp })).toString('base64url')}.x`;
    await other.page.goto('/admin/login');
    // Expired by its own claim: signed out before any call.
    await other.page.evaluate((token) => localStorage.setItem('svp.admin.token', token), fakeToken(Math.floor(Date.now() / 1000) - 60));
    await other.page.goto('/admin/applications');
    await other.page.waitForURL('**/admin/login');
    // Unexpired but refused by the server (401): signed out on the first answer.
    await other.page.evaluate((token) => localStorage.setItem('svp.admin.token', token), fakeToken(Math.floor(Date.now() / 1000) + 3600));
    await other.page.goto('/admin/applications');
    await other.page.waitForURL('**/admin/login');
    await other.page.waitForFunction(() => localStorage.getItem('svp.admin.token') === null);
    await other.context.close();
  });
});

async function expectCount(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForFunction(([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected, [
    testId,
    value,
  ] as const);
}
