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

/** A user registered through the API with the mailed code, as the applicant app registers one: no profile or application yet. */
export async function registeredUser(
  portal: Portal,
  firstName: string,
  lastName: string,
): Promise<{ email: string; password: string; token: string; id: number; svid: string }> {
  const email = `${firstName}.${lastName}.${Date.now()}@example.edu`.toLowerCase();
  const password = 'a-long-password-1';
  const registered = await ok(
    portal.api('POST', '/users/register', { first_name: firstName, last_name: lastName, email, password }, ''),
    `Registering ${email}`,
  );
  const mail = await portal.smtp.waitFor(email);
  const confirmed = await ok(portal.api('POST', '/users/confirm-registration', { email, code: codeIn(mail) }, ''), `Confirming ${email}`);
  const token: string = confirmed.data.session?.access_token ?? registered.data.session.access_token;
  const user = registered.data.user as { id: number; svid: string };
  return { email, password, token, id: user.id, svid: user.svid };
}

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
  const { email, password, token, ...user } = await registeredUser(portal, firstName, lastName);
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

/** Changes a user through the admin users resource, as the user's page on the panel would; answers the user's id. */
async function changeUser(portal: Portal, email: string, changes: Record<string, unknown>, what: string): Promise<number> {
  const { id } = await adminUserRow(portal, email);
  await ok(portal.api('PUT', `/admin/users/${id}`, changes), `${what} (${email})`);
  return id;
}

/** Gives a user the Team-Leader role through the admin users resource; answers the user's id. */
export const grantTeamLeader = (portal: Portal, email: string): Promise<number> =>
  changeUser(portal, email, { role: 'Team-Leader' }, 'Making a team leader');

/** Makes a user an administrator through the admin users resource; answers the user's id. */
export const grantAdministrator = (portal: Portal, email: string): Promise<number> =>
  changeUser(portal, email, { isAdmin: true }, 'Making an administrator');

/** Sets an applicant's statuses in turn as an administrator (catalogue A: 1 offered, 2 confirmed); answers the user's id. */
async function setStatuses(portal: Portal, email: string, statusIds: number[]): Promise<number> {
  const { id, username } = await adminUserRow(portal, email);
  for (const statusId of statusIds)
    await ok(portal.api('POST', `/application/status/${username}`, { statusId }), `Setting status ${statusId} for ${email}`);
  return id;
}

/** Offers an applicant a place as an administrator, which the applicant has still to confirm; answers the user's id. */
export const offerPlace = (portal: Portal, email: string): Promise<number> => setStatuses(portal, email, [1]);

/** Offers a place and records the volunteer's confirmation as an administrator; answers the user's id. */
export const confirmVolunteer = (portal: Portal, email: string): Promise<number> => setStatuses(portal, email, [1, 2]);

/** Signs a user in through the API, as the applicant app does; answers the new session's token (of the server's day). */
export async function signedInToken(portal: Portal, who: { email: string; password: string }): Promise<string> {
  const login = await ok(portal.api('POST', '/users/login', { email: who.email, password: who.password }, ''), `Signing in ${who.email}`);
  return login.data.session.access_token as string;
}
