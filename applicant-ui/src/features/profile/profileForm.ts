import { PROFILE_FIELD_LABELS, PROFILE_SERVER_NAMES, type Profile, type ProfileField } from '@svp/domain';
import type { ProfileUser } from '../../api/types';

/** The profile form holds the domain's Profile (so its rules apply as they are) plus the email address. */
export interface ProfileFormValues extends Profile {
  email: string;
  /** Asked for, and sent, only when the email address changes. */
  currentPassword: string;
}

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email address.';

/** Whether the form changes the account's address (the server compares addresses trimmed and in lower case). */
export function changesEmail(values: Pick<ProfileFormValues, 'email'>, savedEmail: string): boolean {
  return values.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['address1', 'address2', 'city', 'region', 'country', 'postalCode']);

/** Where a domain field lives in the form's values (address fields are nested). */
export function formPathOf(field: string): string {
  return ADDRESS_FIELDS.has(field) ? `address.${field}` : field;
}

/** The server's name of each form path: the contract's PROFILE_SERVER_NAMES, with the email and the current password. */
const SERVER_NAMES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(PROFILE_SERVER_NAMES).map(([field, name]) => [formPathOf(field), name])),
  email: 'email',
  currentPassword: 'current_password',
};
const FORM_PATHS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SERVER_NAMES).map(([path, name]) => [name, path]));

/** The form's starting values from GET /users/profile's user. */
export function profileFormValues(user: ProfileUser): ProfileFormValues {
  return {
    firstName: user.given_name ?? '',
    lastName: user.family_name ?? '',
    nickname: user.nickname ?? '',
    email: user.email ?? '',
    birthdate: user.birthdate ?? '',
    gender: user.gender ?? [],
    genderIdentity: user.gender_identity ?? '',
    underrepresented: user.underrepresented ?? [],
    underrepresentedGroup: user.underrepresented_group ?? '',
    disability: user.disability ?? '',
    disabilityType: user.disability_type ?? '',
    address: {
      address1: user.address?.address1 ?? '',
      address2: user.address?.address2 ?? '',
      city: user.address?.city ?? '',
      region: user.address?.region ?? '',
      country: user.address?.country ?? '',
      postalCode: user.address?.postal_code ?? '',
    },
    languages: user.languages ?? [],
    phoneNumber: user.phone_number ?? '',
    canText: !!user.can_text,
    canCall: !!user.can_call,
    currentPassword: '',
  };
}

/**
 * The body of POST /users/profile: the whole profile with the server's names. Free texts that
 * belong to an unticked 'other' or to a 'no' are sent empty, so nothing hidden is kept.
 */
export function profileUpdateBody(values: ProfileFormValues, svid: string, savedEmail: string) {
  const text = (value: string) => value.trim();
  return {
    sv_id: svid,
    given_name: text(values.firstName),
    family_name: text(values.lastName),
    nickname: text(values.nickname),
    email: text(values.email),
    birthdate: values.birthdate,
    gender: values.gender,
    gender_identity: values.gender.includes('other') ? text(values.genderIdentity) : '',
    underrepresented: values.underrepresented,
    underrepresented_group: values.underrepresented.includes('other') ? text(values.underrepresentedGroup) : '',
    disability: values.disability,
    disability_type: values.disability === 'yes' ? text(values.disabilityType) : '',
    address: {
      address1: text(values.address.address1),
      address2: text(values.address.address2),
      city: text(values.address.city),
      region: text(values.address.region),
      country: values.address.country,
      postal_code: text(values.address.postalCode),
    },
    languages: values.languages,
    phone_number: text(values.phoneNumber),
    can_text: values.canText,
    can_call: values.canCall,
    ...(changesEmail(values, savedEmail) ? { current_password: values.currentPassword } : {}),
  };
}

/** A validation answer's `errors` (server names) as Formik errors on the form's fields. */
export function formErrorsFromServer(errors: Record<string, string>): Record<string, unknown> {
  const formErrors: Record<string, unknown> = {};
  for (const [name, message] of Object.entries(errors)) {
    const path = FORM_PATHS[name];
    if (!path) continue;
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail) formErrors[head] = { ...(formErrors[head] as object), [tail]: message };
    else formErrors[head] = message;
  }
  return formErrors;
}

/** The labels of the fields a profile still misses, from the server's `missing_fields` names. */
export function missingFieldLabels(missingFields: readonly string[]): string[] {
  return missingFields
    .map((name) => FORM_PATHS[name]?.replace(/^address\./, '') as ProfileField | undefined)
    .filter((field): field is ProfileField => !!field && field in PROFILE_FIELD_LABELS)
    .map((field) => PROFILE_FIELD_LABELS[field]);
}
