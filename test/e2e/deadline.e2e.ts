import type { Browser } from 'playwright-core';
import { signIn } from './support/applicant.js';
import { type SeededApplicant, seedApplicant, signInToAdmin } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot } from './support/browser.js';
import { ADMIN, type Portal, startPortal } from './support/portal.js';

// The application deadline as a user sees it: an application still open at the deadline is locked by the
// deadline job, and stays locked in the wizard and the API even when the deadline is moved later.
// The job timer is off (JOBS_ENABLED=false) so the administrator's "Run now" is the only run.

let portal: Portal;
let browser: Browser;
let olive: SeededApplicant;

beforeAll(async () => {
  portal = await startPortal({ JOBS_ENABLED: 'false' });
  await portal.setTimeline('open');
  browser = await launchBrowser();
  olive = await seedApplicant(portal, 'Olive', 'Open', { submit: false });
  await portal.setTimeline('jury');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the application deadline job', () => {
  it('is run from the Jobs page, and the application it locked can no longer be saved in the wizard or through the API', async () => {
    const admin = await newUserContext(browser, portal.baseUrl);
    await signInToAdmin(admin.page, ADMIN);
    await admin.page.getByRole('menuitem', { name: 'Jobs' }).click();
    const card = admin.page.getByTestId('job-application-deadline');
    await card.getByText('Due now').waitFor();
    await card.getByRole('button', { name: 'Run now' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
    await admin.page.getByText(/done \(.*1 .*locked/i).waitFor();
    await card.getByText('Succeeded').first().waitFor();
    await screenshot(admin.page, 'jobs-application-deadline-run');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // The organisers move the deadline later: the locked application stays locked.
    await portal.setTimeline('open');
    const refused = await portal.api(
      'POST',
      '/application/save',
      { data: { essay1: 'One more try.', step: 3 }, completed: false },
      olive.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, data: { message: 'Applications have closed', err: 'DEADLINE_PASSED' } });

    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await signIn(page, olive);
    await page.goto('/application');
    await page.getByText('Applications have closed. Your application can no longer be changed.').waitFor();
    await screenshot(page, 'wizard-locked-after-deadline');
    // The seeded answers are complete: submitting is what Olive would try; she is sent to her dashboard instead.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();

    const stored = await portal.api('GET', `/application/${olive.svid}`, undefined, olive.token);
    expect(stored.body.data).toMatchObject({ closed: true, completed: false });
    expect(stored.body.data.data.essay1).not.toBe('One more try.');
  });
});
