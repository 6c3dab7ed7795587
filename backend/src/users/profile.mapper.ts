import { PROFILE_SERVER_NAMES, type Profile, type ProfileUser, profileMissingFields, splitList } from '@svp/domain';
import type { UpdateProfileDto } from './dto/update-profile.dto.js';
import type { User } from './user.entity.js';

export function profileOf(user: User): Profile {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    nickname: user.nickname ?? '',
    birthdate: user.birthdate ?? '',
    gender: user.gender ?? [],
    genderIdentity: user.genderIdentity ?? '',
    underrepresented: user.underrepresented ?? [],
    underrepresentedGroup: user.underrepresentedGroup ?? '',
    disability: user.disability ?? '',
    disabilityType: user.disabilityType ?? '',
    address: {
      address1: user.address1 ?? '',
      address2: user.address2 ?? '',
      city: user.city ?? '',
      region: user.region ?? '',
      country: user.country ?? '',
      postalCode: user.postalCode ?? '',
    },
    languages: user.languages ?? [],
    phoneNumber: user.phoneNumber ?? '',
    canText: user.canText,
    canCall: user.canCall,
  };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The submitted whole profile, in the rules' terms. */
export function profileFromUpdate(dto: UpdateProfileDto): Profile {
  return {
    firstName: trimmed(dto.given_name),
    lastName: trimmed(dto.family_name),
    nickname: trimmed(dto.nickname),
    birthdate: trimmed(dto.birthdate),
    gender: splitList(dto.gender),
    genderIdentity: trimmed(dto.gender_identity),
    underrepresented: splitList(dto.underrepresented),
    underrepresentedGroup: trimmed(dto.underrepresented_group),
    disability: dto.disability ?? '',
    disabilityType: dto.disability === 'yes' ? trimmed(dto.disability_type) : '',
    address: {
      address1: trimmed(dto.address?.address1),
      address2: trimmed(dto.address?.address2),
      city: trimmed(dto.address?.city),
      region: trimmed(dto.address?.region),
      country: trimmed(dto.address?.country).toUpperCase(),
      postalCode: trimmed(dto.address?.postal_code),
    },
    languages: splitList(dto.languages),
    phoneNumber: trimmed(dto.phone_number),
    canText: dto.can_text ?? false,
    canCall: dto.can_call ?? false,
  };
}

export function applyProfile(user: User, profile: Profile): void {
  const empty = (value: string) => (value === '' ? null : value);
  user.firstName = profile.firstName;
  user.lastName = profile.lastName;
  user.nickname = empty(profile.nickname);
  user.birthdate = empty(profile.birthdate);
  user.gender = profile.gender;
  user.genderIdentity = empty(profile.genderIdentity);
  user.underrepresented = profile.underrepresented;
  user.underrepresentedGroup = empty(profile.underrepresentedGroup);
  user.disability = profile.disability === '' ? null : profile.disability;
  user.disabilityType = empty(profile.disabilityType);
  user.address1 = empty(profile.address.address1);
  user.address2 = empty(profile.address.address2);
  user.city = empty(profile.address.city);
  user.region = empty(profile.address.region);
  user.country = empty(profile.address.country);
  user.postalCode = empty(profile.address.postalCode);
  user.languages = profile.languages;
  user.phoneNumber = empty(profile.phoneNumber);
  user.canText = profile.canText;
  user.canCall = profile.canCall;
}

/** What the profile tells of the user's application: whether there is one, and its wire status id. */
export interface ApplicationSummary {
  exists: boolean;
  statusId: number | null;
}

/** GET /users/profile's user, with the server names, completeness, and whether there is an application and its status. */
export function profileView(user: User, application: ApplicationSummary): ProfileUser {
  const profile = profileOf(user);
  return {
    id: user.id,
    svid: user.svid,
    sv_id: user.svid,
    username: user.username,
    email: user.email,
    given_name: profile.firstName,
    family_name: profile.lastName,
    nickname: profile.nickname,
    birthdate: profile.birthdate,
    gender: profile.gender,
    gender_identity: profile.genderIdentity,
    underrepresented: profile.underrepresented,
    underrepresented_group: profile.underrepresentedGroup,
    disability: profile.disability,
    disability_type: profile.disabilityType,
    address: {
      address1: profile.address.address1,
      address2: profile.address.address2,
      city: profile.address.city,
      region: profile.address.region,
      country: profile.address.country,
      postal_code: profile.address.postalCode,
    },
    languages: profile.languages,
    phone_number: profile.phoneNumber,
    can_text: profile.canText,
    can_call: profile.canCall,
    role: user.role,
    is_admin: user.isAdmin,
    is_team_leader: user.role === 'Team-Leader',
    verified: user.verified,
    application_status_id: application.statusId,
    // The client skips GET /application/{id} (a 404 by design) when there is none yet.
    has_application: application.exists,
    profile_complete: profileMissingFields(profile).length === 0,
    missing_fields: profileMissingFields(profile).map((field) => PROFILE_SERVER_NAMES[field]),
  };
}
