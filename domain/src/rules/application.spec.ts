import { describe, expect, it } from '@jest/globals';
import { FINANCIAL_SITUATIONS, REFERENCE_TYPES, TRANSPORTS, graduationYears } from '../options/lists.js';
import { previousVolunteerYears } from '../edition.js';
import {
  type ApplicationData,
  type ApplicationField,
  type ApplicationFlags,
  type RequirementKey,
  APPLICATION_LABELS,
  APPLICATION_SHORT_TEXT_LIMIT,
  APPLICATION_TEXT_LIMIT,
  LEGACY_APPLICATION_FIELDS,
  MAX_TRAVEL_COST,
  WORD_LIMITS,
  applicationProblems,
  applicationProgress,
  canApplyAsTeamLeader,
  emptyApplicationData,
  experienceLocks,
  isApplicationComplete,
  APPLICATION_SECTIONS,
  requiredFields,
  validateApplicationData,
} from './application.js';

const NO_FLAGS: ApplicationFlags = { teamLeader: false, financialAid: false };
const TEAM_LEADER: ApplicationFlags = { teamLeader: true, financialAid: false };
const FINANCIAL_AID: ApplicationFlags = { teamLeader: false, financialAid: true };
const BOTH: ApplicationFlags = { teamLeader: true, financialAid: true };

/** The years a 2025 edition offers. */
const YEARS = { graduation: graduationYears(2025), volunteered: previousVolunteerYears({ startDate: '2025-08-09' }) };
const PREVIOUS_SV_YEARS = YEARS.volunteered;

/** `n` distinct words separated by single spaces. */
const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

/**
 * A complete application for a student with no flags: one experience box (attended North America),
 * no volunteering, optional answers left empty, financial and team-leader answers left empty.
 */
function completeApplication(overrides: Partial<ApplicationData> = {}): ApplicationData {
  return {
    ...emptyApplicationData(),
    proofOfEnrollment: { name: 'enrollment.pdf', size: 12_345, type: 'application/pdf' },
    schoolName: 'University of British Columbia',
    schoolCity: 'Vancouver',
    schoolState: 'BC',
    schoolCountry: 'CA',
    expectedGraduationMonth: 5,
    expectedGraduationYear: 2026,
    haveAttended: true,
    firstReferenceType: 'professor',
    firstReferenceFirstName: 'Grace',
    firstReferenceLastName: 'Hopper',
    firstReferenceEmail: 'grace@example.edu',
    secondReferenceType: 'supervisor',
    secondReferenceFirstName: 'Alan',
    secondReferenceLastName: 'Turing',
    secondReferenceEmail: 'alan@example.com',
    essay1: 'I love computer graphics.',
    essay2: 'I grew up in three countries.',
    essay3: 'We talked it through.',
    acceptedTerms: true,
    acceptedMediaRelease: true,
    acceptedPrivacy: true,
    ...overrides,
  };
}

/** The financial-aid answers of a student travelling by car. */
const FINANCIAL_ANSWERS: Partial<ApplicationData> = {
  financialAidSummary: 'I cannot afford the trip on my own.',
  financialAidExpenses: 'Gas 200, hotel 600',
  estimatedTravelCost: 800,
  primaryTransport: 'car',
};

/** Every answer a team-leader, financial-aid, plane-travelling, twice-volunteering applicant gives. */
function fullApplication(overrides: Partial<ApplicationData> = {}): ApplicationData {
  return completeApplication({
    ...FINANCIAL_ANSWERS,
    haveVolunteered: true,
    yearsVolunteered: [2023, 2024],
    haveAttendedAsia: true,
    haveVolunteeredAsia: true,
    yearsVolunteeredAsia: [2022],
    teamLeaderEssay1: 'I want to lead.',
    teamLeaderEssay2: 'I led a team of five.',
    otherComments: 'Thanks!',
    financialSituation: ['internationalStudent', 'working'],
    estimatedTravelCost: 1234.56,
    primaryTransport: 'plane',
    airportCode: 'YVR',
    fundedTravel: true,
    ...overrides,
  });
}

const missing = (data: Partial<ApplicationData>, flags: ApplicationFlags = NO_FLAGS) => applicationProblems(data, flags).missing;
const overLimit = (data: Partial<ApplicationData>, flags: ApplicationFlags = NO_FLAGS) => applicationProblems(data, flags).overLimit;
/** The save checks; the application interfaces have no index signature, hence the cast. */
const validate = (data: object, years = YEARS) => validateApplicationData(data as Record<string, unknown>, years);
const errorFields = (data: object) => validate(data).map((e) => e.field);

