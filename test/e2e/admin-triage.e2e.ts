import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { type SeededApplicant, adminUserRow, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations, settledViolations } from './support/browser.js';
import { venue } from './support/factories.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
const seeded: Record<'ada' | 'grace' | 'katherine' | 'alan', SeededApplicant> = {} as never;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.setTimeline('open');
  seeded.ada = await seedApplicant(portal, 'Ada', 'Lovelace', { teamLeader: true });
  seeded.grace = await seedApplicant(portal, 'Grace', 'Hopper', { financialAid: true });
  seeded.katherine = await seedApplicant(portal, 'Katherine', 'Johnson');
  seeded.alan = await seedApplicant(portal, 'Alan', 'Turing', { submit: false });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Every piece of every email in the list sits on one line: no address wraps inside a word. */
async function emailsWrapOnlyBetweenPieces(page: Page): Promise<void> {
  const pieces = await page.locator('[data-email-part]').evaluateAll((parts) =>
    parts.map((part) => ({
      text: part.textContent,
      lines: Math.round(part.getBoundingClientRect().height / parseFloat(getComputedStyle(part).lineHeight)),
    })),
  );
  expect(pieces.length).toBeGreaterThan(0);
  expect(pieces.filter((piece) => piece.lines !== 1)).toEqual([]);
}

