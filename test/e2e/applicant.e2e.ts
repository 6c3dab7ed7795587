import type { Browser } from 'playwright-core';
import { resetTokenIn } from '../../backend/src/testing/smtp-sink.js';
import {
  choose,
  fillProfile,
  fillWizard,
  newApplicant,
  registerAndConfirm,
  signIn,
  submitApplication,
  usernameOf,
} from './support/applicant.js';
import { offerPlace } from './support/admin.js';
import { launchBrowser, newUserContext, screenshot, seriousViolations } from './support/browser.js';
import { type Portal, startPortal } from './support/portal.js';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// The journeys run in order on one server: the timeline moves from applications open to decisions.
describe('applicants in a real browser, on the built server', () => {
  const ada = newApplicant('Ada');
  const bob = newApplicant('Bob');

  it('registers with the mailed code, fills the profile and all 8 tabs with a PDF upload, submits, and sees the thank-you', async () => {
    await portal.setTimeline('open');
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await page.goto('/');
    await page.getByRole('button', { name: 'Start New Application' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'home-open');

    await registerAndConfirm(page, portal, ada);
    await page.waitForURL(/\/(profile|dashboard)$/);
    await fillProfile(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile');

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Start Application' }).click();
    await fillWizard(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'wizard-last-tab');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/application/thank-you');
    await screenshot(page, 'thank-you');

    await page.goto('/dashboard');
    await page.getByText('Thank You For Applying!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-submitted');

    // The read-only review shows the uploaded PDF embedded.
    await page.getByRole('link', { name: 'View your Submission' }).click();
    await page.getByRole('tab', { name: 'Academic Information' }).click();
    await page.locator('object[type="application/pdf"], iframe, embed').first().waitFor();
    await screenshot(page, 'view-submission');

    // Submitted work survives a new session.
    await page.getByRole('button', { name: 'Logout' }).click();
    await signIn(page, ada);
    await page.getByText('Thank You For Applying!').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a second applicant submits too, on a phone-width screen', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl, 'phone');
    await submitApplication(page, portal, bob);
    await page.goto('/dashboard');
    await page.getByText('Thank You For Applying!').waitFor();
    await screenshot(page, 'dashboard-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after an administrator offers the place, the applicant confirms through both steps', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, ada);
    await offerPlace(portal, ada.email);
    await portal.setTimeline('decisions');

    await page.reload();
    await page.getByText('Congratulations, You Have Been Accepted!').waitFor();
    await screenshot(page, 'dashboard-offered');
    await page.getByRole('link', { name: 'Confirm', exact: true }).click();

    await page.getByRole('heading', { level: 2, name: /Step 1 of 2/ }).waitFor();
    await page.getByRole('radio', { name: /valid through at least/ }).check();
    await choose(page, 'T-shirt size', 'M');
    await page.getByRole('checkbox', { name: /email policy/ }).check();
    await page.getByRole('checkbox', { name: /photo and video policy/ }).check();
    await screenshot(page, 'confirmation-step-1');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { level: 2, name: /Step 2 of 2/ }).waitFor();
    await page.getByRole('checkbox', { name: /I will be in person from/ }).check();
    await screenshot(page, 'confirmation-step-2');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard');
    await page
      .getByText(/You Are a Student Volunteer|Welcome to the team|confirmed/i)
      .first()
      .waitFor();
    await screenshot(page, 'dashboard-confirmed');

    const stored = await portal.api(
      'GET',
      `/application/${await usernameOf(page, portal)}`,
      undefined,
      (await page.evaluate(() => localStorage.getItem('svp.token')))!,
    );
    expect(stored.body.data.sv.application_status_id).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('another offered applicant declines through the modal', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await signIn(page, bob);
    await offerPlace(portal, bob.email);
    await page.reload();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline Acceptance' });
    await dialog.getByText('Are you sure you want to decline your position as a Student Volunteer?').waitFor();
    await screenshot(page, 'decline-modal');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('heading', { name: 'You Have Declined Your Place' }).waitFor();
    await screenshot(page, 'dashboard-declined');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password with the mailed link, then signs in with the new one', async () => {
    const { context, page, errors } = await newUserContext(browser, portal.baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email').fill(ada.email);
    await form.getByRole('button').first().click();
    const mail = await portal.smtp.waitFor(ada.email, /password/i, 10_000);
    const { token } = resetTokenIn(mail);

    await page.goto(`/forgot-password?token=${encodeURIComponent(token)}`);
    const change = page.getByRole('form', { name: 'Choose a new password' });
    await change.getByLabel('New password', { exact: true }).fill('a-new-password-2');
    await change.getByLabel('Retype new password').fill('a-new-password-2');
    await screenshot(page, 'change-password');
    await change.getByRole('button').first().click();
    await page.getByText('Password successfully changed.').waitFor();

    // The same link cannot be used twice: it is refused as soon as it is opened, before any password is typed.
    await page.goto(`/forgot-password?token=${encodeURIComponent(token)}`);
    await page.getByTestId('danger-alert').getByText('This password reset link has already been used.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await change.count()).toBe(0);

    await signIn(page, { email: ada.email, password: 'a-new-password-2' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
