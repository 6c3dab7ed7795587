import type { Browser, Page } from 'playwright-core';
import { type SeededApplicant, adminUserRow, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { changedSettings } from './support/factories.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

const CONTACT_EMAIL = 'volunteers@e2e.example.org';
const UNABLE = `Unable to complete request. If this continues to persist, email ${CONTACT_EMAIL}`;

let portal: Portal;
let browser: Browser;
const seeded: Record<'ada' | 'grace' | 'katherine' | 'alan', SeededApplicant> = {} as never;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.setTimeline('open');
  await changedSettings(portal, { contactEmail: CONTACT_EMAIL }, 'Setting the contact address');
  seeded.ada = await seedApplicant(portal, 'Ada', 'Lovelace', { teamLeader: true });
  seeded.grace = await seedApplicant(portal, 'Grace', 'Hopper', { financialAid: true });
  seeded.katherine = await seedApplicant(portal, 'Katherine', 'Johnson');
  seeded.alan = await seedApplicant(portal, 'Alan', 'Turing', { submit: false });
  for (const leader of [seeded.ada, seeded.katherine]) await grantTeamLeader(portal, leader.email);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
// The app bar has a refresh icon of its own; this is the page's 'Last Updated … Refresh'.
const refreshLink = (page: Page) => page.getByRole('button', { name: 'Refresh' }).filter({ hasText: 'Refresh' });

describe('the admin panel at the earlier portal’s addresses, offline, and with the edition’s facts', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await newUserContext(browser, portal.baseUrl));
    await signInToAdmin(page, ADMIN);
    await page.getByTestId('count-started').waitFor();
  });

  afterEach(() => expect(errors).toEqual([]));

  it('says the kept sentence with the contact address when the sign-in cannot reach the server', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const other = await newUserContext(browser, portal.baseUrl, size);
      // The login page reads the contact address while the network is there.
      const settingsRead = other.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/settings');
      await other.page.goto('/admin/login');
      await settingsRead;
      await other.page.route('**/api/users/login', (route) => route.abort('internetdisconnected'));
      await other.page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
      await other.page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
      await other.page.getByRole('button', { name: 'Sign in' }).click();
      await other.page.getByText(UNABLE).waitFor();
      expect(await other.page.getByText('Failed to fetch').count()).toBe(0);
      expect(await seriousViolations(other.page)).toEqual([]);
      await screenshot(other.page, `admin-paths-login-offline-${size}`);
      expect(other.errors).toEqual([]);
      await other.context.close();
    }
  });

  it('/admin/application/search-status filters by the three enabled yes/no filters, with Last Updated and Export to CSV', async () => {
    await page.goto('/admin/application/search-status');
    const form = page.getByRole('search', { name: 'Filter by status' });
    for (const who of Object.values(seeded)) await rowOf(page, who.email).waitFor();
    await page.getByText(/^Last Updated: \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} UTC$/).waitFor();
    await page.getByRole('button', { name: 'Export to CSV' }).waitFor();

    await form.getByRole('checkbox', { name: 'Completed' }).check();
    await form.getByRole('button', { name: 'Filter' }).click();
    await rowOf(page, seeded.alan.email).waitFor({ state: 'detached' });
    await page.getByText('1-3 of 3').waitFor();

    await form.getByRole('checkbox', { name: 'Financial aid' }).check();
    await form.getByRole('combobox', { name: 'Financial aid: yes or no' }).selectOption({ label: 'No' });
    await form.getByRole('button', { name: 'Filter' }).click();
    await rowOf(page, seeded.grace.email).waitFor({ state: 'detached' });
    for (const who of [seeded.ada, seeded.katherine]) await rowOf(page, who.email).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/application/search-status');

    const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/applications');
    await refreshLink(page).click();
    await refreshed;
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-paths-search-status');

    // A bookmark keeps the filter.
    await page.reload();
    await rowOf(page, seeded.ada.email).waitFor();
    expect(await form.getByRole('checkbox', { name: 'Financial aid' }).isChecked()).toBe(true);
    expect(await rowOf(page, seeded.grace.email).count()).toBe(0);
  });

  it('/admin/application/search finds applications by the criterion picked', async () => {
    await page.goto('/admin/application/search');
    const criterion = page.getByRole('group', { name: 'Search by' });
    expect(await criterion.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    await criterion.getByRole('radio', { name: 'Last name' }).check();
    await page.getByRole('textbox', { name: 'Search text' }).fill('hop');
    await rowOf(page, seeded.ada.email).waitFor({ state: 'detached' });
    await rowOf(page, seeded.grace.email).getByRole('link', { name: 'View App' }).waitFor();
    // 'Grace' is a first name, not a last name.
    await page.getByRole('textbox', { name: 'Search text' }).fill('grace');
    await rowOf(page, seeded.grace.email).waitFor({ state: 'detached' });
    await page.getByText('No Applications found using the current filters.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-paths-search-user');
  });

  it('/admin/application/{username} opens that user’s application', async () => {
    const { username } = await adminUserRow(portal, seeded.grace.email);
    await page.goto(`/admin/application/${encodeURIComponent(username)}`);
    await page.getByRole('heading', { name: 'Grace Hopper', exact: true }).waitFor();
    expect(await page.getByTestId('svid').innerText()).toBe(seeded.grace.svid);
    await page.getByRole('tab', { name: 'Financial Aid' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-paths-application');

    await page.goto('/admin/application/no-such-user');
    await page.getByText('There is no user no-such-user.').waitFor();
  });

  it('says the kept sentence when the network goes away after signing in', async () => {
    await page.goto('/admin/application/search-status');
    await rowOf(page, seeded.ada.email).waitFor();
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await refreshLink(page).click();
    await page.getByText(UNABLE).waitFor();
    await screenshot(page, 'admin-paths-offline-list');
    await page.unroute('**/api/**');
  });

  it("previews another number of team leaders by the earlier portal's formula and says who assigning uses", async () => {
    await page.goto('/admin/jury/assignments');
    const teamLeaders = page.getByRole('spinbutton', { name: 'Number of team leaders' });
    // Ada and Katherine hold the role.
    await page.getByTestId('team-leader-count').getByText('2').waitFor();
    expect(await teamLeaders.inputValue()).toBe('2');
    await page.getByRole('spinbutton', { name: 'Team leaders per application' }).fill('1');
    // Only Grace's application is in the pool: 1 × 1 / 2 rounds down to 0.
    await page.getByTestId('apps-per-tl').getByText('This will assign 0 apps per TL.').waitFor();
    // One team leader per application is possible with two: Assign opens up (and its colour settles).
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Assign' && !b.disabled));
    await page.waitForTimeout(400);
    await teamLeaders.fill('1');
    // floor((3 completed − 1) × 1 / 1) = 2
    await page.getByTestId('apps-per-tl').getByText('This will assign 2 apps per TL.').waitFor();
    await page
      .getByTestId('planned-team-leaders-note')
      .getByText(/There are 2 team leaders now, and Assign uses them: This will assign 0 apps per TL\./)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-paths-jury-planned');
  });

  it('edits the conference facts on the Settings page, refuses bad ones on their fields, and the hours page follows', async () => {
    await page.goto('/admin/settings');
    const before = (await portal.api('GET', '/admin/settings')).body;
    await page.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
    await page.getByRole('spinbutton', { name: 'Student volunteer hours' }).fill('30');
    await page.getByLabel('Last day of service').fill(addDays(before.conference.endDate, 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    const saved = (await portal.api('GET', '/admin/settings')).body;
    expect(saved.conference).toMatchObject({
      city: 'Los Angeles',
      svHours: 30,
      endDate: addDays(before.conference.endDate, 1),
      startDate: before.conference.startDate,
    });

    // Out of order and out of range: refused on the fields, nothing saved.
    await page.getByLabel('Last day of service').fill(addDays(before.conference.startDate, -1));
    await page.getByRole('spinbutton', { name: 'Team leader hours' }).fill('500');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be on or after “First day of service”').waitFor();
    await page.getByText('Must be a whole number of hours from 1 to 200').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-paths-settings-invalid');
    expect((await portal.api('GET', '/admin/settings')).body.conference).toEqual(saved.conference);

    await page.goto('/admin/schedule/hours');
    await page.getByText(/against about 30 h for a student volunteer and 60 h for a team leader/).waitFor();
  });

  it('shows the status search and the settings at phone width', async () => {
    const phone = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInToAdmin(phone.page, ADMIN);
    await phone.page.getByTestId('count-started').waitFor();
    await phone.page.goto('/admin/application/search-status');
    await phone.page.getByText(`${seeded.grace.email} · SV ID ${seeded.grace.svid}`).waitFor();
    await phone.page.getByText(/^Last Updated: /).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'admin-paths-search-status-phone');
    await phone.page.goto('/admin/settings');
    await phone.page.getByRole('textbox', { name: 'City' }).waitFor();
    await screenshot(phone.page, 'admin-paths-settings-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
