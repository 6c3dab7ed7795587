import type { Timeline } from '@svp/domain';
import type { JuryItem } from '../../api/types';

// Test data shared by the jury tests (not loaded by the app).

const DAY = 86_400_000;

/** Noon on 1 February 2026 in the zone the tests run in. */
export const NOW = new Date(2026, 1, 1, 12, 0).getTime();

/** A timeline whose jury deadline is 3 February 2026 22:00 local time; the jury opened a day before NOW unless `phase` says otherwise. */
export function juryTimeline(phase: 'open' | 'beforeRelease' | 'afterDeadline' = 'open'): Timeline {
  const at = (ms: number) => new Date(ms).toISOString();
  const deadline = new Date(2026, 1, 3, 22, 0).getTime();
  const release = phase === 'beforeRelease' ? NOW + DAY / 2 : NOW - DAY;
  return {
    applicationLaunchDate: at(NOW - 60 * DAY),
    teamLeaderEndDate: at(NOW - 40 * DAY),
    applicationEndDate: at(NOW - 30 * DAY),
    referencesDeadline: at(NOW - 3 * DAY),
    juryReleaseDate: at(release),
    juryDeadline: at(phase === 'afterDeadline' ? NOW - DAY / 2 : deadline),
    acceptanceDate: at(NOW + 10 * DAY),
    confirmationDeadline: at(NOW + 20 * DAY),
    schedulesReleaseDate: at(NOW + 30 * DAY),
  };
}

/** The opaque ids of the three items of threeItems(), as the server makes them: 22 base64url characters, never a user id. */
export const ITEM_IDS = { 101: 'u7Qm-2xKp_9LrT4vWb0aZc', 102: 'Hc3_Nf8sYd-1GqE6jVm2Lo', 103: 'a9Zr0-Kw_Tb5XePn3JyU7s' } as const;

/** Which applicant (101, 102, 103) an id stands for in the essays' text. */
const applicantOf = (id: string) => Object.entries(ITEM_IDS).find(([, itemId]) => itemId === id)?.[0] ?? id;

export function juryItem(studentVolunteerId: string, score: Partial<JuryItem> = {}): JuryItem {
  return { student_volunteer_id: studentVolunteerId, score_id: null, essay1: null, essay2: null, essay3: null, overall: null, red_flag: null, ...score };
}

/** Three assignments: the first scored, the other two not. */
export function threeItems(): JuryItem[] {
  return [juryItem(ITEM_IDS[101], { score_id: 11, essay1: 4, essay2: 3, essay3: 5, overall: 1, red_flag: 0 }), juryItem(ITEM_IDS[102]), juryItem(ITEM_IDS[103])];
}

export const essaysOf = (studentVolunteerId: string) => ({
  student_volunteer_id: studentVolunteerId,
  data: {
    essay1: `Essay one of applicant ${applicantOf(studentVolunteerId)}.`,
    essay2: `Essay two of applicant ${applicantOf(studentVolunteerId)}.`,
    essay3: `Essay three of applicant ${applicantOf(studentVolunteerId)}.`,
  },
});