describe('application completeness', () => {
  it('is complete with every required answer and no flags', () => {
    expect(applicationProblems(completeApplication(), NO_FLAGS)).toEqual({ missing: [], overLimit: [] });
    expect(isApplicationComplete(completeApplication(), NO_FLAGS)).toBe(true);
  });

  it('is complete with every answer of a team-leader, financial-aid, plane-travelling applicant', () => {
    expect(applicationProblems(fullApplication(), BOTH)).toEqual({ missing: [], overLimit: [] });
    expect(isApplicationComplete(fullApplication(), BOTH)).toBe(true);
  });

  it('does not need the optional answers: attended/volunteered boxes, comments, funded travel, financial situation', () => {
    const data = completeApplication({
      haveAttended: false,
      haveNotAttended: true,
      otherComments: '',
      fundedTravel: false,
      financialSituation: [],
    });
    expect(missing(data)).toEqual([]);
    expect(missing({ ...data, ...FINANCIAL_ANSWERS }, FINANCIAL_AID)).toEqual([]);
    expect(isApplicationComplete({ ...data, ...FINANCIAL_ANSWERS }, FINANCIAL_AID)).toBe(true);
  });

  const alwaysRequired: [ApplicationField, unknown][] = [
    ['schoolName', ''],
    ['schoolCity', '   '],
    ['schoolState', ''],
    ['schoolCountry', ''],
    ['expectedGraduationMonth', null],
    ['expectedGraduationYear', null],
    ['proofOfEnrollment', null],
    ['firstReferenceType', ''],
    ['firstReferenceFirstName', ''],
    ['firstReferenceLastName', ''],
    ['firstReferenceEmail', ''],
    ['secondReferenceType', ''],
    ['secondReferenceFirstName', ''],
    ['secondReferenceLastName', ''],
    ['secondReferenceEmail', '\n\t'],
    ['essay1', ''],
    ['essay2', '  '],
    ['essay3', ''],
  ];
  it.each(alwaysRequired)('requires %s (empty value %j)', (field, empty) => {
    const data = completeApplication({ [field]: empty } as Partial<ApplicationData>);
    expect(missing(data)).toEqual([field]);
    expect(isApplicationComplete(data, NO_FLAGS)).toBe(false);
  });

  it.each(alwaysRequired.map(([field]) => field))('counts %s as missing when the key is absent altogether', (field) => {
    const data: Partial<ApplicationData> = completeApplication();
    delete data[field];
    expect(missing(data)).toEqual([field]);
  });

  it('requires proof of enrollment whatever the flags', () => {
    for (const flags of [NO_FLAGS, TEAM_LEADER, FINANCIAL_AID, BOTH]) {
      expect(missing(fullApplication({ proofOfEnrollment: null }), flags)).toEqual(['proofOfEnrollment']);
    }
  });

  it('does not check the format of reference emails', () => {
    expect(missing(completeApplication({ firstReferenceEmail: 'not an email', secondReferenceEmail: 'x' }))).toEqual([]);
    expect(validate(completeApplication({ firstReferenceEmail: 'not an email', secondReferenceEmail: 'x' }), YEARS)).toEqual([]);
  });

  describe('SIGGRAPH experience', () => {
    it('needs at least one experience box', () => {
      expect(missing(completeApplication({ haveAttended: false }))).toEqual(['siggraphExperience']);
    });

    it.each([
      ['haveNotAttended', {}],
      ['haveAttended', {}],
      ['haveVolunteered', { yearsVolunteered: [2024] }],
      ['haveAttendedAsia', {}],
      ['haveVolunteeredAsia', { yearsVolunteeredAsia: [2024] }],
    ] as [ApplicationField, Partial<ApplicationData>][])('is satisfied by %s alone', (flag, extra) => {
      expect(missing(completeApplication({ haveAttended: false, [flag]: true, ...extra }))).toEqual([]);
    });

    it('is named siggraphExperience in the required list, after the references', () => {
      const required = requiredFields(completeApplication(), NO_FLAGS);
      expect(required).toContain('siggraphExperience');
      expect(required.indexOf('siggraphExperience')).toBe(required.indexOf('secondReferenceEmail') + 1);
      for (const flag of ['haveNotAttended', 'haveAttended', 'haveVolunteered', 'haveAttendedAsia', 'haveVolunteeredAsia'] as const) {
        expect(required).not.toContain(flag);
      }
    });
  });

  describe('years volunteered', () => {
    it('needs the North America years when the North America volunteer box is ticked', () => {
      expect(missing(completeApplication({ haveVolunteered: true, yearsVolunteered: [] }))).toEqual(['yearsVolunteered']);
      expect(missing(completeApplication({ haveVolunteered: true, yearsVolunteered: [2019] }))).toEqual([]);
    });

    it('does not need the North America years when that box is not ticked', () => {
      expect(missing(completeApplication({ haveVolunteered: false, yearsVolunteered: [] }))).toEqual([]);
      expect(requiredFields(completeApplication(), NO_FLAGS)).not.toContain('yearsVolunteered');
    });

    it('needs the Asia years when the Asia volunteer box is ticked', () => {
      expect(missing(completeApplication({ haveVolunteeredAsia: true, yearsVolunteeredAsia: [] }))).toEqual(['yearsVolunteeredAsia']);
      expect(missing(completeApplication({ haveVolunteeredAsia: true, yearsVolunteeredAsia: [2018] }))).toEqual([]);
    });

    it('does not need the Asia years when that box is not ticked', () => {
      expect(missing(completeApplication({ haveVolunteeredAsia: false, yearsVolunteeredAsia: [] }))).toEqual([]);
      expect(requiredFields(completeApplication(), NO_FLAGS)).not.toContain('yearsVolunteeredAsia');
    });

    it('keeps North America and Asia apart: years of one region do not answer the other', () => {
      expect(missing(completeApplication({ haveVolunteeredAsia: true, yearsVolunteered: [2020], yearsVolunteeredAsia: [] }))).toEqual([
        'yearsVolunteeredAsia',
      ]);
      expect(missing(completeApplication({ haveVolunteered: true, yearsVolunteered: [], yearsVolunteeredAsia: [2020] }))).toEqual([
        'yearsVolunteered',
      ]);
      expect(
        missing(completeApplication({ haveVolunteered: true, haveVolunteeredAsia: true, yearsVolunteered: [], yearsVolunteeredAsia: [] })),
      ).toEqual(['yearsVolunteered', 'yearsVolunteeredAsia']);
    });

    it('does not need years for the attended boxes', () => {
      expect(missing(completeApplication({ haveAttended: true, haveAttendedAsia: true }))).toEqual([]);
    });
  });

  describe('team-leader essays', () => {
    it('needs both team-leader essays from a team-leader applicant', () => {
      expect(missing(completeApplication(), TEAM_LEADER)).toEqual(['teamLeaderEssay1', 'teamLeaderEssay2']);
      expect(missing(completeApplication({ teamLeaderEssay1: 'Yes.' }), TEAM_LEADER)).toEqual(['teamLeaderEssay2']);
      expect(missing(completeApplication({ teamLeaderEssay2: 'Yes.' }), TEAM_LEADER)).toEqual(['teamLeaderEssay1']);
      expect(missing(completeApplication({ teamLeaderEssay1: 'Yes.', teamLeaderEssay2: 'Yes.' }), TEAM_LEADER)).toEqual([]);
    });

    it('does not need them from other applicants', () => {
      expect(missing(completeApplication(), NO_FLAGS)).toEqual([]);
      expect(requiredFields(completeApplication(), FINANCIAL_AID)).not.toContain('teamLeaderEssay1');
      expect(requiredFields(completeApplication(), FINANCIAL_AID)).not.toContain('teamLeaderEssay2');
    });
  });

  describe('financial aid', () => {
    it('needs summary, expenses, travel cost and transport from a financial-aid applicant', () => {
      expect(missing(completeApplication(), FINANCIAL_AID)).toEqual([
        'financialAidSummary',
        'financialAidExpenses',
        'estimatedTravelCost',
        'primaryTransport',
      ]);
      expect(missing(completeApplication(FINANCIAL_ANSWERS), FINANCIAL_AID)).toEqual([]);
    });

    it.each([
      ['financialAidSummary', ''],
      ['financialAidExpenses', ' '],
      ['estimatedTravelCost', null],
      ['primaryTransport', ''],
    ] as [ApplicationField, unknown][])('needs %s on its own', (field, empty) => {
      expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, [field]: empty }), FINANCIAL_AID)).toEqual([field]);
    });

    it('accepts a travel cost of 0 as an answer', () => {
      expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, estimatedTravelCost: 0 }), FINANCIAL_AID)).toEqual([]);
    });

    it('does not need the financial answers without financial aid', () => {
      expect(missing(completeApplication(), NO_FLAGS)).toEqual([]);
      expect(missing(completeApplication({ primaryTransport: 'plane', airportCode: '' }), TEAM_LEADER)).toEqual([
        'teamLeaderEssay1',
        'teamLeaderEssay2',
      ]);
      const required = requiredFields(completeApplication({ primaryTransport: 'other' }), NO_FLAGS);
      for (const field of [
        'financialAidSummary',
        'financialAidExpenses',
        'estimatedTravelCost',
        'primaryTransport',
        'airportCode',
        'otherTransport',
      ]) {
        expect(required).not.toContain(field);
      }
    });

    it('needs the airport code when travelling by plane', () => {
      expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'plane' }), FINANCIAL_AID)).toEqual(['airportCode']);
      expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'plane', airportCode: 'YVR' }), FINANCIAL_AID)).toEqual(
        [],
      );
    });

    it('does not need the airport code for other transports', () => {
      for (const primaryTransport of ['car', 'train'] as const) {
        expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport, airportCode: '' }), FINANCIAL_AID)).toEqual([]);
      }
      expect(requiredFields(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'other' }), FINANCIAL_AID)).not.toContain(
        'airportCode',
      );
    });

    it('needs the other-transport explanation when the transport is other', () => {
      expect(missing(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'other' }), FINANCIAL_AID)).toEqual(['otherTransport']);
      expect(
        missing(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'other', otherTransport: 'Bus' }), FINANCIAL_AID),
      ).toEqual([]);
    });

    it('does not need the other-transport explanation for the listed transports', () => {
      for (const primaryTransport of ['plane', 'car', 'train'] as const) {
        const data = completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport, airportCode: 'YVR', otherTransport: '' });
        expect(missing(data, FINANCIAL_AID)).toEqual([]);
      }
    });
  });

  describe('acceptances', () => {
    it.each(['acceptedTerms', 'acceptedMediaRelease', 'acceptedPrivacy'] as const)('needs %s to be accepted', (field) => {
      expect(missing(completeApplication({ [field]: false }))).toEqual([field]);
      expect(missing(completeApplication({ [field]: 'yes' as never }))).toEqual([field]);
      expect(missing(completeApplication({ [field]: true }))).toEqual([]);
    });
  });

  describe('order of the missing list', () => {
    it('lists everything an empty application misses, in the wizard order', () => {
      expect(missing(emptyApplicationData(), NO_FLAGS)).toEqual([
        'schoolName',
        'schoolCity',
        'schoolState',
        'schoolCountry',
        'expectedGraduationMonth',
        'expectedGraduationYear',
        'proofOfEnrollment',
        'firstReferenceType',
        'firstReferenceFirstName',
        'firstReferenceLastName',
        'firstReferenceEmail',
        'secondReferenceType',
        'secondReferenceFirstName',
        'secondReferenceLastName',
        'secondReferenceEmail',
        'siggraphExperience',
        'essay1',
        'essay2',
        'essay3',
        'acceptedTerms',
        'acceptedMediaRelease',
        'acceptedPrivacy',
      ]);
    });

    it('places the conditional requirements where the wizard asks them', () => {
      const data: ApplicationData = {
        ...emptyApplicationData(),
        haveVolunteered: true,
        haveVolunteeredAsia: true,
        primaryTransport: 'plane',
      };
      expect(missing(data, BOTH)).toEqual([
        'schoolName',
        'schoolCity',
        'schoolState',
        'schoolCountry',
        'expectedGraduationMonth',
        'expectedGraduationYear',
        'proofOfEnrollment',
        'firstReferenceType',
        'firstReferenceFirstName',
        'firstReferenceLastName',
        'firstReferenceEmail',
        'secondReferenceType',
        'secondReferenceFirstName',
        'secondReferenceLastName',
        'secondReferenceEmail',
        'yearsVolunteered',
        'yearsVolunteeredAsia',
        'essay1',
        'essay2',
        'essay3',
        'teamLeaderEssay1',
        'teamLeaderEssay2',
        'financialAidSummary',
        'financialAidExpenses',
        'estimatedTravelCost',
        'airportCode',
        'acceptedTerms',
        'acceptedMediaRelease',
        'acceptedPrivacy',
      ]);
      expect(missing({ ...emptyApplicationData(), primaryTransport: 'other' }, FINANCIAL_AID).slice(-7)).toEqual([
        'financialAidSummary',
        'financialAidExpenses',
        'estimatedTravelCost',
        'otherTransport',
        'acceptedTerms',
        'acceptedMediaRelease',
        'acceptedPrivacy',
      ]);
    });

    it('takes its order from the sections, where every answer of the application is asked exactly once', () => {
      const asked = APPLICATION_SECTIONS.flat();
      expect(new Set(asked).size).toBe(asked.length);
      expect([...asked].sort()).toEqual([...Object.keys(emptyApplicationData()), 'siggraphExperience'].sort());
    });

    it('keeps the wizard order for a few scattered gaps', () => {
      const data = completeApplication({
        acceptedPrivacy: false,
        essay2: '',
        schoolCity: '',
        haveAttended: false,
        secondReferenceType: '',
      });
      expect(missing(data)).toEqual(['schoolCity', 'secondReferenceType', 'siggraphExperience', 'essay2', 'acceptedPrivacy']);
    });
  });
});

