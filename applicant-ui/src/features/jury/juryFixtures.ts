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

export function juryItem(studentVolunteerId: number, score: Partial<JuryItem> = {}): JuryItem {
  return { student_volunteer_id: studentVolunteerId, score_id: null, essay1: null, essay2: null, essay3: null, overall: null, red_flag: null, ...score };
}

/** Three assignments: the first scored, the other two not. */
export function threeItems(): JuryItem[] {
  return [juryItem(101, { score_id: 11, essay1: 4, essay2: 3, essay3: 5, overall: 1, red_flag: 0 }), juryItem(102), juryItem(103)];
}

export const essaysOf = (studentVolunteerId: number) => ({
  student_volunteer_id: studentVolunteerId,
  data: {
    essay1: `Essay one of applicant ${studentVolunteerId}.`,
    essay2: `Essay two of applicant ${studentVolunteerId}.`,
    essay3: `Essay three of applicant ${studentVolunteerId}.`,
  },
});
