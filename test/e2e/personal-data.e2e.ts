import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, adminUserRow, grantAdministrator, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

// Personal data against the real server: Ada downloads everything the portal holds about her from
// her profile; the chair asks to erase Eve, and Sam, a second administrator, confirms it.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let eve: SeededApplicant;
let sam: SeededApplicant;

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Archive');
  eve = await seedApplicant(portal, 'Eve', 'Erased');
  sam = await seedApplicant(portal, 'Sam', 'Second', { submit: false });
  await grantAdministrator(portal, sam.email);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('personal data in a real browser', () => {
  it('a volunteer reads how long data is kept, asks for theirs on their profile, is told by email, and downloads it', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    // Signed out, the footer's 'Your data' says how long each kind is kept, from the edition's settings.
    await page.goto('/');
    await page.getByRole('link', { name: 'Your data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your data on the Student Volunteer portal' }).waitFor();
    await page.getByText('Performance notes: 400 days after the edition ends').waitFor();
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-page-phone');
    await signIn(page, ada);
    await page.goto('/profile');
    const panel = page.getByTestId('my-data');
    await panel.getByRole('heading', { name: 'My data' }).waitFor();
    await panel.getByText('Privacy policy, version 2026-1').waitFor();
    await panel.getByText('Dietary and health notes: 14 days after the edition ends').waitFor();
    await panel.getByRole('button', { name: 'Prepare my data' }).click();
    // Prepared in the background; the panel looks again every few seconds, and the email says so too.
    const mail = await portal.smtp.waitFor(ada.email, /your data is ready/, 30_000);
    expect(mail.text).toContain('/profile#my-data');
    const download = panel.getByRole('button', { name: 'Download my data' });
    await download.waitFor({ timeout: 30_000 });
    expect(await settledViolations(page)).toEqual([]);
    await screenshot(page, 'sv-my-data-phone');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^sv-portal-my-data-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const document = JSON.parse(new TextDecoder().decode(entries['my-data.json']));
    expect(document.person.email).toBe(ada.email);
    expect(document.editions[0].application.completed).toBe(true);
    expect(Object.keys(entries).some((name) => name.startsWith('files/proof-of-enrollment-'))).toBe(true);
    expect(JSON.stringify(document)).not.toContain(eve.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an administrator asks to erase a person; a second one confirms it; the person is told and can no longer sign in', async () => {
    const { id: eveId } = await adminUserRow(portal, eve.email);
    const chair = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(chair.page, ADMIN);
    await chair.page.getByRole('menuitem', { name: 'Data retention' }).click();
    await chair.page.getByRole('heading', { level: 1, name: 'Data retention' }).waitFor();
    await chair.page.getByRole('table', { name: 'What will be removed when' }).getByText('Dietary and health notes').first().waitFor();
    expect(await settledViolations(chair.page)).toEqual([]);
    await screenshot(chair.page, 'admin-data-retention');

    await chair.page.goto(`/admin/users/${eveId}`);
    await chair.page.getByRole('link', { name: 'Erase' }).click();
    await chair.page.getByRole('heading', { name: 'Erase a person' }).waitFor();
    // The person is filled in from the user's page.
    await chair.page.waitForFunction(
      (email) => [...document.querySelectorAll('input')].some((input) => input.value.includes(email)),
      eve.email,
    );
    await chair.page.getByRole('textbox', { name: 'Why' }).fill('Asked by email on 3 May');
    await chair.page.getByRole('button', { name: 'Save' }).click();
    await chair.page.getByText('Erasure asked for: nothing changes until a second administrator confirms it.').waitFor();
    await chair.page.getByText('Waiting for a second administrator').first().waitFor();
    await chair.page.getByText('You asked for this erasure: another administrator must confirm it.', { exact: false }).waitFor();
    expect(await chair.page.getByRole('button', { name: 'Confirm the erasure' }).count()).toBe(0);
    await screenshot(chair.page, 'admin-erasure-requested');
    expect(chair.errors).toEqual([]);
    await chair.context.close();

    const second = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(second.page, sam);
    await second.page.getByRole('menuitem', { name: 'Erasures' }).click();
    await second.page.getByText('Eve Erased').click();
    await second.page.getByRole('button', { name: 'Confirm the erasure' }).click();
    const dialog = second.page.getByRole('dialog');
    await dialog.getByText(/^Erase Eve Erased/).waitFor();
    await screenshot(second.page, 'admin-erasure-confirm-dialog');
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await second.page.getByText('Eve Erased has been erased and told by email.').waitFor();
    await second.page.getByText('What the erasure changed').waitFor();
    expect(await settledViolations(second.page)).toEqual([]);
    await screenshot(second.page, 'admin-erasure-confirmed');
    expect(second.errors).toEqual([]);
    await second.context.close();

    await portal.smtp.waitFor(eve.email, /your personal data has been erased/, 30_000);
    const refused = await portal.api('POST', '/users/login', { email: eve.email, password: eve.password });
    expect(refused.status).toBe(401);
  });
});
