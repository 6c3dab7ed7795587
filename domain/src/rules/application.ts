import { COUNTRIES } from '../options/countries.js';
import { FINANCIAL_SITUATIONS, MONTHS, REFERENCE_TYPES, TRANSPORTS } from '../options/lists.js';
import type { FieldError } from '../timeline.js';
import { LEGACY_APPLICATION_FIELDS } from './legacy-fields.js';
import { ESSAY_WORD_LIMIT, SHORT_TEXT_WORD_LIMIT, countWords } from './words.js';
import type { ApplicationData } from '../contract/applications.js';

/** Declared once, as wire shapes, in domain/src/contract/applications.ts. */
export type { ApplicationData, ProofOfEnrollment } from '../contract/applications.js';

export { LEGACY_APPLICATION_FIELDS } from './legacy-fields.js';

export type ApplicationField = keyof ApplicationData;

export interface ApplicationFlags {
  teamLeader: boolean;
  financialAid: boolean;
}

export function emptyApplicationData(): ApplicationData {
  return {
    proofOfEnrollment: null,
    schoolName: '',
    schoolCity: '',
    schoolState: '',
    schoolCountry: '',
    expectedGraduationMonth: null,
    expectedGraduationYear: null,
    haveNotAttended: false,
    haveAttended: false,
    haveVolunteered: false,
    yearsVolunteered: [],
    haveAttendedAsia: false,
    haveVolunteeredAsia: false,
    yearsVolunteeredAsia: [],
    firstReferenceType: '',
    firstReferenceFirstName: '',
    firstReferenceLastName: '',
    firstReferenceEmail: '',
    secondReferenceType: '',
    secondReferenceFirstName: '',
    secondReferenceLastName: '',
    secondReferenceEmail: '',
    essay1: '',
    essay2: '',
    essay3: '',
    teamLeaderEssay1: '',
    teamLeaderEssay2: '',
    otherComments: '',
    financialAidSummary: '',
    financialAidExpenses: '',
    financialSituation: [],
    estimatedTravelCost: null,
    primaryTransport: '',
    airportCode: '',
    otherTransport: '',
    fundedTravel: false,
    acceptedTerms: false,
    acceptedMediaRelease: false,
    acceptedPrivacy: false,
  };
}

/** 'SIGGRAPH Experience' stands for the rule "at least one experience box is ticked". */
export type RequirementKey = ApplicationField | 'siggraphExperience';

export const APPLICATION_LABELS: Readonly<Record<RequirementKey, string>> = {
  proofOfEnrollment: 'Proof of Enrollment',
  schoolName: 'School Name',
  schoolCity: 'School City',
  schoolState: 'School State / Province',
  schoolCountry: 'School Country',
  expectedGraduationMonth: 'Expected Graduation Month',
  expectedGraduationYear: 'Expected Graduation Year',
  siggraphExperience: 'SIGGRAPH Experience',
  haveNotAttended: 'This is my first SIGGRAPH conference',
  haveAttended: 'Attended SIGGRAPH (North America)',
  haveVolunteered: 'Volunteered at SIGGRAPH (North America)',
  yearsVolunteered: 'Years Volunteered (North America)',
  haveAttendedAsia: 'Attended SIGGRAPH Asia',
  haveVolunteeredAsia: 'Volunteered at SIGGRAPH Asia',
  yearsVolunteeredAsia: 'Years Volunteered (Asia)',
  firstReferenceType: 'First Reference Type',
  firstReferenceFirstName: 'First Reference First Name',
  firstReferenceLastName: 'First Reference Last Name',
  firstReferenceEmail: 'First Reference Email',
  secondReferenceType: 'Second Reference Type',
  secondReferenceFirstName: 'Second Reference First Name',
  secondReferenceLastName: 'Second Reference Last Name',
  secondReferenceEmail: 'Second Reference Email',
  essay1: 'Essay 1: Interest and Motivation',
  essay2: 'Essay 2: Diverse Experiences',
  essay3: 'Essay 3: Conflict Resolution',
  teamLeaderEssay1: 'Team Leader Essay 1: Interest and Motivation',
  teamLeaderEssay2: 'Team Leader Essay 2: Leadership Experience',
  otherComments: 'Additional Comments',
  financialAidSummary: 'Financial Aid Summary',
  financialAidExpenses: 'Itemized Expenses',
  financialSituation: 'Financial Situation',
  estimatedTravelCost: 'Total Estimated Travel Cost',
  primaryTransport: 'Primary Transportation',
  airportCode: 'Airport Code',
  otherTransport: 'Other Transportation',
  fundedTravel: 'Funded Travel',
  acceptedTerms: 'Terms and Conditions',
  acceptedMediaRelease: 'Media Release',
  acceptedPrivacy: 'Privacy Policy',
};

