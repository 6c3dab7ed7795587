import { describe, expect, it } from '@jest/globals';
import { emptyApplicationData } from './application.js';
import { CARRIED_OVER_FIELDS, carryOverAnswers } from './carry-over.js';

const lastYear = {
  ...emptyApplicationData(),
  schoolName: 'Emily Carr University',
  schoolCity: 'Vancouver',
  schoolState: 'BC',
  schoolCountry: 'CA',
  expectedGraduationMonth: 5,
  expectedGraduationYear: 2028,
  firstReferenceType: 'professor',
  firstReferenceFirstName: 'Pat',
  firstReferenceLastName: 'Prof',
  firstReferenceEmail: 'pat@example.edu',
  secondReferenceType: 'supervisor',
  secondReferenceFirstName: 'Sam',
  secondReferenceLastName: 'Boss',
  secondReferenceEmail: 'sam@example.com',
  haveNotAttended: true,
  haveVolunteered: true,
  yearsVolunteered: [2025],
  essay1: 'Last year’s essay.',
  acceptedTerms: true,
};
const years2027 = { graduation: [2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033], volunteered: [2026, 2025, 2024] };

describe('carryOverAnswers', () => {
  it('fills in school, graduation, referees and experience; never essays, agreements or a first conference', () => {
    const { data, carried } = carryOverAnswers(lastYear, emptyApplicationData(), years2027);
    expect(data).toMatchObject({
      schoolName: 'Emily Carr University',
      expectedGraduationYear: 2028,
      firstReferenceEmail: 'pat@example.edu',
      secondReferenceType: 'supervisor',
      haveVolunteered: true,
      yearsVolunteered: [2025],
      haveNotAttended: false,
      essay1: '',
      acceptedTerms: false,
    });
    expect(carried).toEqual(
      CARRIED_OVER_FIELDS.filter((f) => !['haveAttended', 'haveAttendedAsia', 'haveVolunteeredAsia', 'yearsVolunteeredAsia'].includes(f)),
    );
  });

  it('keeps what the new application already says, and leaves out a graduation this edition no longer offers', () => {
    const fresh = { ...emptyApplicationData(), schoolName: 'UBC' };
    const { data, carried } = carryOverAnswers({ ...lastYear, expectedGraduationYear: 2025 }, fresh, years2027);
    expect(data.schoolName).toBe('UBC');
    expect(data.expectedGraduationYear).toBeNull();
    expect(data.expectedGraduationMonth).toBeNull();
    expect(carried).not.toContain('schoolName');
    expect(carried).not.toContain('expectedGraduationMonth');
  });

  it('carries nothing from an empty application', () => {
    expect(carryOverAnswers(emptyApplicationData(), emptyApplicationData(), years2027).carried).toEqual([]);
  });
});
