import type { Browser } from 'playwright-core';
import { formatShiftDay } from '@svp/domain';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, confirmVolunteer, grantTeamLeader, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, settledViolations } from './support/browser.js';
import { assignment, conferenceWeek, shift, venue } from './support/factories.js';
import { ADMIN, type Portal, pacificDay, startPortal } from './support/portal.js';

// Messages to volunteers against the real server and its own sender: the chair writes to
// tomorrow's morning volunteers from the admin panel and watches it go out; the volunteer finds the
// email, the banner on her dashboard and the message on her Messages page; the venue's team leader
// writes to his volunteers from the applicant app, with the organisers in copy.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
let ben: SeededApplicant;
let grace: SeededApplicant;
const ids: Record<string, number> = {};
const TOMORROW = pacificDay(1);

beforeAll(async () => {
  // A pace a person can watch: the progress shows before the last email goes.
  portal = await startPortal({ MAIL_RATE_PER_SECOND: '2' });
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Early');
  ben = await seedApplicant(portal, 'Ben', 'Later');
  grace = await seedApplicant(portal, 'Grace', 'Lead', { submit: false });
  ids.ada = await confirmVolunteer(portal, ada.email);
  ids.ben = await confirmVolunteer(portal, ben.email);
  ids.grace = await grantTeamLeader(portal, grace.email);
  await conferenceWeek(portal, {
    firstShiftDay: pacificDay(-1),
    startDate: pacificDay(0),
    endDate: pacificDay(4),
    defaultScheduleDay: pacificDay(0),
  });
  ids.registration = await venue(portal, 'Registration', { teamLeaderIds: [ids.grace] });
  ids.morning = await shift(portal, { venueId: ids.registration, day: TOMORROW, start: '09:00', end: '12:00', role: 'Badge pickup' });
  ids.afternoon = await shift(portal, { venueId: ids.registration, day: TOMORROW, start: '14:00', end: '17:00', role: 'Badge pickup' });
  await assignment(portal, ids.morning, ids.ada, 'Ada');
  await assignment(portal, ids.afternoon, ids.ben, 'Ben');
  await portal.setTimeline('schedulesOut');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

test('the chair writes to tomorrow morning’s volunteers and watches it go out', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await signInToAdmin(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Messages' }).waitFor();
  await page.goto('/admin/messages');
  await page.getByText('No message has been sent yet.').waitFor();
  await page.getByRole('link', { name: 'Write a message' }).click();
  await page.getByRole('heading', { name: 'Write a message' }).waitFor();

  const segment = page.getByRole('group', { name: 'Segment 1' });
  await segment.getByRole('combobox', { name: 'Who' }).selectOption({ label: 'Volunteers of one day' });
  await segment.getByRole('combobox', { name: 'Day' }).selectOption({ label: formatShiftDay(TOMORROW) });
  await segment.getByLabel('Starting before (Pacific)').fill('12:00');
  await page.getByText(/^1 recipient: /).waitFor();
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await countBecomes(recipients.getByRole('row'), 2);
  expect(await recipients.getByRole('row').nth(1).textContent()).toContain('Ada Early');

  await page.getByRole('textbox', { name: 'Subject' }).fill('Tomorrow morning, {firstName}');
  await page
    .getByRole('textbox', { name: 'Message (Markdown)' })
    .fill('Hi {firstName},\n\nYour shift: **{nextShift}**. Come to the SV Office 30 minutes before.\n\n[Your schedule](/schedule/sv)');
  await page.getByLabel('Show as a banner on the dashboard until (Pacific time)').fill(`${pacificDay(3)}T18:00`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.frameLocator('iframe').getByText('Your shift:').waitFor();
  expect(await settledViolations(page, { waitForNetwork: false, exclude: ['iframe'] })).toEqual([]);
  await screenshot(page, 'messages-compose');

  await page.getByRole('button', { name: 'Send to 1 recipient' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send to 1 recipient' }).click();
  await page.getByRole('heading', { name: 'Tomorrow morning, {firstName}', level: 1 }).waitFor();
  await page.getByText('1 of 1 recipient sent or failed (100%)').waitFor({ timeout: 30_000 });
  expect(await settledViolations(page, { waitForNetwork: false, exclude: ['iframe'] })).toEqual([]);
  await screenshot(page, 'messages-sent');

  const mail = await portal.smtp.waitFor(ada.email, /^Tomorrow morning, Ada$/);
  expect(mail.text).toContain(`Your shift: Badge pickup at Registration, ${formatShiftDay(TOMORROW)} 09:00–12:00.`);
  expect(mail.html).toContain(`<a href="${portal.baseUrl}/schedule/sv">Your schedule</a>`);
  expect(portal.smtp.to(ben.email).filter((m) => m.subject?.startsWith('Tomorrow morning'))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('the volunteer sees the banner on her dashboard, reads the message, and dismisses the banner', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
  await signIn(page, ada);
  const notices = page.getByRole('region', { name: 'Notices from the organisers and team leaders' });
  await notices.getByText('Tomorrow morning, Ada').waitFor();
  expect(await settledViolations(page, { waitForNetwork: false, exclude: ['iframe'] })).toEqual([]);
  await screenshot(page, 'messages-banner-phone');

  await notices.getByRole('link', { name: 'Read the message' }).click();
  await page.waitForURL('**/messages**');
  await page.getByText(`Your shift: Badge pickup at Registration, ${formatShiftDay(TOMORROW)} 09:00–12:00.`).waitFor();
  expect(await settledViolations(page, { waitForNetwork: false, exclude: ['iframe'] })).toEqual([]);
  await screenshot(page, 'messages-page-phone');

  await page.goto('/dashboard');
  await notices.getByRole('button', { name: 'Dismiss: Tomorrow morning, Ada' }).click();
  await countBecomes(notices.getByText('Tomorrow morning, Ada'), 0);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByText('Tomorrow morning, Ada').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('the team leader writes to his venue’s volunteers, the organisers get a copy', async () => {
  const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
  await signIn(page, grace);
  await page.goto('/messages/team');
  const form = page.getByRole('form', { name: 'Write to my volunteers' });
  await form
    .getByText(/2 volunteers/)
    .first()
    .waitFor();
  await form.getByRole('textbox', { name: 'Subject' }).fill('Registration tomorrow');
  await form.getByRole('textbox', { name: 'Message' }).fill('Hi {firstName}, I will meet you at the West Building door.');
  expect(await settledViolations(page, { waitForNetwork: false, exclude: ['iframe'] })).toEqual([]);
  await screenshot(page, 'messages-team-leader');
  await form.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send message' }).click();

  for (const who of [ada, ben]) {
    const mail = await portal.smtp.waitFor(who.email, /^Registration tomorrow$/, 20_000);
    expect(mail.text).toContain(`Hi ${who.firstName}, I will meet you at the West Building door.`);
    expect(mail.text).toContain('Grace Lead, team leader of Registration');
  }
  const copy = await portal.smtp.waitFor('sv@siggraph.org', /^Copy: Registration tomorrow$/, 20_000);
  expect(copy.text).toContain('Grace Lead, team leader of Registration wrote to 2 volunteers');
  expect(errors).toEqual([]);
  await context.close();
});

/** Waits until the locator finds exactly `n` elements (the page may still be fetching or animating). */
async function countBecomes(locator: { count(): Promise<number> }, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) throw new Error(`Expected ${n} elements, found ${await locator.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
