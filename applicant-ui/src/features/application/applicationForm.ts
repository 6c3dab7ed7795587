import {
  APPLICATION_LABELS,
  type ApplicationData,
  type ApplicationFlags,
  type ProofOfEnrollment,
  type ProofType,
  type RequirementKey,
  WORD_LIMITS,
  APPLICATION_SECTIONS,
  MAX_PROOF_BYTES,
  PROOF_TOO_LARGE_MESSAGE,
  PROOF_WRONG_TYPE_MESSAGE,
  applicationProblems,
  countWords,
  emptyApplicationData,
  hasProofExtension,
  isApplicationComplete,
  isProofType,
  type ApplicationYears,
  type FieldError,
  validateApplicationData,
} from '@svp/domain';
import type { ApplicationRecord } from '../../api/types';
import { domainSchema } from '../../forms/domainSchema';

// The wizard's form model (Formik's MultistepWizard way): names, tabs, the fields of each tab, and
// the translation between the form and the API's application record.

/** The application's answers as the form holds them, plus the two flags the API keeps beside data. */
export type WizardValues = Omit<ApplicationData, 'proofOfEnrollment' | 'estimatedTravelCost'> & {
  /** '' while the box is empty (Formik's number inputs give '' or a number). */
  estimatedTravelCost: number | '';
  teamLeader: boolean;
  financialAid: boolean;
};

export const WIZARD_STEPS = [
  'Welcome',
  'Academic Information',
  'Professional References',
  'SIGGRAPH Experience',
  'SV Essays',
  'Team Leader Essays',
  'Financial Aid',
  'Confirmation of Responsibilities',
] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/**
 * Which answers each tab asks for: its format checks, and where the 'So close!' list sends the user.
 * The welcome asks for none; the other tabs are the domain's sections, in their order (APPLICATION_SECTIONS,
 * the order of the required answers too).
 */
export const STEP_FIELDS: readonly (readonly RequirementKey[])[] = [[], ...APPLICATION_SECTIONS];

export function stepOfField(field: string): number {
  const step = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return step < 0 ? LAST_STEP : step;
}

/** The step an application opens at, within the tabs (older per-step applications stored 0 to 4). */
export function openingStep(record: Pick<ApplicationRecord, 'step'>): number {
  const step = Number(record.step);
  return Number.isInteger(step) ? Math.min(Math.max(step, 0), LAST_STEP) : 0;
}

export function wizardValues(record: Pick<ApplicationRecord, 'data' | 'team_leader' | 'financial_aid'> | null): WizardValues {
  const empty = emptyApplicationData();
  const stored = (record?.data ?? {}) as Partial<ApplicationData>;
  const answers = Object.fromEntries(
    (Object.keys(empty) as (keyof ApplicationData)[])
      .filter((key) => key !== 'proofOfEnrollment')
      .map((key) => [key, stored[key] ?? empty[key]]),
  ) as Omit<ApplicationData, 'proofOfEnrollment'>;
  return {
    ...answers,
    estimatedTravelCost: answers.estimatedTravelCost ?? '',
    teamLeader: record?.team_leader ?? false,
    financialAid: record?.financial_aid ?? false,
  };
}

/** The data object a save sends: every answer and the step (none: the stored step stays), never the proof (the server keeps it). */
export function applicationData(values: WizardValues, step?: number): Record<string, unknown> {
  const { teamLeader: _teamLeader, financialAid: _financialAid, estimatedTravelCost, ...answers } = values;
  const data: Record<string, unknown> = { ...answers, estimatedTravelCost: estimatedTravelCost === '' ? null : estimatedTravelCost };
  if (step !== undefined) data.step = step;
  return data;
}

/** The answers as the domain rules read them. */
export function answersOf(values: WizardValues): Partial<ApplicationData> {
  return applicationData(values, LAST_STEP) as Partial<ApplicationData>;
}

export function flagsOf(values: Pick<WizardValues, 'teamLeader' | 'financialAid'>): ApplicationFlags {
  return { teamLeader: values.teamLeader, financialAid: values.financialAid };
}

/** The years of the portal's records the form can tick: those its list of earlier years offers. */
export function recordedVolunteerYears(portalYears: readonly number[], years: ApplicationYears): number[] {
  return portalYears.filter((year) => years.volunteered.includes(year));
}

/**
 * The answers with the years of the portal's records ticked under 'Volunteered at SIGGRAPH (North
 * America)'; the record says they volunteered, so 'first conference' is unticked. The same object
 * when the answers hold them already.
 */
export function withRecordedYears(values: WizardValues, recorded: readonly number[]): WizardValues {
  const missing = recorded.filter((year) => !values.yearsVolunteered.includes(year));
  if (!recorded.length || (!missing.length && values.haveVolunteered && !values.haveNotAttended)) return values;
  return {
    ...values,
    haveVolunteered: true,
    haveNotAttended: false,
    yearsVolunteered: missing.length ? [...values.yearsVolunteered, ...missing].sort((a, b) => b - a) : values.yearsVolunteered,
  };
}

const FLAG_FIELDS: Record<string, keyof WizardValues> = { team_leader: 'teamLeader', financial_aid: 'financialAid' };

/** The form's field a key of the server's `errors` names: 'data.essay1' is essay1, 'team_leader' the TL opt-in. */
export function fieldOfServerError(key: string): string {
  return FLAG_FIELDS[key] ?? key.replace(/^data\./, '');
}

