import type { Browser, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;
const leaders: SeededApplicant[] = [];
const applicants: SeededApplicant[] = [];

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  for (const name of ['Grace', 'Alan']) leaders.push(await seedApplicant(portal, name, 'Leader', { submit: false }));
  for (const name of ['Ada', 'Katherine', 'Mary'])
    applicants.push(await seedApplicant(portal, name, 'Applicant', { data: { essay1: `${name} writes about curiosity.` } }));
  for (const leader of leaders) await grantTeamLeader(portal, leader.email);
  await portal.setTimeline('jury');
});

/** The Jury Assignments page: two team leaders per application, confirmed in the modal. */
async function assignFromPanel(page: Page) {
  await page.getByRole('menuitem', { name: 'Jury assignments' }).click();

  const perApplication = page.getByRole('spinbutton', { name: 'Team leaders per application' });
  await perApplication.fill('2');
  await page.getByTestId('apps-per-tl').getByText('This will assign 3 apps per TL.').waitFor();
  await screenshot(page, 'admin-jury-assignments');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm jury assignment' });
  await dialog.getByText(/What will be replaced/).waitFor();
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByText('Assignment done').waitFor();
}

/** Jury Statistics: the two scores given show in the overall progress. */
async function checkStatisticsInPanel(page: Page) {
  await page.getByRole('menuitem', { name: 'Jury statistics' }).click();
  await page
    .getByTestId('jury-scored')
    .getByText(/^2 \/ 6/)
    .waitFor();
  await page.getByLabel('Red-flagged applications').waitFor();
  // A direct visit (a bookmark) opens the page too.
  await page.reload();
  await page
    .getByTestId('jury-scored')
    .getByText(/^2 \/ 6/)
    .waitFor();
  await screenshot(page, 'admin-jury-statistics');
}

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the jury in a real browser', () => {
  it('an administrator assigns the jury from the panel', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await assignFromPanel(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a team leader scores two applications through the modal, blind', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, leaders[0]!);
    const listed = page.waitForResponse((response) => response.url().includes('/api/jury/tl-assignments/'));
    await page.getByRole('link', { name: 'View Applications' }).click();
    await page.getByRole('heading', { name: 'Applications', exact: true }).waitFor();
    // The list names each application by an opaque id, never by the applicant's user id.
    const ids: unknown[] = (
      (await (await listed).json()) as { data: { assignments: { student_volunteer_id: unknown }[] } }
    ).data.assignments.map((item) => item.student_volunteer_id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{22}$/));
    await page.getByText('Not Scored').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'jury-list');

    await page.getByRole('button', { name: /Application 1/ }).click();
    const dialog = page.getByRole('dialog', { name: /Score Application 1/ });
    await dialog.getByText(/writes about curiosity/).waitFor();
    // Blind: nothing that names the applicant.
    for (const who of applicants) expect(await dialog.textContent()).not.toContain(who.email);
    const scoreWith = async (values: [string, string, string, string, string]) => {
      const labels = ['Essay 1', 'Essay 2', 'Essay 3', 'Overall', 'Red Flag'];
      for (const [i, label] of labels.entries()) await page.getByRole('combobox', { name: label }).selectOption({ label: values[i]! });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Scores saved successfully').waitFor();
    };
    await scoreWith(['5', '4', '4', 'Yes', 'No']);
    await screenshot(page, 'jury-score-modal');
    await page.getByRole('button', { name: 'Next App' }).click();
    await page.getByRole('dialog', { name: /Score Application 2/ }).waitFor();
    await scoreWith(['2', '3', '1', 'No', 'Yes']);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Scored', exact: true }).click();
    await page.getByText(/2 \/ \d+ scored/).waitFor();
    expect(await page.getByRole('button', { name: /Application \d/ }).count()).toBe(2);
    await screenshot(page, 'jury-list-scored');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the administrator sees the progress, and the averages in the export', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await checkStatisticsInPanel(page);

    const response = await fetch(`${portal.baseUrl}/api/admin/applications/export.csv?withScores=true`, {
      headers: { Authorization: `Bearer ${await portal.adminToken()}` },
    });
    const [header, ...rows]: string[][] = parse((await response.text()).replace(/^\uFEFF/, ''));
    const averages = rows.map((row) => row[header!.indexOf('Average Essay Score')]).filter((cell) => cell !== '');
    expect(averages).toEqual(['4.33', '2.00']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after the jury deadline, the team leader finds the list closed', async () => {
    await portal.setTimeline('decisions');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, leaders[0]!);
    await page.goto('/jury/view');
    const closed = page.getByTestId('jury-closed');
    await closed.getByText('The jury has closed').waitFor();
    await closed.getByText('The jury deadline has passed; the list of applications is closed.').waitFor();
    expect(await page.getByRole('button', { name: /Application \d/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'jury-list-closed');
    expect(errors).toEqual([]);
    await context.close();
  });
});