describe('word limits', () => {
  it('sets 300 words for the essays and 100 for the financial-aid summary and comments', () => {
    expect(WORD_LIMITS).toEqual({
      essay1: 300,
      essay2: 300,
      essay3: 300,
      teamLeaderEssay1: 300,
      teamLeaderEssay2: 300,
      financialAidSummary: 100,
      otherComments: 100,
    });
  });

  it.each(['essay1', 'essay2', 'essay3'] as const)('accepts exactly 300 words in %s and refuses 301', (field) => {
    expect(applicationProblems(completeApplication({ [field]: words(300) }), NO_FLAGS)).toEqual({ missing: [], overLimit: [] });
    expect(isApplicationComplete(completeApplication({ [field]: words(300) }), NO_FLAGS)).toBe(true);
    expect(applicationProblems(completeApplication({ [field]: words(301) }), NO_FLAGS)).toEqual({ missing: [], overLimit: [field] });
    expect(isApplicationComplete(completeApplication({ [field]: words(301) }), NO_FLAGS)).toBe(false);
  });

  it.each(['teamLeaderEssay1', 'teamLeaderEssay2'] as const)('limits %s to 300 words for a team-leader applicant', (field) => {
    const base = completeApplication({ teamLeaderEssay1: 'Yes.', teamLeaderEssay2: 'Yes.' });
    expect(overLimit({ ...base, [field]: words(300) }, TEAM_LEADER)).toEqual([]);
    expect(overLimit({ ...base, [field]: words(301) }, TEAM_LEADER)).toEqual([field]);
    expect(isApplicationComplete({ ...base, [field]: words(301) }, TEAM_LEADER)).toBe(false);
  });

  it.each(['teamLeaderEssay1', 'teamLeaderEssay2'] as const)('ignores a long %s when not applying as team leader', (field) => {
    const data = completeApplication({ [field]: words(1000) });
    expect(overLimit(data, NO_FLAGS)).toEqual([]);
    expect(overLimit(data, FINANCIAL_AID)).toEqual([]);
    expect(isApplicationComplete(data, NO_FLAGS)).toBe(true);
  });

  it('limits the financial-aid summary to 100 words for a financial-aid applicant', () => {
    expect(overLimit(completeApplication({ ...FINANCIAL_ANSWERS, financialAidSummary: words(100) }), FINANCIAL_AID)).toEqual([]);
    expect(overLimit(completeApplication({ ...FINANCIAL_ANSWERS, financialAidSummary: words(101) }), FINANCIAL_AID)).toEqual([
      'financialAidSummary',
    ]);
    expect(isApplicationComplete(completeApplication({ ...FINANCIAL_ANSWERS, financialAidSummary: words(101) }), FINANCIAL_AID)).toBe(
      false,
    );
  });

  it('ignores a long financial-aid summary without financial aid', () => {
    const data = completeApplication({ financialAidSummary: words(500) });
    expect(overLimit(data, NO_FLAGS)).toEqual([]);
    expect(overLimit(data, TEAM_LEADER)).toEqual([]);
    expect(isApplicationComplete(data, NO_FLAGS)).toBe(true);
  });

  it('limits the additional comments to 100 words whatever the flags', () => {
    for (const flags of [NO_FLAGS, TEAM_LEADER, FINANCIAL_AID, BOTH]) {
      const base = fullApplication();
      expect(overLimit({ ...base, otherComments: words(100) }, flags)).toEqual([]);
      expect(overLimit({ ...base, otherComments: words(101) }, flags)).toEqual(['otherComments']);
    }
    expect(isApplicationComplete(completeApplication({ otherComments: words(101) }), NO_FLAGS)).toBe(false);
  });

  it('does not limit the itemized expenses by words', () => {
    expect(overLimit(completeApplication({ ...FINANCIAL_ANSWERS, financialAidExpenses: words(1000) }), FINANCIAL_AID)).toEqual([]);
  });

  it('splits words on any whitespace: new lines, tabs and repeated spaces', () => {
    const spaced = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' \n\t  ');
    expect(overLimit(completeApplication({ essay1: `  ${spaced(300)}\n\n` }))).toEqual([]);
    expect(overLimit(completeApplication({ essay1: `  ${spaced(301)}\n\n` }))).toEqual(['essay1']);
    // 400 characters but one word: not over the limit
    expect(overLimit(completeApplication({ otherComments: 'x'.repeat(400) }))).toEqual([]);
  });

  it('counts empty and blank texts as 0 words: missing, never over the limit', () => {
    expect(applicationProblems(completeApplication({ essay1: '' }), NO_FLAGS)).toEqual({ missing: ['essay1'], overLimit: [] });
    expect(applicationProblems(completeApplication({ essay1: '   \n ' }), NO_FLAGS)).toEqual({ missing: ['essay1'], overLimit: [] });
    expect(overLimit(completeApplication({ otherComments: '' }))).toEqual([]);
    expect(overLimit({}, BOTH)).toEqual([]);
  });

  it('lists the texts over their limit in the wizard order', () => {
    const data = completeApplication({
      otherComments: words(101),
      essay3: words(301),
      financialAidSummary: words(101),
      essay1: words(301),
      teamLeaderEssay2: words(301),
    });
    expect(overLimit(data, BOTH)).toEqual(['essay1', 'essay3', 'teamLeaderEssay2', 'financialAidSummary', 'otherComments']);
    expect(overLimit(data, NO_FLAGS)).toEqual(['essay1', 'essay3', 'otherComments']);
  });
});

