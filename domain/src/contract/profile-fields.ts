import type { ProfileField } from '../rules/profile.js';
import type { ProfileUser } from './users.js';

/** A field of the profile as the API names it: a property of ProfileUser, or a dotted one of its address. */
export type ProfileServerName = Exclude<keyof ProfileUser, 'address'> | `address.${keyof ProfileUser['address']}`;

/**
 * The API's name of each profile field (the profile answer's properties, and the keys of a refusal's
 * `errors`): what the server maps its rules' fields to and what the profile form maps back.
 */
export const PROFILE_SERVER_NAMES: { readonly [Field in ProfileField]: ProfileServerName } = {
  firstName: 'given_name',
  lastName: 'family_name',
  nickname: 'nickname',
  birthdate: 'birthdate',
  gender: 'gender',
  genderIdentity: 'gender_identity',
  underrepresented: 'underrepresented',
  underrepresentedGroup: 'underrepresented_group',
  disability: 'disability',
  disabilityType: 'disability_type',
  address1: 'address.address1',
  address2: 'address.address2',
  city: 'address.city',
  region: 'address.region',
  country: 'address.country',
  postalCode: 'address.postal_code',
  languages: 'languages',
  phoneNumber: 'phone_number',
  canText: 'can_text',
  canCall: 'can_call',
};
