import {
  type EditionSettings,
  type Gates,
  STATUS_CATALOGUES,
  type Timeline,
  type TimelineOffsets,
  conferenceYear,
  defaultSettings,
  gates,
  timelineFor,
} from '@svp/domain';
import type { PublicSettings } from '../../api/types';

// The applicant-ui test kit: the edition and the public settings the screens are tested on (not loaded by the app).

/**
 * The edition the UI tests run on: the earlier portal's 2025 week, deliberately not the product's default
 * edition, so that every date, year or address a screen shows must come from the settings it is given.
 */
export const TEST_EDITION: Pick<EditionSettings, 'conference' | 'resultTexts' | 'mailingListUrl' | 'programmeUrl'> = {
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
  mailingListUrl: 'https://lists.example.org/sv',
  programmeUrl: 'https://s2025.siggraph.org/program/student-volunteers/',
};

/** GET /api/settings as the server answers it at `now` (gates on that clock), for the test edition. */
export function publicSettings(timeline: Timeline, now: number = Date.now(), overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    now: new Date(now).toISOString(),
    timeline,
    gates: gates(timeline, new Date(now)),
    conference: TEST_EDITION.conference,
    swapsEnabled: false,
    statusCatalogue: 'A',
    statusLabels: STATUS_CATALOGUES.A.map(({ id, label, state, tag }) => ({ id, label, state, tag })),
    contactEmail: 'sv@example.org',
    mailingListUrl: TEST_EDITION.mailingListUrl,
    retention: defaultSettings().retention,
    programmeUrl: TEST_EDITION.programmeUrl,
    resultTexts: TEST_EDITION.resultTexts,
    edition: { id: 1, key: String(conferenceYear(TEST_EDITION.conference)), name: TEST_EDITION.conference.name },
    ...overrides,
  };
}

/** The clock a page test runs on unless it pins its own: mid-January 2026, applications open. */
export const NOW = Date.parse('2026-01-15T12:00:00Z');

/** The settings at NOW of an edition taking applications; `moved` places single dates elsewhere (days from NOW). */
export function openSettings(moved: Partial<TimelineOffsets> = {}): PublicSettings {
  return publicSettings(timelineFor('open', NOW, moved), NOW);
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
