import type { ApplicationData } from '../contract/applications.js';
import { type ApplicationField, type ApplicationYears, validateApplicationData } from './application.js';

/**
 * What a returning applicant's new application starts with from their latest earlier one, for them
 * to check (docs/decisions.md, 'Editions'): their school, graduation, referees and SIGGRAPH experience.
 * 'This is my first conference' is not carried: it is no longer true a year later. Essays, team-leader
 * and financial-aid answers and the agreements are written afresh each year.
 */
export const CARRIED_OVER_FIELDS = [
  'schoolName',
  'schoolCity',
  'schoolState',
  'schoolCountry',
  'expectedGraduationMonth',
  'expectedGraduationYear',
  'firstReferenceType',
  'firstReferenceFirstName',
  'firstReferenceLastName',
  'firstReferenceEmail',
  'secondReferenceType',
  'secondReferenceFirstName',
  'secondReferenceLastName',
  'secondReferenceEmail',
  'haveAttended',
  'haveVolunteered',
  'yearsVolunteered',
  'haveAttendedAsia',
  'haveVolunteeredAsia',
  'yearsVolunteeredAsia',
] as const satisfies readonly ApplicationField[];

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/**
 * A new application's answers with last year's filled in where the new ones are empty: each carried
 * answer must still be a valid answer this edition (a graduation year this edition no longer offers is
 * left for the applicant to give). Graduation month and year go together. Answers `carried`, the
 * fields filled in.
 */
export function carryOverAnswers(
  previous: Partial<ApplicationData>,
  fresh: Partial<ApplicationData>,
  years: ApplicationYears,
): { data: Partial<ApplicationData>; carried: (typeof CARRIED_OVER_FIELDS)[number][] } {
  const data: Record<string, unknown> = { ...fresh };
  const carried: (typeof CARRIED_OVER_FIELDS)[number][] = [];
  const graduationValid =
    !isEmpty(previous.expectedGraduationYear) &&
    !validateApplicationData({ expectedGraduationYear: previous.expectedGraduationYear }, years).length;
  for (const field of CARRIED_OVER_FIELDS) {
    const value = previous[field];
    if (isEmpty(value) || !isEmpty(fresh[field])) continue;
    if ((field === 'expectedGraduationMonth' || field === 'expectedGraduationYear') && !graduationValid) continue;
    if (validateApplicationData({ [field]: value }, years).length) continue;
    data[field] = Array.isArray(value) ? [...value] : value;
    carried.push(field);
  }
  // Ticked experience and 'first conference' exclude each other: a fresh form's first-conference box goes once any is carried.
  if (carried.some((field) => field.startsWith('have')) && data.haveNotAttended === true) data.haveNotAttended = false;
  return { data: data as Partial<ApplicationData>, carried };
}