/** Texts with a word limit, the same on every page (docs/decisions.md, 'Word limits'). */
export const WORD_LIMITS: Readonly<Partial<Record<ApplicationField, number>>> = {
  essay1: ESSAY_WORD_LIMIT,
  essay2: ESSAY_WORD_LIMIT,
  essay3: ESSAY_WORD_LIMIT,
  teamLeaderEssay1: ESSAY_WORD_LIMIT,
  teamLeaderEssay2: ESSAY_WORD_LIMIT,
  financialAidSummary: SHORT_TEXT_WORD_LIMIT,
  otherComments: SHORT_TEXT_WORD_LIMIT,
};

const EXPERIENCE_FLAGS = ['haveNotAttended', 'haveAttended', 'haveVolunteered', 'haveAttendedAsia', 'haveVolunteeredAsia'] as const;
const PRIOR_EXPERIENCE_FLAGS = ['haveAttended', 'haveVolunteered', 'haveAttendedAsia', 'haveVolunteeredAsia'] as const;

const filled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/**
 * The application's answers section by section, in the order the wizard asks for them (its tabs after
 * the welcome): the one order of the required answers (requiredFields, the 'So close!' list), and the
 * applicant app's steps, which take their fields from here.
 */
export const APPLICATION_SECTIONS: readonly (readonly RequirementKey[])[] = [
  ['schoolName', 'schoolCity', 'schoolState', 'schoolCountry', 'expectedGraduationMonth', 'expectedGraduationYear', 'proofOfEnrollment'],
  [
    'firstReferenceType',
    'firstReferenceFirstName',
    'firstReferenceLastName',
    'firstReferenceEmail',
    'secondReferenceType',
    'secondReferenceFirstName',
    'secondReferenceLastName',
    'secondReferenceEmail',
  ],
  [
    'siggraphExperience',
    'haveNotAttended',
    'haveAttended',
    'haveVolunteered',
    'yearsVolunteered',
    'haveAttendedAsia',
    'haveVolunteeredAsia',
    'yearsVolunteeredAsia',
  ],
  ['essay1', 'essay2', 'essay3'],
  ['teamLeaderEssay1', 'teamLeaderEssay2'],
  [
    'financialAidSummary',
    'financialAidExpenses',
    'financialSituation',
    'estimatedTravelCost',
    'primaryTransport',
    'airportCode',
    'otherTransport',
    'fundedTravel',
  ],
  ['acceptedTerms', 'acceptedMediaRelease', 'acceptedPrivacy', 'otherComments'],
];

/** Answers never required: the experience boxes (siggraphExperience asks for one of them), and the optional texts. */
const OPTIONAL: ReadonlySet<RequirementKey> = new Set<RequirementKey>([
  ...EXPERIENCE_FLAGS,
  'financialSituation',
  'fundedTravel',
  'otherComments',
]);
const TEAM_LEADER_ANSWERS: ReadonlySet<RequirementKey> = new Set<RequirementKey>(['teamLeaderEssay1', 'teamLeaderEssay2']);
const FINANCIAL_AID_ANSWERS: ReadonlySet<RequirementKey> = new Set<RequirementKey>([
  'financialAidSummary',
  'financialAidExpenses',
  'estimatedTravelCost',
  'primaryTransport',
]);

/** Whether this application requires `key`, given its flags and answers. */
function isRequired(key: RequirementKey, data: Partial<ApplicationData>, flags: ApplicationFlags): boolean {
  if (OPTIONAL.has(key)) return false;
  if (key === 'yearsVolunteered') return !!data.haveVolunteered;
  if (key === 'yearsVolunteeredAsia') return !!data.haveVolunteeredAsia;
  if (TEAM_LEADER_ANSWERS.has(key)) return flags.teamLeader;
  if (FINANCIAL_AID_ANSWERS.has(key)) return flags.financialAid;
  if (key === 'airportCode') return flags.financialAid && data.primaryTransport === 'plane';
  if (key === 'otherTransport') return flags.financialAid && data.primaryTransport === 'other';
  return true;
}

