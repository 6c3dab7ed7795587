import { emptyApplicationData } from '@svp/domain';
import type { ApplicationRecord, ApplicationStatus, ProfileUser, SignedIn } from '../../api/types';

// The applicant-ui test kit: the records the server answers, one builder each (not loaded by the app).

export function profileUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 7,
    svid: 'ABCD2345',
    sv_id: 'ABCD2345',
    username: 'c8a1',
    email: 'ana@example.org',
    given_name: 'Ana',
    family_name: 'Lopez',
    nickname: '',
    birthdate: '2001-04-05',
    gender: ['she/her'],
    gender_identity: '',
    underrepresented: [],
    underrepresented_group: '',
    disability: 'no',
    disability_type: '',
    address: { address1: '1 Main St', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
    languages: ['English'],
    phone_number: '+1 604 555 0100',
    can_text: true,
    can_call: false,
    role: 'Student-Volunteer',
    is_admin: false,
    is_team_leader: false,
    verified: true,
    application_status_id: null,
    has_application: true,
    profile_complete: true,
    missing_fields: [],
    ...overrides,
  };
}

/** An application in progress (step 2, 40%), pending; `sv` changes its status. */
export function applicationRecord(overrides: Partial<ApplicationRecord> = {}, sv: Partial<ApplicationStatus> = {}): ApplicationRecord {
  return {
    id: 3,
    data: { step: 2 } as ApplicationRecord['data'],
    step: 2,
    updated_at: '2026-01-10T10:00:00.000Z',
    completed: false,
    team_leader: false,
    financial_aid: false,
    status_id: null,
    sv: { application_status_id: null, status: 'Pending', state: 'pending', tag: null, ...sv },
    progress: 40,
    problems: { missing: [], over_limit: [] },
    closed: false,
    submitted_at: null,
    confirmation: null,
    confirmed_at: null,
    declined_at: null,
    confirm_by: null,
    ...overrides,
  };
}

/** An application just started: no answers yet, at the first step. */
export function freshApplication(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return applicationRecord({ data: { ...emptyApplicationData(), step: 0 }, step: 0, progress: 0, ...overrides });
}

/** `n` distinct words. */
export function wordsOf(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}

/** Every answer a submission needs (a first-timer, no TL, no financial aid), with a PDF proof. */
export function completeData(): ApplicationRecord['data'] {
  return {
    ...emptyApplicationData(),
    step: 7,
    proofOfEnrollment: { name: 'ABCD2345.pdf', size: 123_456, type: 'application/pdf', url: '/api/files/ABCD2345' },
    schoolName: 'University of British Columbia',
    schoolCity: 'Vancouver',
    schoolState: 'BC',
    schoolCountry: 'CA',
    expectedGraduationMonth: 5,
    expectedGraduationYear: 2027,
    haveNotAttended: true,
    firstReferenceType: 'professor',
    firstReferenceFirstName: 'Grace',
    firstReferenceLastName: 'Hopper',
    firstReferenceEmail: 'grace@example.org',
    secondReferenceType: 'supervisor',
    secondReferenceFirstName: 'Alan',
    secondReferenceLastName: 'Kay',
    secondReferenceEmail: 'alan@example.org',
    essay1: wordsOf(120),
    essay2: wordsOf(80),
    essay3: wordsOf(60),
    acceptedTerms: true,
    acceptedMediaRelease: true,
    acceptedPrivacy: true,
  };
}

/** A JWT with these claims (unsigned: the client only reads it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** POST /users/login's answer for a volunteer not verified yet, with a token valid for an hour. */
export function signedIn(overrides: Partial<SignedIn> = {}): SignedIn {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return {
    user: {
      id: 7,
      svid: 'ABCD2345',
      username: 'u-7',
      email: 'ada@example.edu',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'Student-Volunteer',
      isAdmin: false,
      isTeamLeader: false,
      verified: false,
    },
    session: {
      access_token: fakeJwt({ sub: 7, role: 'Student-Volunteer', admin: false, type: 'access', exp }),
      expires_at: new Date(exp * 1000).toISOString(),
    },
    ...overrides,
  };
}
