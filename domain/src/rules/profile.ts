import { COUNTRIES } from '../options/countries.js';
import { LANGUAGES } from '../options/languages.js';
import { ETHNICITIES, PRONOUNS } from '../options/lists.js';
import type { FieldError } from '../timeline.js';

export interface ProfileAddress {
  address1: string;
  address2: string;
  city: string;
  /** 'N/A' where a country has no state, province or region. */
  region: string;
  /** Two-letter country code. */
  country: string;
  postalCode: string;
}

/** The profile as screens hold it (docs/product.md, 'What is stored'). */
export interface Profile {
  firstName: string;
  lastName: string;
  nickname: string;
  /** YYYY-MM-DD */
  birthdate: string;
  gender: string[];
  genderIdentity: string;
  underrepresented: string[];
  underrepresentedGroup: string;
  disability: 'yes' | 'no' | '';
  disabilityType: string;
  address: ProfileAddress;
  languages: string[];
  phoneNumber: string;
  canText: boolean;
  canCall: boolean;
}

export type ProfileField = Exclude<keyof Profile, 'address'> | keyof ProfileAddress;

export const PROFILE_FIELD_LABELS: Readonly<Record<ProfileField, string>> = {
  firstName: 'Legal first name',
  lastName: 'Last name',
  nickname: 'Name, if different',
  birthdate: 'Date of birth',
  gender: 'Pronouns',
  genderIdentity: 'Other pronouns',
  underrepresented: 'Ethnicity',
  underrepresentedGroup: 'Other ethnicity',
  disability: 'Disability',
  disabilityType: 'Type of disability',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  region: 'State / province / region',
  country: 'Country',
  postalCode: 'Postal code',
  languages: 'Languages',
  phoneNumber: 'Phone number',
  canText: 'Can receive texts in Canada',
  canCall: 'Can receive calls in Canada',
};

export const REQUIRED_PROFILE_MESSAGE = 'Please fill in all required fields';

/** What makes a profile complete (docs/product.md, 'Profile'). */
export const PROFILE_COMPLETENESS_FIELDS: readonly ProfileField[] = [
  'birthdate',
  'gender',
  'disability',
  'firstName',
  'lastName',
  'phoneNumber',
  'address1',
  'city',
  'region',
  'country',
  'postalCode',
];

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['address1', 'address2', 'city', 'region', 'country', 'postalCode']);

function fieldValue(profile: Partial<Profile>, field: ProfileField): unknown {
  return ADDRESS_FIELDS.has(field) ? profile.address?.[field as keyof ProfileAddress] : profile[field as keyof Profile];
}

/** The completeness fields still empty; an empty list means the profile is complete. */
export function profileMissingFields(profile: Partial<Profile> | null | undefined): ProfileField[] {
  if (!profile) return [...PROFILE_COMPLETENESS_FIELDS];
  return PROFILE_COMPLETENESS_FIELDS.filter((field) => blank(fieldValue(profile, field)));
}

export function isProfileComplete(profile: Partial<Profile> | null | undefined): boolean {
  return profileMissingFields(profile).length === 0;
}

/** A phone number with its international code: '+', then 7 to 15 digits (spaces, dots, dashes and brackets allowed). */
export const PHONE_NUMBER_PATTERN = /^\+[0-9][0-9 ().-]{5,22}$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE_NUMBER_PATTERN.test(value.trim()) && digits.length >= 7 && digits.length <= 15;
}

/** A real calendar day, YYYY-MM-DD, before `today`. */
export function isPastDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getTime() < today.getTime() && date.getUTCFullYear() >= 1900;
}

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.code));
const PRONOUN_VALUES = PRONOUNS.map((o) => o.value);
const ETHNICITY_VALUES = ETHNICITIES.map((o) => o.value);

/**
 * Lists arrive as arrays or as comma- or brace-separated strings ('a,b', '{a,b}'); only values of
 * the option list are kept.
 */
export function parseOptionList(value: unknown, allowed: readonly string[]): string[] {
  return splitList(value).filter((item) => allowed.includes(item));
}

/** An array, or a comma- or brace-separated string, as a list of distinct trimmed texts. */
export function splitList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.replace(/^\s*\{|\}\s*$/g, '').split(',') : [];
  const texts = items.map((item) => (typeof item === 'string' ? item.trim().replace(/^"|"$/g, '') : '')).filter((item) => item !== '');
  return [...new Set(texts)];
}

export const PROFILE_LIMITS = { name: 100, text: 200, address: 200, postalCode: 20, list: 50 } as const;

/**
 * Every reason a profile update is refused: the required fields (with the type of disability when
 * the answer is yes), values outside the option lists, and malformed dates and phone numbers.
 */
export function validateProfileUpdate(profile: Partial<Profile>, today: Date): FieldError[] {
  const errors: FieldError[] = [];
  const required: ProfileField[] = [...PROFILE_COMPLETENESS_FIELDS];
  if (profile.disability === 'yes') required.push('disabilityType');
  for (const field of required) {
    if (blank(fieldValue(profile, field))) errors.push({ field, message: `${PROFILE_FIELD_LABELS[field]} is required` });
  }
  const invalid = (field: ProfileField, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  if (profile.birthdate && !isPastDate(profile.birthdate, today))
    invalid('birthdate', 'Date of birth must be a real past date (YYYY-MM-DD)');
  if (profile.disability && profile.disability !== 'yes' && profile.disability !== 'no')
    invalid('disability', 'Disability must be yes or no');
  if (profile.phoneNumber && !isPhoneNumber(profile.phoneNumber)) {
    invalid('phoneNumber', 'Phone number must start with + and the international code, e.g. +1 604 555 0100');
  }
  if (profile.address?.country && !COUNTRY_CODES.has(profile.address.country))
    invalid('country', 'Country must be a two-letter code from the list');
  const outside = (list: unknown, allowed: readonly string[]) => Array.isArray(list) && list.some((v) => !allowed.includes(v));
  if (outside(profile.gender, PRONOUN_VALUES)) invalid('gender', `Pronouns must be among: ${PRONOUN_VALUES.join(', ')}`);
  if (outside(profile.underrepresented, ETHNICITY_VALUES)) invalid('underrepresented', 'Ethnicity has a value that is not in the list');
  if (outside(profile.languages, LANGUAGES)) invalid('languages', 'Languages has a value that is not in the list');
  return errors;
}
