import type { EditionSettings } from '@svp/domain';

/** The texts of the results and thank-you pages, as Settings names them. */
export const RESULT_TEXTS: { source: keyof EditionSettings['resultTexts']; label: string; helper: string }[] = [
  { source: 'teamLeaderResults', label: 'Team leader results', helper: "When team leader applicants hear back, e.g. 'mid-February 2025'" },
  {
    source: 'studentVolunteerResults',
    label: 'Student volunteer results',
    helper: "When student volunteer applicants hear back, e.g. 'late April 2025'",
  },
  {
    source: 'thankYouTeamLeaderResults',
    label: 'Thank-you page: team leader results',
    helper: 'Shown after a team leader application is submitted',
  },
  {
    source: 'thankYouStudentVolunteerResults',
    label: 'Thank-you page: student volunteer results',
    helper: 'Shown after an application is submitted',
  },
  { source: 'confirmBy', label: 'Confirm by', helper: 'When offered volunteers must confirm' },
];
