import type { Page } from 'playwright-core';
import type { ApplicationData } from '@svp/domain';
import { completeApplicationData } from '../../../backend/src/testing/fixtures.js';
import { codeIn } from '../../../backend/src/testing/smtp-sink.js';
import { realPdf } from './applicant.js';
import { type Portal, ok } from './portal.js';

export interface SeededApplicant {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  token: string;
  svid: string;
}

export interface SeedOptions {
  /** Submit the application (otherwise it is only saved, i.e. started). */
  submit?: boolean;
  teamLeader?: boolean;
  financialAid?: boolean;
  data?: Partial<ApplicationData>;
}

const PROFILE = {
  birthdate: '2002-04-17',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '12 Analytical Street', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
  languages: ['English'],
  phone_number: '+1 604 555 0100',
};

const FINANCIAL_AID_ANSWERS: Partial<ApplicationData> = {
  financialAidSummary: 'Travel from abroad is beyond my means as a student.',
  financialAidExpenses: 'Flight 900, hotel share 600, meals 150',
  financialSituation: ['internationalStudent', 'working'],
  estimatedTravelCost: 1650,
  primaryTransport: 'plane',
  airportCode: 'SIN',
};

const TEAM_LEADER_ANSWERS: Partial<ApplicationData> = {
  teamLeaderEssay1: 'I want to help first-time volunteers feel at home.',
  teamLeaderEssay2: 'I led a team of twelve at a student festival.',
};

/**
 * An applicant made through the API as the applicant app would: registration with the mailed
 * code, a complete profile, the proof upload and the application saved (and submitted).
 */
export async function seedApplicant(
  portal: Portal,
  firstName: string,
  lastName: string,
  options: SeedOptions = {},
): Promise<SeededApplicant> {
  const email = `${firstName}.${lastName}.${Date.now()}@example.edu`.toLowerCase();
  const password = 'a-long-password-1';
  const registered = await ok(
    portal.api('POST', '/users/register', { first_name: firstName, last_name: lastName, email, password }, ''),
    `Registering ${email}`,
  );
  const mail = await portal.smtp.waitFor(email);
  const confirmed = await ok(portal.api('POST', '/users/confirm-registration', { email, code: codeIn(mail) }, ''), 'Confirming the email');
  const token: string = confirmed.data.session?.access_token ?? registered.data.session.access_token;
  const user = registered.data.user as { id: number; svid: string };
  await ok(portal.api('POST', '/users/profile', { ...PROFILE, given_name: firstName, family_name: lastName }, token), 'Saving the profile');

  const ticket = await ok(
    portal.api('POST', '/files/upload', { user_id: user.id, file_type: 'application/pdf', file_name: 'enrollment.pdf' }, token),
    'Asking to upload',
  );
  const put = await fetch(new URL(ticket.data.url, portal.baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: new Uint8Array(realPdf(`${firstName} is enrolled`)),
  });
  if (!put.ok) throw new Error(`Uploading the proof answered ${put.status}: ${await put.text()}`);

  const data = completeApplicationData({
    ...(options.financialAid ? FINANCIAL_AID_ANSWERS : {}),
    ...(options.teamLeader ? TEAM_LEADER_ANSWERS : {}),
    ...options.data,
  });
  await ok(
    portal.api(
      'POST',
      '/application/save',
      {
        data: { ...data, step: 7 },
        completed: options.submit ?? true,
        team_leader: options.teamLeader ?? false,
        financial_aid: options.financialAid ?? false,
      },
      token,
    ),
    `Saving the application of ${firstName}`,
  );
  return { firstName, lastName, email, password, token, svid: user.svid };
}

/** Signs in on the admin panel's own login page. */
export async function signInToAdmin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks a choice of an MUI select by its label. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The admin users resource's row for an email. */
export async function adminUserRow(portal: Portal, email: string): Promise<{ id: number; username: string; svid: string }> {
  const found = await ok(portal.api('GET', `/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`), `Finding ${email}`);
  if (!Array.isArray(found) || !found[0]) throw new Error(`No user ${email}`);
  return found[0];
}

/** Gives a user the Team-Leader role through the admin users resource; answers the user's id. */
export async function grantTeamLeader(portal: Portal, email: string): Promise<number> {
  const { id } = await adminUserRow(portal, email);
  await ok(portal.api('PUT', `/admin/users/${id}`, { role: 'Team-Leader' }), `Making ${email} a team leader`);
  return id;
}

/** Offers a place and records the volunteer's confirmation as an administrator (catalogue A: 1 offered, 2 confirmed). */
export async function confirmVolunteer(portal: Portal, email: string): Promise<number> {
  const { id, username } = await adminUserRow(portal, email);
  for (const statusId of [1, 2])
    await ok(portal.api('POST', `/application/status/${username}`, { statusId }), `Setting status ${statusId} for ${email}`);
  return id;
}