describe('applicationProgress', () => {
  it('is 0 for an empty application with no flags, out of 22 requirements', () => {
    expect(requiredFields(emptyApplicationData(), NO_FLAGS)).toHaveLength(22);
    expect(applicationProgress(emptyApplicationData(), NO_FLAGS, false)).toBe(0);
    expect(applicationProgress({}, NO_FLAGS, false)).toBe(0);
  });

  it('is 50 with half the requirements answered', () => {
    const half: Partial<ApplicationData> = {
      ...emptyApplicationData(),
      schoolName: 'UBC',
      schoolCity: 'Vancouver',
      schoolState: 'BC',
      schoolCountry: 'CA',
      expectedGraduationMonth: 5,
      expectedGraduationYear: 2026,
      proofOfEnrollment: { name: 'p.pdf', size: 1, type: 'application/pdf' },
      firstReferenceType: 'professor',
      firstReferenceFirstName: 'Grace',
      firstReferenceLastName: 'Hopper',
      firstReferenceEmail: 'grace@example.edu',
    };
    expect(applicationProgress(half, NO_FLAGS, false)).toBe(50);
  });

  it('rounds down: 1 of 22 is 4, 21 of 22 is 95, never 100 before everything is answered', () => {
    expect(applicationProgress({ ...emptyApplicationData(), schoolName: 'UBC' }, NO_FLAGS, false)).toBe(4);
    expect(applicationProgress(completeApplication({ acceptedPrivacy: false }), NO_FLAGS, false)).toBe(95);
  });

  it('counts the optional answers for nothing', () => {
    const optional: Partial<ApplicationData> = {
      ...emptyApplicationData(),
      otherComments: 'Hello',
      fundedTravel: true,
      financialSituation: ['working'],
    };
    expect(applicationProgress(optional, NO_FLAGS, false)).toBe(0);
  });

  it('counts one experience box as the SIGGRAPH-experience answer', () => {
    expect(applicationProgress({ ...emptyApplicationData(), haveNotAttended: true }, NO_FLAGS, false)).toBe(4);
  });

  it('is 100 when every requirement is answered', () => {
    expect(applicationProgress(completeApplication(), NO_FLAGS, false)).toBe(100);
    expect(applicationProgress(fullApplication(), BOTH, false)).toBe(100);
  });

  it('is 100 once the application is completed, whatever the answers', () => {
    expect(applicationProgress(emptyApplicationData(), NO_FLAGS, true)).toBe(100);
    expect(applicationProgress(completeApplication({ essay1: '' }), BOTH, true)).toBe(100);
  });

  it('goes down when financial aid adds four required answers', () => {
    expect(requiredFields(completeApplication(), FINANCIAL_AID)).toHaveLength(26);
    expect(applicationProgress(completeApplication(), NO_FLAGS, false)).toBe(100);
    expect(applicationProgress(completeApplication(), FINANCIAL_AID, false)).toBe(84); // 22 of 26
    expect(applicationProgress(completeApplication({ primaryTransport: 'plane' }), FINANCIAL_AID, false)).toBe(85); // 23 of 27
    expect(applicationProgress(completeApplication(FINANCIAL_ANSWERS), FINANCIAL_AID, false)).toBe(100);
  });

  it('goes down when the team-leader opt-in or a volunteer box adds required answers', () => {
    expect(applicationProgress(completeApplication(), TEAM_LEADER, false)).toBe(91); // 22 of 24
    expect(applicationProgress(completeApplication({ haveVolunteered: true }), NO_FLAGS, false)).toBe(95); // 22 of 23
  });
});

