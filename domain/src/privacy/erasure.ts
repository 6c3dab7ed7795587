import type { ApplicationData, ConfirmationForm } from '../contract/applications.js';
import { REMOVED_TEXT } from './retention.js';

/**
 * What an erased person's account shows instead of their name and email: the same placeholder
 * wherever a list, a report or a roster names them, so counts and totals stay as they were
 * (docs/decisions.md, 'Erasure on request').
 */
export const ERASED_NAME = { firstName: 'Erased', lastName: 'person' } as const;

/** The erased account's address: unique, and of a domain that can receive nothing (RFC 2606's `.invalid`). */
export function erasedEmail(userId: number): string {
  return `erased-${userId}@erased.invalid`;
}

export function isErasedEmail(email: string): boolean {
  return /^erased-\d+@erased\.invalid$/.test(email);
}

/**
 * The answers of an application that say nothing about who the person is, kept so that the
 * edition's figures (completion, team-leader and financial-aid applicants, years volunteered,
 * references asked for) stay as they were. Everything else (school, referees, essays, comments,
 * travel, the proof) is removed.
 */
const KEPT_APPLICATION_ANSWERS = [
  'schoolCountry',
  'expectedGraduationMonth',
  'expectedGraduationYear',
  'haveNotAttended',
  'haveAttended',
  'haveVolunteered',
  'yearsVolunteered',
  'haveAttendedAsia',
  'haveVolunteeredAsia',
  'yearsVolunteeredAsia',
  'firstReferenceType',
  'secondReferenceType',
  'financialSituation',
  'primaryTransport',
  'fundedTravel',
  'acceptedTerms',
  'acceptedMediaRelease',
  'acceptedPrivacy',
] as const satisfies readonly (keyof ApplicationData)[];

/** An erased person's application answers: only those that identify nobody. */
export function erasedApplicationData(data: Partial<ApplicationData> | null | undefined): Partial<ApplicationData> {
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_APPLICATION_ANSWERS) if (data && key in data) kept[key] = data[key];
  return { ...(kept as Partial<ApplicationData>), proofOfEnrollment: null };
}

/**
 * An erased person's confirmation form: the choices the logistics report counts (sizes, consents,
 * preferences, the passport answer) stay; what they wrote becomes REMOVED_TEXT, so it is still counted.
 */
export function erasedConfirmation(form: ConfirmationForm | null): ConfirmationForm | null {
  if (!form) return null;
  return {
    ...form,
    dietRestrictions: form.dietRestrictions?.trim() ? REMOVED_TEXT : '',
    additionalInfo: form.additionalInfo?.trim() ? REMOVED_TEXT : '',
  };
}

/**
 * Replaces every appearance of the person's email and names (whole words, whatever the case) in a
 * text: an erasure's reason, a value an email or the audit log kept.
 */
export function withoutPerson(
  text: string,
  person: { email: string; firstName: string; lastName: string; nickname?: string | null },
): string {
  const needles = [person.email, `${person.firstName} ${person.lastName}`, person.nickname ?? '', person.firstName, person.lastName]
    .map((needle) => needle.trim())
    .filter((needle) => needle.length >= 2);
  const placeholder = `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}`;
  let result = text;
  for (const needle of needles) {
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), placeholder);
  }
  return result;
}

/** Every text in a JSON value taken through `withoutPerson`; the keys and the other values stay. */
export function jsonWithoutPerson<T>(value: T, person: Parameters<typeof withoutPerson>[1]): T {
  if (typeof value === 'string') return withoutPerson(value, person) as T;
  if (Array.isArray(value)) return value.map((item) => jsonWithoutPerson(item, person)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonWithoutPerson(item, person)])) as T;
  return value;
}