/** The requirements this application has, given its flags and answers, in the wizard's order (APPLICATION_SECTIONS). */
export function requiredFields(data: Partial<ApplicationData>, flags: ApplicationFlags): RequirementKey[] {
  return APPLICATION_SECTIONS.flat().filter((key) => isRequired(key, data, flags));
}

function satisfied(data: Partial<ApplicationData>, key: RequirementKey): boolean {
  if (key === 'siggraphExperience') return EXPERIENCE_FLAGS.some((flag) => data[flag] === true);
  if (key === 'acceptedTerms' || key === 'acceptedMediaRelease' || key === 'acceptedPrivacy') return data[key] === true;
  return filled(data[key]);
}

export interface ApplicationProblems {
  /** Required answers still missing, in the wizard's order. */
  missing: RequirementKey[];
  /** Texts over their word limit. */
  overLimit: ApplicationField[];
}

/** What stands between this application and submission: the 'So close!' list. */
export function applicationProblems(data: Partial<ApplicationData>, flags: ApplicationFlags): ApplicationProblems {
  const missing = requiredFields(data, flags).filter((key) => !satisfied(data, key));
  const overLimit = (Object.keys(WORD_LIMITS) as ApplicationField[]).filter((field) => {
    const counted = field.startsWith('teamLeader') ? flags.teamLeader : field === 'financialAidSummary' ? flags.financialAid : true;
    return counted && countWords(data[field] as string | undefined) > WORD_LIMITS[field]!;
  });
  return { missing, overLimit };
}

export function isApplicationComplete(data: Partial<ApplicationData>, flags: ApplicationFlags): boolean {
  const { missing, overLimit } = applicationProblems(data, flags);
  return missing.length === 0 && overLimit.length === 0;
}

/** The share of required answers given, as a whole percentage; 100 once submitted. */
export function applicationProgress(data: Partial<ApplicationData>, flags: ApplicationFlags, completed: boolean): number {
  if (completed) return 100;
  const required = requiredFields(data, flags);
  const done = required.filter((key) => satisfied(data, key)).length;
  return Math.floor((done / required.length) * 100);
}

/** 'First conference' excludes every other experience box, and the other way round. */
export function experienceLocks(data: Partial<ApplicationData>): { firstConferenceDisabled: boolean; othersDisabled: boolean } {
  return {
    firstConferenceDisabled: PRIOR_EXPERIENCE_FLAGS.some((flag) => data[flag] === true),
    othersDisabled: data.haveNotAttended === true,
  };
}

/** Team leaders need prior SV experience: the opt-in is closed to first-timers and after the TL deadline. */
export function canApplyAsTeamLeader(data: Partial<ApplicationData>, afterTeamLeaderDeadline: boolean): boolean {
  return !afterTeamLeaderDeadline && data.haveNotAttended !== true;
}

export const APPLICATION_TEXT_LIMIT = 20_000;
export const APPLICATION_SHORT_TEXT_LIMIT = 200;
export const MAX_TRAVEL_COST = 100_000;
export const AIRPORT_CODE_PATTERN = /^[A-Za-z]{3}$/;

const SHORT_TEXTS: readonly ApplicationField[] = [
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
];
const LONG_TEXTS: readonly ApplicationField[] = [
  'essay1',
  'essay2',
  'essay3',
  'teamLeaderEssay1',
  'teamLeaderEssay2',
  'otherComments',
  'financialAidSummary',
  'financialAidExpenses',
];
const BOOLEANS: readonly ApplicationField[] = [
  'haveNotAttended',
  'haveAttended',
  'haveVolunteered',
  'haveAttendedAsia',
  'haveVolunteeredAsia',
  'fundedTravel',
  'acceptedTerms',
  'acceptedMediaRelease',
  'acceptedPrivacy',
];

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
const REFERENCE_TYPE_VALUES = REFERENCE_TYPES.map((o) => o.value);
const TRANSPORT_VALUES = TRANSPORTS.map((o) => o.value);
const SITUATION_VALUES = FINANCIAL_SITUATIONS.map((o) => o.value);
const MONTH_VALUES = MONTHS.map((o) => o.value);

/**
 * Field-by-field checks of a saved application: types, option-list values, a 3-letter airport
 * code, non-negative dollar amounts, and the first-conference exclusivity. An application in
 * progress may be incomplete; completeness is `applicationProblems`.
 */
/** The years an application may name, which depend on the edition (see `applicationYears`). */
export interface ApplicationYears {
  /** Expected graduation years offered. */
  graduation: readonly number[];
  /** Years of earlier volunteering offered, the latest first. */
  volunteered: readonly number[];
}

