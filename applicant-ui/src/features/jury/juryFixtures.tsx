import { screen, within } from '@testing-library/react';
import { type Timeline, timelineFor } from '@svp/domain';
import type { JuryItem } from '../../api/types';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import JuryListPage from './JuryListPage';

// Test data, queries and the jury list's opening shared by the jury tests (not loaded by the app). Tests mock the
// session and settings modules with applicant-ui/src/test/kit/fakeContexts.tsx.

const DAY = 86_400_000;

/** Noon on 1 February 2026 in the zone the tests run in. */
export const NOW = new Date(2026, 1, 1, 12, 0).getTime();

export type JuryPhase = 'open' | 'beforeRelease' | 'afterDeadline';

/**
 * A timeline whose jury deadline is 3 February 2026 22:00 local time,
 * the jury having opened a day before NOW, unless `phase` says otherwise.
 */
export function juryTimeline(phase: JuryPhase = 'open'): Timeline {
  // Local time when called: a test may have moved the zone (TZ) since NOW was read.
  const deadline = new Date(2026, 1, 3, 22, 0).getTime();
  return timelineFor('jury', NOW, {
    juryReleaseDate: phase === 'beforeRelease' ? 0.5 : -1,
    juryDeadline: phase === 'afterDeadline' ? -0.5 : (deadline - NOW) / DAY,
  });
}

/** The opaque ids of the three items of threeItems(), as the server makes them: 22 base64url characters, never a user id. */
export const ITEM_IDS = { 101: 'u7Qm-2xKp_9LrT4vWb0aZc', 102: 'Hc3_Nf8sYd-1GqE6jVm2Lo', 103: 'a9Zr0-Kw_Tb5XePn3JyU7s' } as const;

/** Which applicant (101, 102, 103) an id stands for in the essays' text. */
const applicantOf = (id: string) => Object.entries(ITEM_IDS).find(([, itemId]) => itemId === id)?.[0] ?? id;

export function juryItem(studentVolunteerId: string, score: Partial<JuryItem> = {}): JuryItem {
  return {
    student_volunteer_id: studentVolunteerId,
    score_id: null,
    essay1: null,
    essay2: null,
    essay3: null,
    overall: null,
    red_flag: null,
    ...score,
  };
}

/** Three assignments: the first scored, the other two not. */
export function threeItems(): JuryItem[] {
  return [
    juryItem(ITEM_IDS[101], { score_id: 11, essay1: 4, essay2: 3, essay3: 5, overall: 1, red_flag: 0 }),
    juryItem(ITEM_IDS[102]),
    juryItem(ITEM_IDS[103]),
  ];
}

export const essaysOf = (studentVolunteerId: string) => ({
  student_volunteer_id: studentVolunteerId,
  data: {
    essay1: `Essay one of applicant ${applicantOf(studentVolunteerId)}.`,
    essay2: `Essay two of applicant ${applicantOf(studentVolunteerId)}.`,
    essay3: `Essay three of applicant ${applicantOf(studentVolunteerId)}.`,
  },
});

/** The list's button for 'Application {n}'. */
export const listItem = (n: number) => screen.getByRole('button', { name: new RegExp(`^Application ${n}\\b`) });

/** The titles of the items the list shows now. */
export const shownItems = () =>
  within(screen.getByRole('list', { name: 'Assigned applications' }))
    .getAllByRole('button')
    .map((button) => button.textContent!.match(/^Application \d+/)![0]);

/** The jury list at its address, for a team leader unless `isTeamLeader` is false. */
export const renderJuryList = ({ isTeamLeader = true, phase = 'open' as JuryPhase } = {}) =>
  renderPage(<JuryListPage />, { path: '/jury/view', settings: publicSettings(juryTimeline(phase), NOW), isTeamLeader });
