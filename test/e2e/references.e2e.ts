import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { ADMIN, type Portal, ok, startPortal } from './support/portal.js';

// References, end to end against the real server and a real SMTP sink: applications close, the
// deadline job emails each referee a personal link, a referee opens it on a phone and answers, the
// applicant's dashboard says the reference was received (and nothing of what it says), and an
// administrator reads it on the application's References tab.

let portal: Portal;
let browser: Browser;
let ada: SeededApplicant;
const stamp = Date.now();
const firstReferee = { firstName: 'Ivan', lastName: 'Sutherland', email: `ivan.${stamp}@example.edu` };
const secondReferee = { firstName: 'Evelyn', lastName: 'Berezin', email: `evelyn.${stamp}@example.com` };
const statement = 'A careful and generous student who kept our lab running through a hard term and taught newcomers patiently.';

/** The personal link in a request email, on the portal's own address. */
function linkIn(text: string | undefined): string {
  const match = /(https?:\/\/\S+\/reference\/[A-Za-z0-9_-]{43})/.exec(text ?? '');
  if (!match) throw new Error(`No reference link in: ${text}`);
  return match[1]!;
}

beforeAll(async () => {
  portal = await startPortal();
  await portal.setTimeline('open');
  browser = await launchBrowser();
  ada = await seedApplicant(portal, 'Ada', 'Referenced', {
    data: {
      firstReferenceType: 'professor',
      firstReferenceFirstName: firstReferee.firstName,
      firstReferenceLastName: firstReferee.lastName,
      firstReferenceEmail: firstReferee.email,
      secondReferenceType: 'supervisor',
      secondReferenceFirstName: secondReferee.firstName,
      secondReferenceLastName: secondReferee.lastName,
      secondReferenceEmail: secondReferee.email,
    },
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

let link: string;

describe('references in a real browser', () => {
  it('applications close: each referee is emailed a personal link, once', async () => {
    // The deadline passes: the server's job timer runs the reference requests on its own.
    await portal.setTimeline('jury');
    const mail = await portal.smtp.waitFor(firstReferee.email, /^Reference request for Ada Referenced/, 30_000);
    expect(mail.text).toContain('Ada Referenced');
    link = linkIn(mail.text);
    expect(link.startsWith(`${portal.baseUrl}/reference/`)).toBe(true);
    await portal.smtp.waitFor(secondReferee.email, /^Reference request for Ada Referenced/, 30_000);
    // Running the job again by hand sends nobody a second copy.
    await ok(portal.api('POST', '/admin/jobs/references-request/run'), 'Running the requests again');
    await new Promise((r) => setTimeout(r, 1500));
    // Only the request: a reminder due before the referee was asked is not sent on top of it.
    // The edition is the coming one of the day the portal was installed (docs/decisions.md, 'The first edition of a new portal').
    const conference = (await ok(portal.api('GET', '/settings', undefined, ''), 'Reading the settings')).data.conference.name as string;
    for (const referee of [firstReferee, secondReferee])
      expect(portal.smtp.to(referee.email).map((m) => m.subject)).toEqual([
        `Reference request for Ada Referenced — ${conference} Student Volunteers`,
      ]);
  });

  it('the referee answers on a phone, with no account', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reference for Ada Referenced' }).waitFor();
    const form = page.getByRole('form', { name: 'Reference' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reference-form-phone');

    await form.getByRole('combobox', { name: 'How do you know the applicant?' }).selectOption({ label: 'Professor/Teacher' });
    await form.getByRole('combobox', { name: 'How long have you known the applicant?' }).selectOption({ label: '1 to 2 years' });
    for (const [group, value] of [
      ['Reliability', '5'],
      ['Teamwork', '4'],
      ['Communication', '5'],
      ['Initiative', 'Cannot judge'],
    ] as const) {
      await form
        .getByRole('group', { name: new RegExp(`^${group}`) })
        .getByRole('radio', { name: value, exact: true })
        .check();
    }
    await form.getByRole('textbox', { name: 'Statement' }).fill(statement);
    await form.getByText(`${300 - statement.split(' ').length} words remaining`).waitFor();
    await form.getByRole('button', { name: 'Submit reference' }).click();
    await page.getByText(/^Thank you\. Your reference has been received\./).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reference-form-received-phone');

    // The same link opens the answer again, ready to correct.
    await page.goto(link);
    await expect(page.getByRole('textbox', { name: 'Statement' }).inputValue()).resolves.toBe(statement);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guessed link is refused with a page that says so', async () => {
    const { context, page } = await newUserContext(browser, portal.baseUrl, 'phone');
    await page.goto(`/reference/${'x'.repeat(43)}`);
    await page.getByText('This reference link is not valid.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the applicant sees that it was received, and nothing of what it says', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, ada);
    await page.goto('/dashboard');
    const card = page.getByTestId('references-card');
    await card.getByText(`${firstReferee.firstName} ${firstReferee.lastName}`).waitFor();
    await card.getByText('Received').waitFor();
    await card.getByText('Requested', { exact: true }).waitFor();
    expect(await page.getByText(statement).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-references-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an administrator reads the reference on the application page', async () => {
    const [row] = await ok(
      portal.api('GET', `/admin/applications?filter=${encodeURIComponent(JSON.stringify({ q: ada.email }))}`),
      'Finding Ada',
    );
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(page, ADMIN);
    await page.getByTestId('count-started').waitFor();
    await page.goto(`/admin/applications/${row.id}/show`);
    await page.getByRole('heading', { name: 'Ada Referenced', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'References' }).click();
    const first = page.getByRole('region', { name: 'First reference' });
    await first.getByText(statement).waitFor();
    await first.getByText(firstReferee.email).first().waitFor();
    await first.locator('.MuiChip-label').getByText('Received', { exact: true }).waitFor();
    const second = page.getByRole('region', { name: 'Second reference' });
    await second.getByText(secondReferee.email).first().waitFor();
    await second.locator('.MuiChip-label').getByText('Requested', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-references-tab');
    expect(errors).toEqual([]);
    await context.close();
  });
});
