import { describe, expect, it } from '@jest/globals';
import type { ApplicationData } from '../contract/applications.js';
import { emptyApplicationData } from '../rules/application.js';
import { emptyConfirmationForm } from '../rules/confirmation.js';
import { defaultSettings } from '../settings.js';
import {
  DEFAULT_RETENTION,
  ERASED_NAME,
  MAX_RETENTION_DAYS,
  POLICY_DOCUMENTS,
  POLICY_VERSIONS,
  REMOVED_TEXT,
  RETENTION_KINDS,
  editionEndsAt,
  erasedApplicationData,
  erasedConfirmation,
  erasedEmail,
  isErasedEmail,
  jsonWithoutPerson,
  retentionDueAt,
  retentionPeriodText,
  retentionProblems,
  retentionSchedule,
  withoutPerson,
} from './index.js';

const conference = defaultSettings().conference;

const completeApplicationForTests = (): ApplicationData => ({
  ...emptyApplicationData(),
  schoolName: 'Analytical Engine College',
  schoolCity: 'London',
  schoolCountry: 'GB',
  expectedGraduationMonth: 6,
  expectedGraduationYear: 2027,
  haveVolunteered: true,
  yearsVolunteered: [2025],
  firstReferenceType: 'professor',
  firstReferenceFirstName: 'Charles',
  firstReferenceLastName: 'Babbage',
  firstReferenceEmail: 'charles@example.edu',
  secondReferenceType: 'advisor',
  essay1: 'I would like to help with the Art Gallery.',
  financialSituation: ['student'],
  primaryTransport: 'plane',
  airportCode: 'LHR',
  acceptedTerms: true,
  acceptedMediaRelease: true,
  acceptedPrivacy: true,
});

describe('retention', () => {
  it('keeps every kind a valid number of days by default, and the settings start from them', () => {
    expect(retentionProblems(DEFAULT_RETENTION)).toEqual([]);
    expect(defaultSettings().retention).toEqual(DEFAULT_RETENTION);
    expect(Object.keys(DEFAULT_RETENTION).sort()).toEqual([...RETENTION_KINDS].sort());
  });

  it('counts from the midnight ending the conference’s last day, in its time zone', () => {
    // The default conference ends on Thursday 13 August 2026 in Los Angeles (UTC-7 in summer).
    expect(editionEndsAt(conference).toISOString()).toBe('2026-08-14T07:00:00.000Z');
    expect(retentionDueAt(conference, 0).toISOString()).toBe('2026-08-14T07:00:00.000Z');
    expect(retentionDueAt(conference, 14).toISOString()).toBe('2026-08-28T07:00:00.000Z');
    expect(retentionDueAt(conference, 400).toISOString()).toBe('2027-09-18T07:00:00.000Z');
  });

  it('lists the kinds earliest first, in the catalogue’s order on the same day', () => {
    const schedule = retentionSchedule(conference, { ...DEFAULT_RETENTION, phones: 30 });
    expect(schedule.map((row) => row.kind)).toEqual(['health', 'proofs', 'passports', 'phones', 'refereeStatements', 'performanceNotes']);
    expect(schedule[0]).toEqual({ kind: 'health', days: 14, dueAt: new Date('2026-08-28T07:00:00.000Z') });
  });

  it('refuses a period that is not a whole number of days from 0 to ten years, naming the kind', () => {
    const problems = retentionProblems({ ...DEFAULT_RETENTION, proofs: -1, health: 1.5, phones: MAX_RETENTION_DAYS + 1, passports: '30' });
    expect(problems.map((p) => p.field)).toEqual(['proofs', 'passports', 'health', 'phones']);
    expect(problems[0]!.message).toBe('Proofs of enrollment must be kept a whole number of days from 0 to 3650.');
    expect(retentionProblems({ ...DEFAULT_RETENTION, proofs: 0, phones: MAX_RETENTION_DAYS })).toEqual([]);
  });

  it('says a period in words', () => {
    expect(retentionPeriodText(0)).toBe('until the edition ends');
    expect(retentionPeriodText(1)).toBe('1 day after the edition ends');
    expect(retentionPeriodText(30)).toBe('30 days after the edition ends');
  });
});

describe('consents', () => {
  it('give every document a version', () => {
    for (const document of POLICY_DOCUMENTS) expect(POLICY_VERSIONS[document]).toMatch(/\S/);
  });
});

describe('erasure', () => {
  it('gives the account an address that can receive nothing, told apart from any other', () => {
    expect(erasedEmail(42)).toBe('erased-42@erased.invalid');
    expect(isErasedEmail('erased-42@erased.invalid')).toBe(true);
    expect(isErasedEmail('erased-42@example.org')).toBe(false);
  });

  it('keeps only the answers that identify nobody', () => {
    const data = completeApplicationForTests();
    const erased = erasedApplicationData({ ...data, referenceEmail: 'legacy@example.org' } as never);
    expect(erased).toEqual({
      proofOfEnrollment: null,
      schoolCountry: data.schoolCountry,
      expectedGraduationMonth: data.expectedGraduationMonth,
      expectedGraduationYear: data.expectedGraduationYear,
      haveNotAttended: data.haveNotAttended,
      haveAttended: data.haveAttended,
      haveVolunteered: data.haveVolunteered,
      yearsVolunteered: data.yearsVolunteered,
      haveAttendedAsia: data.haveAttendedAsia,
      haveVolunteeredAsia: data.haveVolunteeredAsia,
      yearsVolunteeredAsia: data.yearsVolunteeredAsia,
      firstReferenceType: data.firstReferenceType,
      secondReferenceType: data.secondReferenceType,
      financialSituation: data.financialSituation,
      primaryTransport: data.primaryTransport,
      fundedTravel: data.fundedTravel,
      acceptedTerms: true,
      acceptedMediaRelease: true,
      acceptedPrivacy: true,
    });
    const text = JSON.stringify(erased);
    for (const written of [data.essay1, data.schoolName, data.firstReferenceEmail, data.firstReferenceLastName, 'legacy@example.org'])
      expect(text).not.toContain(written);
    expect(erasedApplicationData(null)).toEqual({ proofOfEnrollment: null });
  });

  it('keeps the confirmation’s choices and counts what was written, without the words', () => {
    const form = { ...emptyConfirmationForm(), passportStatus: 'valid', diet: true, dietRestrictions: 'No nuts', additionalInfo: '  ' };
    expect(erasedConfirmation(form)).toEqual({ ...form, dietRestrictions: REMOVED_TEXT, additionalInfo: '' });
    expect(erasedConfirmation(null)).toBeNull();
  });

  it('takes the person out of an organiser’s text, whatever the case', () => {
    const person = { email: 'ada@example.edu', firstName: 'Ada', lastName: 'Lovelace', nickname: null };
    expect(withoutPerson('Ada LOVELACE (ada@Example.edu) asked by phone', person)).toBe(
      `${ERASED_NAME.firstName} ${ERASED_NAME.lastName} (${ERASED_NAME.firstName} ${ERASED_NAME.lastName}) asked by phone`,
    );
    expect(withoutPerson('Asked by letter', person)).toBe('Asked by letter');
    // Whole words only: another word holding the name stays as it is.
    expect(withoutPerson('Ada moved from Canada', person)).toBe('Erased person moved from Canada');
    expect(jsonWithoutPerson({ note: 'Ada was late', n: 3, list: ['ada@example.edu'] }, person)).toEqual({
      note: 'Erased person was late',
      n: 3,
      list: ['Erased person'],
    });
  });
});
