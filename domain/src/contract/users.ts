import { ErrorCode } from './error-codes.js';
import { Envelope, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const UserRole = OneOf(['Team-Leader', 'Student-Volunteer'], { description: "The access token's role." });
export type UserRole = Static<typeof UserRole>;

/** The signed-in user as sign-in, registration and confirmation answer it. */
export const SessionUser = Type.Object({
  id: Id(),
  svid: Type.String({ description: 'The SV ID.' }),
  username: Type.String(),
  email: Type.String({ description: 'An email address (any script).' }),
  firstName: Type.String(),
  lastName: Type.String(),
  role: UserRole,
  isAdmin: Type.Boolean(),
  isTeamLeader: Type.Boolean(),
  verified: Type.Boolean({ description: 'Whether the email address is confirmed.' }),
});
export type SessionUser = Static<typeof SessionUser>;

export const Session = Type.Object(
  {
    access_token: Type.String({ description: 'Send as `Authorization: Bearer <access_token>`.' }),
    expires_at: Instant(),
  },
  { description: 'An access token and when it expires (docs/api.md#authentication).' },
);
export type Session = Static<typeof Session>;

export const SignedIn = Type.Object({ user: SessionUser, session: Session });
export type SignedIn = Static<typeof SignedIn>;

/** POST /api/users/confirm-registration. */
export const RegistrationConfirmed = Type.Interface([SignedIn], { message: Type.String() });
export type RegistrationConfirmed = Static<typeof RegistrationConfirmed>;

/** POST /api/users/register when the code email could not be sent: created and signed in all the same. */
export const RegisteredWithoutMail = Type.Object(
  {
    success: Type.Literal(false),
    data: Type.Interface([SignedIn], { message: Type.String(), err: Type.Literal(ErrorCode.MailNotSent) }),
  },
  { description: "The account is created and signed in, but the code email could not be sent (`err: 'EMESSAGE'`)." },
);
export type RegisteredWithoutMail = Static<typeof RegisteredWithoutMail>;

/** POST /api/users/register (201): signed in, with or without the code email sent. */
export const Registered = Type.Union([Envelope(SignedIn), RegisteredWithoutMail]);
export type Registered = Static<typeof Registered>;

export const ProfileAddressView = Type.Object({
  address1: Type.String(),
  address2: Type.String(),
  city: Type.String(),
  region: Type.String({ description: "'N/A' where a country has no state, province or region." }),
  country: Type.String({ description: 'Two-letter country code.' }),
  postal_code: Type.String(),
});

/** GET /api/users/profile's user: the profile under the server's field names. */
export const ProfileUser = Type.Object(
  {
    id: Id(),
    svid: Type.String(),
    sv_id: Type.String({ description: "The SV ID again, under the earlier portal's name." }),
    username: Type.String(),
    email: Type.String({ description: 'An email address (any script).' }),
    given_name: Type.String(),
    family_name: Type.String(),
    nickname: Type.String(),
    birthdate: Type.String({ description: "YYYY-MM-DD, or '' when not given." }),
    gender: Type.Array(Type.String(), { description: 'Pronouns (codes of the option list).' }),
    gender_identity: Type.String(),
    underrepresented: Type.Array(Type.String(), { description: 'Ethnicities (codes of the option list).' }),
    underrepresented_group: Type.String(),
    disability: OneOf(['yes', 'no', '']),
    disability_type: Type.String(),
    address: ProfileAddressView,
    languages: Type.Array(Type.String()),
    phone_number: Type.String(),
    can_text: Type.Boolean(),
    can_call: Type.Boolean(),
    role: UserRole,
    is_admin: Type.Boolean(),
    is_team_leader: Type.Boolean(),
    verified: Type.Boolean(),
    application_status_id: Nullable(Type.Integer(), {
      description: 'The wire status id; null for a pending application and when there is none.',
    }),
    has_application: Type.Boolean({ description: 'False until the first save: GET /api/application/{id} answers 404 then.' }),
    profile_complete: Type.Boolean(),
    missing_fields: Type.Array(Type.String(), { description: 'The server names of the fields still missing.' }),
  },
  { description: 'The profile with the server names of its fields (docs/api.md#profile).' },
);
export type ProfileUser = Static<typeof ProfileUser>;

export const ProfileView = Type.Object({
  user: ProfileUser,
  session: Type.Object({
    is_authenticated: Type.Boolean(),
    is_verified: Type.Boolean(),
    is_admin: Type.Boolean(),
    is_team_leader: Type.Boolean(),
  }),
});
export type ProfileView = Static<typeof ProfileView>;

/** POST /api/users/profile. */
export const ProfileSaved = Type.Object({
  message: Type.String(),
  user: ProfileUser,
  email_changed: Type.Boolean(),
  mail_sent: Type.Optional(Type.Boolean({ description: 'With a new address: whether its confirmation code could be sent.' })),
  session: Type.Optional(Type.Null({ description: 'With a new address: every session has ended, sign in again.' })),
});
export type ProfileSaved = Static<typeof ProfileSaved>;

/** A user as the admin panel lists it (`users` resource). */
export const AdminUser = Type.Object({
  id: Id(),
  email: Type.String({ description: 'An email address (any script).' }),
  firstName: Type.String(),
  lastName: Type.String(),
  svid: Type.String(),
  username: Type.String(),
  role: UserRole,
  isAdmin: Type.Boolean(),
  verified: Type.Boolean(),
  profileComplete: Type.Boolean(),
  createdAt: Instant(),
});
export type AdminUser = Static<typeof AdminUser>;