export function validateApplicationData(data: Record<string, unknown>, years: ApplicationYears): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const known = new Set<string>([...Object.keys(emptyApplicationData()), ...LEGACY_APPLICATION_FIELDS, 'step']);
  for (const key of Object.keys(data)) if (!known.has(key)) fail(key, `${key} is not a field of the application; remove it`);

  const text = (field: ApplicationField, max: number) => {
    const value = data[field];
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') fail(field, `${APPLICATION_LABELS[field]} must be text`);
    else if (value.length > max) fail(field, `${APPLICATION_LABELS[field]} must be at most ${max} characters`);
  };
  SHORT_TEXTS.forEach((f) => text(f, APPLICATION_SHORT_TEXT_LIMIT));
  LONG_TEXTS.forEach((f) => text(f, APPLICATION_TEXT_LIMIT));
  for (const field of BOOLEANS) {
    if (data[field] !== undefined && data[field] !== null && typeof data[field] !== 'boolean')
      fail(field, `${APPLICATION_LABELS[field]} must be true or false`);
  }
  const oneOf = (field: ApplicationField, allowed: readonly (string | number)[], message: string) => {
    const value = data[field];
    if (value === undefined || value === null || value === '') return;
    if (!allowed.includes(value as string | number)) fail(field, message);
  };
  oneOf('schoolCountry', [...COUNTRY_CODES], 'School Country must be a two-letter code from the list');
  oneOf('expectedGraduationMonth', MONTH_VALUES, 'Expected Graduation Month must be a month from 1 to 12');
  oneOf(
    'expectedGraduationYear',
    years.graduation,
    `Expected Graduation Year must be between ${years.graduation[0]} and ${years.graduation.at(-1)}`,
  );
  oneOf('firstReferenceType', REFERENCE_TYPE_VALUES, 'First Reference Type must be one from the list');
  oneOf('secondReferenceType', REFERENCE_TYPE_VALUES, 'Second Reference Type must be one from the list');
  oneOf('primaryTransport', TRANSPORT_VALUES, 'Primary Transportation must be plane, car, train or other');

  const list = (field: ApplicationField, allowed: readonly (string | number)[], message: string) => {
    const value = data[field];
    if (value === undefined || value === null) return;
    if (!Array.isArray(value) || new Set(value).size !== value.length || value.some((v) => !allowed.includes(v))) fail(field, message);
  };
  const volunteeredSpan = `${years.volunteered.at(-1)} to ${years.volunteered[0]}`;
  list('yearsVolunteered', years.volunteered, `Years Volunteered must be years from ${volunteeredSpan}`);
  list('yearsVolunteeredAsia', years.volunteered, `Years Volunteered (Asia) must be years from ${volunteeredSpan}`);
  list('financialSituation', SITUATION_VALUES, 'Financial Situation has a value that is not in the list');

  const airport = data.airportCode;
  if (airport !== undefined && airport !== null && airport !== '' && (typeof airport !== 'string' || !AIRPORT_CODE_PATTERN.test(airport))) {
    fail('airportCode', 'Airport Code must be 3 letters, e.g. YVR');
  }
  const cost = data.estimatedTravelCost;
  if (cost !== undefined && cost !== null && cost !== '') {
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0 || cost > MAX_TRAVEL_COST || Number(cost.toFixed(2)) !== cost) {
      fail(
        'estimatedTravelCost',
        `Total Estimated Travel Cost must be an amount in US dollars from 0 to ${MAX_TRAVEL_COST}, with at most 2 decimals`,
      );
    }
  }
  if (data.haveNotAttended === true && PRIOR_EXPERIENCE_FLAGS.some((flag) => data[flag] === true)) {
    fail('haveNotAttended', "'First conference' cannot be ticked together with attended or volunteered");
  }
  for (const field of LEGACY_APPLICATION_FIELDS) {
    const value = data[field];
    if (
      value !== undefined &&
      value !== null &&
      typeof value !== 'boolean' &&
      !(typeof value === 'string' && value.length <= APPLICATION_TEXT_LIMIT)
    ) {
      fail(field, `${field} must be text or true/false`);
    }
  }
  const step = data.step;
  if (step !== undefined && step !== null && (!Number.isInteger(step) || (step as number) < 0 || (step as number) > 7))
    fail('step', 'step must be a whole number from 0 to 7');
  return errors;
}