describe('experienceLocks', () => {
  it('locks nothing when no box is ticked', () => {
    expect(experienceLocks(emptyApplicationData())).toEqual({ firstConferenceDisabled: false, othersDisabled: false });
    expect(experienceLocks({})).toEqual({ firstConferenceDisabled: false, othersDisabled: false });
  });

  it("locks the other four boxes when 'first conference' is ticked", () => {
    expect(experienceLocks({ ...emptyApplicationData(), haveNotAttended: true })).toEqual({
      firstConferenceDisabled: false,
      othersDisabled: true,
    });
  });

  it.each(['haveAttended', 'haveVolunteered', 'haveAttendedAsia', 'haveVolunteeredAsia'] as const)(
    "locks 'first conference' when %s is ticked",
    (flag) => {
      expect(experienceLocks({ ...emptyApplicationData(), [flag]: true })).toEqual({
        firstConferenceDisabled: true,
        othersDisabled: false,
      });
    },
  );

  it('unlocks again when the box is unticked', () => {
    expect(experienceLocks({ ...emptyApplicationData(), haveNotAttended: false, haveAttended: false })).toEqual({
      firstConferenceDisabled: false,
      othersDisabled: false,
    });
  });
});

describe('canApplyAsTeamLeader', () => {
  it('is open to a returning student before the team-leader deadline', () => {
    expect(canApplyAsTeamLeader(completeApplication(), false)).toBe(true);
    expect(canApplyAsTeamLeader({}, false)).toBe(true);
  });

  it('is closed after the team-leader deadline', () => {
    expect(canApplyAsTeamLeader(completeApplication(), true)).toBe(false);
  });

  it('is closed to first-timers', () => {
    expect(canApplyAsTeamLeader(completeApplication({ haveAttended: false, haveNotAttended: true }), false)).toBe(false);
    expect(canApplyAsTeamLeader(completeApplication({ haveAttended: false, haveNotAttended: true }), true)).toBe(false);
  });
});