export interface SaveRequest {
  svid: string;
  values: WizardValues;
  /** None for a draft save: the stored step stays where the last move put it. */
  step?: number;
  completed: boolean;
  /** updated_at of the version the form was loaded from, so a save over a newer one is refused as stale. */
  basedOn: string;
  /** Answers left out of `data`: the server keeps their stored value (it merges `data` over what it has). */
  heldBack?: readonly string[];
}

export function saveBody({ svid, values, step, completed, basedOn, heldBack = [] }: SaveRequest) {
  const data = applicationData(values, step);
  for (const field of heldBack) delete data[field];
  return {
    sv_id: svid,
    data,
    completed,
    team_leader: values.teamLeader,
    financial_aid: values.financialAid,
    updated_at: basedOn,
  };
}

/** A tab's yup schema: the domain's format checks of the answers on that tab (completeness waits for submission). */
export function stepSchema(step: number, years: ApplicationYears) {
  return answersSchema(STEP_FIELDS[step]!, years);
}

/** The domain's format checks of the given answers only: those a page shows (completeness waits for submission). */
export function answersSchema(fields: Iterable<string>, years: ApplicationYears) {
  const asked = new Set<string>(fields);
  return domainSchema<WizardValues>((values) =>
    validateApplicationData(applicationData(values, LAST_STEP), years).filter((problem) => asked.has(problem.field)),
  );
}

/**
 * What a draft save can send: every answer but those failing their format checks, which are held
 * back (the server refuses a save with any invalid answer); `problems` are those among the answers
 * changed since `saved` (a stored value is not 'unsaved'). 'First conference' ticked with another
 * experience box holds back the whole experience tab: keeping either side alone could store the
 * pair the rule forbids.
 */
export function draftAnswers(
  values: WizardValues,
  saved: WizardValues,
  years: ApplicationYears,
): { heldBack: string[]; problems: FieldError[] } {
  const invalid = validateApplicationData(applicationData(values), years);
  const heldBack = new Set(invalid.map((problem) => problem.field));
  if (heldBack.has('haveNotAttended')) STEP_FIELDS[stepOfField('haveNotAttended')]!.forEach((field) => heldBack.add(field));
  const changed = (field: string) =>
    JSON.stringify(values[field as keyof WizardValues]) !== JSON.stringify(saved[field as keyof WizardValues]);
  return { heldBack: [...heldBack], problems: invalid.filter((problem) => changed(problem.field)) };
}

/** The same answers and flags (the order of keys aside). */
export function sameValues(a: WizardValues, b: WizardValues): boolean {
  return (Object.keys(a) as (keyof WizardValues)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** `values` with the held-back answers as they were last saved: what the server holds after a draft save. */
export function withHeldBack(values: WizardValues, saved: WizardValues, heldBack: readonly string[]): WizardValues {
  const kept = Object.fromEntries(heldBack.filter((field) => field in saved).map((field) => [field, saved[field as keyof WizardValues]]));
  return { ...values, ...kept };
}

export interface ProblemItem {
  field: string;
  text: string;
  step: number;
}

function withProof(values: WizardValues, proof: ProofOfEnrollment | null): Partial<ApplicationData> {
  return { ...answersOf(values), proofOfEnrollment: proof };
}

/** Ready to submit: nothing required is missing and no text is over its limit (domain isApplicationComplete). */
export function isComplete(values: WizardValues, proof: ProofOfEnrollment | null): boolean {
  return isApplicationComplete(withProof(values, proof), flagsOf(values));
}

/** The 'So close!' list: required answers missing and texts over their word limit, with their tab. */
export function problemItems(values: WizardValues, proof: ProofOfEnrollment | null): { missing: ProblemItem[]; overLimit: ProblemItem[] } {
  const data = withProof(values, proof);
  const { missing, overLimit } = applicationProblems(data, flagsOf(values));
  return {
    missing: missing.map((field) => ({ field, text: APPLICATION_LABELS[field], step: stepOfField(field) })),
    overLimit: overLimit.map((field) => ({
      field,
      text: `${APPLICATION_LABELS[field]} (${countWords(data[field] as string)} words, the limit is ${WORD_LIMITS[field]})`,
      step: stepOfField(field),
    })),
  };
}

/** The labels of the server's INCOMPLETE answer, placed on their tabs. */
export function serverProblemItems(labels: unknown): ProblemItem[] {
  if (!Array.isArray(labels)) return [];
  const fieldOf = new Map(Object.entries(APPLICATION_LABELS).map(([field, label]) => [label, field]));
  return labels
    .filter((label): label is string => typeof label === 'string')
    .map((label) => {
      const field = fieldOf.get(label) ?? label;
      return { field, text: label, step: stepOfField(field) };
    });
}

/** 'HH:mm:ss' in the browser's time zone, for 'Last Save: {time}'. */
export function formatSaveTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** The one file chosen or dropped, or why it is refused, before anything is sent. */
export function checkProofFiles(files: ArrayLike<File>): { file: File; type: ProofType } | { error: string } {
  if (files.length !== 1) return { error: 'Please choose exactly one file.' };
  const file = files[0]!;
  if (!hasProofExtension(file.name)) return { error: PROOF_WRONG_TYPE_MESSAGE };
  if (file.size >= MAX_PROOF_BYTES) return { error: PROOF_TOO_LARGE_MESSAGE };
  const type: ProofType = isProofType(file.type) ? file.type : /\.pdf$/i.test(file.name.trim()) ? 'application/pdf' : 'image/jpeg';
  return { file, type };
}
