import { type EditionSettings, type Gates, STATUS_CATALOGUES, TIMELINE_KEYS, type Timeline, conferenceYear, defaultReferencesDeadline, defaultSettings, gates } from '@svp/domain';
import type { ApplicationRecord, ApplicationStatus, ProfileUser, PublicSettings } from '../api/types';

// Test data shared by the dashboard and profile tests (not loaded by the app).

const HOUR = 3_600_000;

/**
 * A timeline around `now`, with the given number of deadlines already passed (0 to 8), counting the
 * eight dates a day apart; the references' closing date, which only has to fall between the
 * application and jury deadlines, is placed as a stored timeline without it would get it.
 */
export function timelineWithPassed(passed: number, now: number): Timeline {
  const keys = TIMELINE_KEYS.filter((key) => key !== 'referencesDeadline');
  const timeline = Object.fromEntries(keys.map((key, i) => [key, new Date(now + (i < passed ? -(passed - i) : i - passed + 1) * 24 * HOUR).toISOString()])) as unknown as Timeline;
  return { ...timeline, referencesDeadline: defaultReferencesDeadline(timeline) };
}

/**
 * The edition the UI tests run on: the spec's 2025 week, deliberately not the product's default
 * edition, so that every date or year a screen shows must come from the settings it is given.
 */
export const TEST_EDITION: Pick<EditionSettings, 'conference' | 'resultTexts'> = {
  conference: {
    ...defaultSettings().conference,
    name: 'SIGGRAPH 2025',
    firstShiftDay: '2025-08-08',
    startDate: '2025-08-09',
    endDate: '2025-08-14',
    defaultScheduleDay: '2025-08-08',
  },
  resultTexts: {
    teamLeaderResults: 'mid-February 2025',
    studentVolunteerResults: 'late April 2025',
    thankYouTeamLeaderResults: 'February 2025',
    thankYouStudentVolunteerResults: 'May 2025',
    confirmBy: 'late April',
  },
};

/** GET /api/settings as the server answers it at `now` (gates on that clock), for the test edition. */
export function publicSettings(timeline: Timeline, now: number = Date.now(), overrides: Partial<PublicSettings> = {}): PublicSettings {
  const base = defaultSettings('sv@example.org');
  return {
    now: new Date(now).toISOString(),
    timeline,
    gates: gates(timeline, new Date(now)),
    conference: TEST_EDITION.conference,
    swapsEnabled: false,
    statusCatalogue: 'A',
    statusLabels: STATUS_CATALOGUES.A.map(({ id, label, state, tag }) => ({ id, label, state, tag })),
    contactEmail: base.contactEmail,
    mailingListUrl: base.mailingListUrl,
    resultTexts: TEST_EDITION.resultTexts,
    edition: { id: 1, key: String(conferenceYear(TEST_EDITION.conference)), name: TEST_EDITION.conference.name },
    ...overrides,
  };
}

export function allGates(overrides: Partial<Gates> = {}): Gates {
  return {
    beforeLaunch: false,
    applicationsOpen: true,
    afterTeamLeaderDeadline: false,
    teamLeaderApplicationsOpen: true,
    afterApplicationDeadline: false,
    referencesOpen: false,
    afterReferencesDeadline: false,
    afterJuryRelease: false,
    afterJuryDeadline: false,
    juryOpen: false,
    afterDecisions: false,
    afterConfirmationDeadline: false,
    schedulesOut: false,
    ...overrides,
  };
}

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
    ...overrides,
  };
}