describe('triage at scale, and the smaller things an administrator reads', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await newUserContext(browser, portal.baseUrl));
    await signInToAdmin(page, ADMIN);
    await page.getByTestId('count-started').waitFor();
  });

  afterEach(() => expect(errors).toEqual([]));

  it("filters 'search by status' by processing status from 'Add filter'", async () => {
    await page.goto('/admin/application/search-status');
    await rowOf(page, seeded.grace.email).waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Status' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    // The choices fade out before axe reads the page.
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await page.waitForURL(/statusId/);
    await rowOf(page, seeded.katherine.email).waitFor();
    await emailsWrapOnlyBetweenPieces(page);
    // The list refreshes after the filter, and its buttons fade their colour in: axe reads the page once it is still.
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'admin-triage-status-filter');
  });

  it('changes the status of several applications at once, after a confirmation, and says what it could not change', async () => {
    await page.goto('/admin/applications');
    for (const who of [seeded.ada, seeded.grace, seeded.alan])
      await rowOf(page, who.email).getByRole('checkbox', { name: 'Select this row' }).check();
    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of 3 applications' });
    await dialog.getByRole('combobox', { name: 'New processing status' }).click();
    await page.getByRole('option', { name: 'Accepted' }).click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await dialog.getByRole('checkbox', { name: 'Also grant the Team-Leader role to those who applied as team leaders' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-triage-bulk-confirm');
    await dialog.getByRole('button', { name: 'Set 3 applications to Accepted' }).click();
    await dialog.getByText('2 applications changed to Accepted. 1 application could not change:').waitFor();
    await dialog.getByRole('list', { name: 'Applications not changed' }).getByText('Only submitted applications can be decided.').waitFor();
    await screenshot(page, 'admin-triage-bulk-done');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await rowOf(page, seeded.ada.email).getByText('Accepted').waitFor();
    await rowOf(page, seeded.grace.email).getByText('Accepted').waitFor();
    await rowOf(page, seeded.katherine.email).getByText('Pending').waitFor();
    expect((await adminUserRow(portal, seeded.ada.email)) as unknown as { role: string }).toMatchObject({ role: 'Team-Leader' });
  });

  it('exports the processing status and every answer under its label, with labels instead of codes', async () => {
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await dialog.getByRole('checkbox', { name: 'With App Data' }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('filtered-sv-apps.csv');
    const [header, ...rows]: string[][] = parse(readFileSync((await download.path())!, 'utf8').slice(1));
    expect(header!.slice(0, 9)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'SV ID',
      'Completed',
      'Team Leader',
      'Financial Aid',
      'Username',
      'Processing Status',
    ]);
    const ada = rows.find((row) => row[2] === seeded.ada.email)!;
    const cell = (label: string) => ada[header!.indexOf(label)];
    expect(cell('Processing Status')).toBe('Accepted');
    expect(cell('School Country')).toBe('Canada');
    expect(cell('School Country Code')).toBe('CA');
    expect(cell('First Reference Type')).toBe('Professor/Teacher');
    expect(header!.filter((h) => /^[a-z]+[A-Z]/.test(h))).toEqual([]);
  });

  it('keeps the audit log in words, with the record behind Details', async () => {
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    const entry = rowOf(page, 'Application of Grace Hopper');
    await entry.getByText('Portal Administrator').waitFor();
    await entry.getByText('Pending → Accepted').waitFor();
    expect(await entry.innerText()).not.toMatch(/[{}"]|chair@example\.org/);
    await rowOf(page, 'Changed a user: Ada Lovelace').getByText('Student Volunteer → Team Leader').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-triage-audit');
    await entry.click();
    await page.getByText('Portal Administrator (chair@example.org)').waitFor();
    const details = page.getByRole('button', { name: 'Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    await page.getByText('"state": "offered"').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-triage-audit-entry');
  });

  it("names each venue's team leaders in full", async () => {
    const ada = await adminUserRow(portal, seeded.ada.email);
    await venue(portal, 'Main Hall', { location: 'West building', teamLeaderIds: [ada.id] });
    await page.getByRole('menuitem', { name: 'Venues' }).click();
    await rowOf(page, 'Main Hall').getByText('Ada Lovelace').waitFor();
    await screenshot(page, 'admin-triage-venues');
  });

  it("says 'You cannot remove your own administrator rights.' on the administrator's own record only", async () => {
    const own = await adminUserRow(portal, ADMIN.email);
    await page.goto(`/admin/users/${own.id}`);
    const adminSwitch = page.getByRole('switch', { name: 'Administrator' });
    await page.getByText('You cannot remove your own administrator rights.').waitFor();
    expect(await adminSwitch.isDisabled()).toBe(true);
    await screenshot(page, 'admin-triage-own-user');
    const other = await adminUserRow(portal, seeded.grace.email);
    await page.goto(`/admin/users/${other.id}`);
    await page.getByText(/Administrators can sign in to this panel/).waitFor();
    expect(await page.getByText('You cannot remove your own administrator rights.').count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Administrator' }).isDisabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says what the swaps switch does in the position it is in', async () => {
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const swaps = page.getByRole('switch', { name: 'Shift swaps online' });
    await swaps.waitFor();
    const on = await swaps.isChecked();
    await page.getByText(on ? /^On: volunteers swap shifts online/ : /^Off: volunteers see the notice/).waitFor();
    await swaps.click();
    await page.getByText(on ? /^Off: volunteers see the notice/ : /^On: volunteers swap shifts online/).waitFor();
    await screenshot(page, 'admin-triage-settings-swaps');
  });

  it('never previews more applications per team leader than there are to score', async () => {
    await page.goto('/admin/jury/assignments');
    // Ada leads now; Grace's and Katherine's applications are the pool: 3 each would need 3 team leaders.
    await page.getByTestId('team-leader-count').getByText('1').waitFor();
    await page.getByTestId('apps-per-tl').getByText('This will assign 2 apps per TL.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-triage-jury-preview');
  });

  it('reads on a phone', async () => {
    const phone = await newUserContext(browser, portal.baseUrl, 'phone');
    await signInToAdmin(phone.page, ADMIN);
    await phone.page.getByTestId('count-started').waitFor();
    await phone.page.goto('/admin/applications');
    await phone.page.getByText('Grace Hopper').waitFor();
    await emailsWrapOnlyBetweenPieces(phone.page);
    await screenshot(phone.page, 'admin-triage-applications-phone');
    await phone.page.goto('/admin/audit');
    await phone.page.getByText(/Changed the processing status: Application of Grace Hopper/).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'admin-triage-audit-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
