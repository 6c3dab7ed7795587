import type { EditionSettings } from '@svp/domain';

/**
 * The texts that say when results arrive, as Settings and the next edition's form name them, with
 * where each shows and the month it must name (domain/src/result-texts.ts checks them against the dates).
 */
export const RESULT_TEXTS: { source: keyof EditionSettings['resultTexts']; label: string; helper: string }[] = [
  {
    source: 'teamLeaderResults',
    label: 'Team leader results',
    helper: "Dashboard and FAQ, e.g. 'mid-February 2027': a month from the team leader deadline to the release of decisions",
  },
  {
    source: 'studentVolunteerResults',
    label: 'Student volunteer results',
    helper: "Dashboard and FAQ, e.g. 'late May 2027': the month decisions are released",
  },
  {
    source: 'thankYouTeamLeaderResults',
    label: 'Thank-you page: team leader results',
    helper: 'Shown after a team leader application is submitted, e.g. February 2027',
  },
  {
    source: 'thankYouStudentVolunteerResults',
    label: 'Thank-you page: student volunteer results',
    helper: 'Shown after an application is submitted: the month decisions are released',
  },
  {
    source: 'confirmBy',
    label: 'Confirm by',
    helper: "FAQ: when offered volunteers must confirm, e.g. 'late June': the confirmation deadline's month",
  },
];