describe('validateApplicationData', () => {
  it('accepts complete applications, with and without the conditional answers', () => {
    expect(validate(completeApplication(), YEARS)).toEqual([]);
    expect(validate({ ...fullApplication(), step: 3 }, YEARS)).toEqual([]);
    expect(validate(completeApplication({ ...FINANCIAL_ANSWERS, primaryTransport: 'other', otherTransport: 'Bus' }), YEARS)).toEqual([]);
  });

  it('accepts an application in progress: empty, partial, or with nulls', () => {
    expect(validate({}, YEARS)).toEqual([]);
    expect(validate(emptyApplicationData())).toEqual([]);
    expect(validate({ schoolName: 'UBC', essay1: null, estimatedTravelCost: null, haveAttended: null }, YEARS)).toEqual([]);
  });

  it('refuses unknown keys, naming each', () => {
    expect(validate({ favouriteColour: 'blue' }, YEARS)).toEqual([
      { field: 'favouriteColour', message: 'favouriteColour is not a field of the application; remove it' },
    ]);
    expect(errorFields({ ...completeApplication(), foo: 1, bar: true })).toEqual(['foo', 'bar']);
  });

  it('allows the legacy fields as text or true/false', () => {
    for (const field of LEGACY_APPLICATION_FIELDS) {
      expect(errorFields({ ...completeApplication(), [field]: 'old answer' })).toEqual([]);
      expect(errorFields({ ...completeApplication(), [field]: true })).toEqual([]);
      expect(errorFields({ ...completeApplication(), [field]: null })).toEqual([]);
    }
  });

  it('refuses legacy fields of another type or too long', () => {
    for (const field of LEGACY_APPLICATION_FIELDS) {
      expect(errorFields({ ...completeApplication(), [field]: 42 })).toEqual([field]);
      expect(errorFields({ ...completeApplication(), [field]: { a: 1 } })).toEqual([field]);
      expect(errorFields({ ...completeApplication(), [field]: 'x'.repeat(APPLICATION_TEXT_LIMIT + 1) })).toEqual([field]);
    }
  });

  it('accepts the wizard step from 0 to 7', () => {
    for (const step of [0, 1, 7, null]) expect(errorFields({ ...completeApplication(), step })).toEqual([]);
  });

  it('refuses a step outside 0..7 or not a whole number', () => {
    for (const step of [-1, 8, 2.5, '3', true, Number.NaN]) {
      expect(validate({ ...completeApplication(), step }, YEARS)).toEqual([
        { field: 'step', message: 'step must be a whole number from 0 to 7' },
      ]);
    }
  });

  const shortTexts = [
    'schoolName',
    'schoolCity',
    'schoolState',
    'firstReferenceFirstName',
    'firstReferenceLastName',
    'firstReferenceEmail',
    'secondReferenceFirstName',
    'secondReferenceLastName',
    'secondReferenceEmail',
    'otherTransport',
  ] as const;
  it.each(shortTexts)('limits %s to text of at most 200 characters', (field) => {
    expect(errorFields({ ...completeApplication(), [field]: 'x'.repeat(APPLICATION_SHORT_TEXT_LIMIT) })).toEqual([]);
    expect(errorFields({ ...completeApplication(), [field]: 'x'.repeat(APPLICATION_SHORT_TEXT_LIMIT + 1) })).toEqual([field]);
    expect(errorFields({ ...completeApplication(), [field]: 12 })).toEqual([field]);
    expect(errorFields({ ...completeApplication(), [field]: ['a'] })).toEqual([field]);
  });

  const longTexts = [
    'essay1',
    'essay2',
    'essay3',
    'teamLeaderEssay1',
    'teamLeaderEssay2',
    'otherComments',
    'financialAidSummary',
    'financialAidExpenses',
  ] as const;
  it.each(longTexts)('limits %s to text of at most 20000 characters', (field) => {
    expect(errorFields({ ...completeApplication(), [field]: 'x'.repeat(APPLICATION_TEXT_LIMIT) })).toEqual([]);
    expect(errorFields({ ...completeApplication(), [field]: 'x'.repeat(APPLICATION_TEXT_LIMIT + 1) })).toEqual([field]);
    expect(errorFields({ ...completeApplication(), [field]: 300 })).toEqual([field]);
  });

  it('names the field in the text messages', () => {
    expect(validate({ schoolName: 5 }, YEARS)).toEqual([{ field: 'schoolName', message: 'School Name must be text' }]);
    expect(validate({ essay1: 'x'.repeat(20_001) }, YEARS)).toEqual([
      { field: 'essay1', message: 'Essay 1: Interest and Motivation must be at most 20000 characters' },
    ]);
  });

  it.each([
    'haveNotAttended',
    'haveAttended',
    'haveVolunteered',
    'haveAttendedAsia',
    'haveVolunteeredAsia',
    'fundedTravel',
    'acceptedTerms',
    'acceptedMediaRelease',
    'acceptedPrivacy',
  ] as const)('needs %s to be true or false', (field) => {
    const base = completeApplication({ haveAttended: false, haveNotAttended: false });
    expect(errorFields({ ...base, [field]: true })).toEqual([]);
    expect(errorFields({ ...base, [field]: false })).toEqual([]);
    expect(errorFields({ ...base, [field]: 'true' })).toEqual([field]);
    expect(errorFields({ ...base, [field]: 1 })).toEqual([field]);
  });

  it('needs the school country to be a code from the list', () => {
    for (const schoolCountry of ['CA', 'US', 'GB', '']) expect(errorFields(completeApplication({ schoolCountry }))).toEqual([]);
    for (const schoolCountry of ['XX', 'ca', 'Canada', 'CAN', 1]) {
      expect(errorFields({ ...completeApplication(), schoolCountry })).toEqual(['schoolCountry']);
    }
  });

  it('needs the graduation month to be 1 to 12', () => {
    for (const expectedGraduationMonth of [1, 6, 12]) expect(errorFields(completeApplication({ expectedGraduationMonth }))).toEqual([]);
    for (const expectedGraduationMonth of [0, 13, 1.5, '5', -1]) {
      expect(errorFields({ ...completeApplication(), expectedGraduationMonth })).toEqual(['expectedGraduationMonth']);
    }
  });

  it('needs the graduation year to be in the given range', () => {
    for (const expectedGraduationYear of [2025, 2028, 2032])
      expect(errorFields(completeApplication({ expectedGraduationYear }))).toEqual([]);
    for (const expectedGraduationYear of [2024, 2033, '2026', 2026.5]) {
      expect(validate({ ...completeApplication(), expectedGraduationYear }, YEARS)).toEqual([
        { field: 'expectedGraduationYear', message: 'Expected Graduation Year must be between 2025 and 2032' },
      ]);
    }
    expect(validate(completeApplication({ expectedGraduationYear: 2033 }), { ...YEARS, graduation: graduationYears(2026) })).toEqual([]);
  });

  it.each(['firstReferenceType', 'secondReferenceType'] as const)('needs %s to be one from the list', (field) => {
    for (const { value } of REFERENCE_TYPES) expect(errorFields(completeApplication({ [field]: value }))).toEqual([]);
    for (const value of ['Professor/Teacher', 'friend', 3])
      expect(errorFields({ ...completeApplication(), [field]: value })).toEqual([field]);
  });

  it('needs the primary transport to be plane, car, train or other', () => {
    for (const { value } of TRANSPORTS)
      expect(errorFields({ ...completeApplication(), primaryTransport: value, airportCode: 'YVR' })).toEqual([]);
    expect(errorFields(completeApplication({ primaryTransport: '' }))).toEqual([]);
    for (const primaryTransport of ['bus', 'Plane', 1]) {
      expect(validate({ ...completeApplication(), primaryTransport }, YEARS)).toEqual([
        { field: 'primaryTransport', message: 'Primary Transportation must be plane, car, train or other' },
      ]);
    }
  });

  it.each(['yearsVolunteered', 'yearsVolunteeredAsia'] as const)('needs %s to be a list of years from 2001 to 2024', (field) => {
    expect(errorFields(completeApplication({ [field]: [] }))).toEqual([]);
    expect(errorFields(completeApplication({ [field]: [2001, 2024] }))).toEqual([]);
    expect(errorFields(completeApplication({ [field]: [...PREVIOUS_SV_YEARS] }))).toEqual([]);
    for (const value of [[2000], [2025], [2020, 1999], ['2020'], 2020, '2020', [...PREVIOUS_SV_YEARS, 2024], [2020, 2020]]) {
      expect(errorFields({ ...completeApplication(), [field]: value })).toEqual([field]);
    }
    expect(validate({ ...completeApplication(), [field]: [2025] })[0]!.message).toMatch(/must be years from 2001 to 2024$/);
    // A year later, the edition just past counts too.
    const nextEdition = { ...YEARS, volunteered: previousVolunteerYears({ startDate: '2026-08-08' }) };
    expect(validate(completeApplication({ [field]: [2025] }), nextEdition)).toEqual([]);
  });

  it('needs the financial situation to be values from the list', () => {
    expect(errorFields(completeApplication({ financialSituation: FINANCIAL_SITUATIONS.map((o) => o.value) }))).toEqual([]);
    expect(errorFields(completeApplication({ financialSituation: [] }))).toEqual([]);
    for (const financialSituation of [['rich'], ['working', 'rich'], 'working', [1]]) {
      expect(errorFields({ ...completeApplication(), financialSituation })).toEqual(['financialSituation']);
    }
  });

  it('needs the airport code to be 3 letters', () => {
    for (const airportCode of ['YVR', 'yvr', 'LaX', '']) expect(errorFields(completeApplication({ airportCode }))).toEqual([]);
    for (const airportCode of ['YV', 'YVRX', 'Y1R', 'YVR ', ' YVR', 'Y R', 'ÅÄÖ', 123]) {
      expect(validate({ ...completeApplication(), airportCode }, YEARS)).toEqual([
        { field: 'airportCode', message: 'Airport Code must be 3 letters, e.g. YVR' },
      ]);
    }
  });

  it('accepts a travel cost in US dollars from 0 to the maximum with at most 2 decimals', () => {
    for (const estimatedTravelCost of [0, 1, 12.5, 1234.56, 0.01, MAX_TRAVEL_COST - 0.01, MAX_TRAVEL_COST]) {
      expect(validate(completeApplication({ estimatedTravelCost }), YEARS)).toEqual([]);
    }
    expect(errorFields({ ...completeApplication(), estimatedTravelCost: '' })).toEqual([]);
  });

  it('accepts two-decimal amounts that floating point cannot hold exactly, like 19.99', () => {
    // 19.99 * 100 is 1998.9999999999998 in floating point: the check must not depend on that product.
    for (const estimatedTravelCost of [19.99, 0.29, 1.15, 4.35, 99.99, 579.99]) {
      expect(validate(completeApplication({ estimatedTravelCost }), YEARS)).toEqual([]);
    }
  });

  it('refuses a negative, too large, over-precise or non-number travel cost', () => {
    for (const estimatedTravelCost of [
      -1,
      -0.01,
      MAX_TRAVEL_COST + 0.01,
      MAX_TRAVEL_COST + 1,
      12.345,
      0.001,
      '100',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
    ]) {
      expect(validate({ ...completeApplication(), estimatedTravelCost }, YEARS)).toEqual([
        {
          field: 'estimatedTravelCost',
          message: 'Total Estimated Travel Cost must be an amount in US dollars from 0 to 100000, with at most 2 decimals',
        },
      ]);
    }
  });

  it.each(['haveAttended', 'haveVolunteered', 'haveAttendedAsia', 'haveVolunteeredAsia'] as const)(
    "refuses 'first conference' ticked together with %s",
    (flag) => {
      expect(validate(completeApplication({ haveAttended: false, haveNotAttended: true, [flag]: true }), YEARS)).toEqual([
        { field: 'haveNotAttended', message: "'First conference' cannot be ticked together with attended or volunteered" },
      ]);
    },
  );

  it("accepts 'first conference' alone, and the other four boxes together", () => {
    expect(errorFields(completeApplication({ haveAttended: false, haveNotAttended: true }))).toEqual([]);
    expect(
      errorFields(
        completeApplication({
          haveNotAttended: false,
          haveAttended: true,
          haveVolunteered: true,
          haveAttendedAsia: true,
          haveVolunteeredAsia: true,
        }),
      ),
    ).toEqual([]);
  });

  it('does not check the proof of enrollment the server keeps', () => {
    expect(errorFields(completeApplication({ proofOfEnrollment: null }))).toEqual([]);
  });

  it('reports every bad field at once', () => {
    const fields = errorFields({
      ...completeApplication(),
      extra: 1,
      schoolName: 7,
      expectedGraduationMonth: 13,
      airportCode: 'XX',
      estimatedTravelCost: -5,
      step: 9,
    });
    expect(fields.sort()).toEqual(['airportCode', 'estimatedTravelCost', 'expectedGraduationMonth', 'extra', 'schoolName', 'step']);
  });
});

// Every requirement key has a label the 'So close!' list can show.
describe('requirement labels', () => {
  it('covers every requirement the rules can produce', () => {
    const all = new Set<RequirementKey>([
      ...requiredFields({ haveVolunteered: true, haveVolunteeredAsia: true, primaryTransport: 'plane' }, BOTH),
      ...requiredFields({ primaryTransport: 'other' }, BOTH),
    ]);
    for (const key of all) expect(APPLICATION_LABELS[key]).toEqual(expect.any(String));
    expect(APPLICATION_LABELS.siggraphExperience).toBe('SIGGRAPH Experience');
  });
});
