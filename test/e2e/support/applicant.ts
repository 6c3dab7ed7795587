import type { Page } from 'playwright-core';
import { codeIn } from '../../../backend/src/testing/smtp-sink.js';
import type { Portal } from './portal.js';

export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let serial = 0;
export function newApplicant(firstName: string): Applicant {
  serial += 1;
  return {
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}.${serial}.${Date.now()}@example.edu`,
    password: 'a-long-password-1',
  };
}

/** Registers through the home page's panel and confirms the address with the code read from the received mail. */
export async function registerAndConfirm(page: Page, portal: Portal, who: Applicant): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start New Application' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill(who.firstName);
  await form.getByLabel('Last name').fill(who.lastName);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password', { exact: true }).fill(who.password);
  await form.getByLabel('Retype password').fill(who.password);
  await form.getByRole('button', { name: 'Start Application' }).click();

  const mail = await portal.smtp.waitFor(who.email);
  const confirm = page.getByRole('form', { name: 'Confirm your email' });
  await confirm.getByLabel('Verification code').fill(codeIn(mail));
  await confirm.getByRole('button', { name: 'Confirm Email' }).click();
}

/** Fills every required profile field and saves it. */
export async function fillProfile(page: Page): Promise<void> {
  if (!page.url().endsWith('/profile')) await page.goto('/profile');
  await page.getByLabel('Date of birth').fill('2002-04-17');
  await page.getByRole('checkbox', { name: 'she/her' }).check();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('Address line 1').fill('12 Analytical Street');
  await page.getByLabel('City').fill('Vancouver');
  await page.getByLabel('State / province / region').fill('BC');
  await page.getByRole('combobox', { name: 'Country' }).fill('Canada');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await page.getByLabel('Postal code').fill('V6B 1A1');
  await page.getByLabel('Phone number').fill('+1 604 555 0100');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByText('Profile Updated', { exact: true }).waitFor();
}

/** Signs in through the home page's panel. */
export async function signIn(page: Page, who: Pick<Applicant, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.waitForURL('**/dashboard');
}

/** A small but well-formed one-page PDF (header, objects, cross-reference table and trailer). */
export function realPdf(text = 'Enrollment verification'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Picks a choice of an MUI select by its label. */
export async function choose(
  page: Page,
  label: string | RegExp,
  option: string,
  scope: Page | ReturnType<Page['locator']> = page,
): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const words = (n: number, word = 'volunteer') => Array.from({ length: n }, () => word).join(' ');

/** The Academic Information answers, with a PDF proof of enrollment uploaded. */
export async function fillAcademicInformation(page: Page): Promise<void> {
  await page.getByLabel('School Name').fill('University of British Columbia');
  await page.getByLabel('City').fill('Vancouver');
  await page.getByLabel('State / Province').fill('BC');
  await page.getByRole('combobox', { name: 'Country' }).fill('Canada');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await choose(page, 'Expected Graduation Month', 'May');
  await choose(page, 'Expected Graduation Year', String(new Date().getUTCFullYear() + 2));
  await page
    .getByLabel('Proof of enrollment file')
    .setInputFiles({ name: 'enrollment.pdf', mimeType: 'application/pdf', buffer: realPdf() });
  await page.getByRole('button', { name: 'Remove File' }).waitFor();
}

/** Both professional references. */
export async function fillReferences(page: Page): Promise<void> {
  for (const [title, first] of [
    ['First Reference', 'Grace'],
    ['Second Reference', 'Alan'],
  ] as const) {
    const section = page.getByRole('region', { name: title });
    await choose(page, 'Type of Reference', 'Professor/Teacher', section);
    await section.getByLabel('First Name').fill(first);
    await section.getByLabel('Last Name').fill('Reference');
    await section.getByLabel('Email').fill(`${first.toLowerCase()}@example.edu`);
  }
}

/** The three SV essays, well under their limit. */
export async function fillSvEssays(page: Page): Promise<void> {
  const answers = page.getByLabel('Your answer');
  for (let i = 0; i < 3; i++) await answers.nth(i).fill(words(120, ['curious', 'helpful', 'calm'][i]));
}

/** Ticks the three agreements of the last tab; the Submit button it enables has finished fading in (axe reads its colours). */
export async function acceptAgreements(page: Page): Promise<void> {
  for (const name of [/expectations, ethics, benefits/, /media release/, /Privacy Policy/])
    await page.getByRole('checkbox', { name }).check();
  await page
    .getByRole('button', { name: 'Submit Application' })
    .evaluate((button) => Promise.all(button.getAnimations().map((fade) => fade.finished)));
}

/** Fills all eight tabs of the wizard from wherever it opens, moving on with Next (which saves). */
export async function fillWizard(page: Page): Promise<void> {
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first().waitFor();

  await heading('Welcome');
  await next.click();

  await heading('Academic Information');
  await fillAcademicInformation(page);
  await next.click();

  await heading('Professional References');
  await fillReferences(page);
  await next.click();

  await heading('SIGGRAPH Experience');
  await page.getByRole('checkbox', { name: 'This is my first SIGGRAPH conference' }).check();
  await next.click();

  await heading('SV Essays');
  await fillSvEssays(page);
  await next.click();

  await heading('Team Leader Essays');
  await next.click();

  await heading('Financial Aid');
  await next.click();

  await heading('Confirmation of Responsibilities');
  await acceptAgreements(page);
}

/** The signed-in user's username, read with the browser's own token. */
export async function usernameOf(page: Page, portal: Portal): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('svp.token'));
  const profile = await portal.api('GET', '/users/profile', undefined, token ?? '');
  const username = profile.body?.data?.username ?? profile.body?.data?.user?.username;
  if (!username) throw new Error(`No username in the profile answer: ${JSON.stringify(profile.body)}`);
  return username as string;
}

/** Registers, fills the profile and submits a complete application: the state an offer needs. */
export async function submitApplication(page: Page, portal: Portal, who: Applicant): Promise<void> {
  await registerAndConfirm(page, portal, who);
  await page.waitForURL(/\/(profile|dashboard)$/);
  await fillProfile(page);
  await page.goto('/application');
  await fillWizard(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL('**/application/thank-you');
}
