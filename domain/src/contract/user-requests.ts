import { PASSWORD_MIN_LENGTH } from '../rules/account.js';
import { PROFILE_LIMITS } from '../rules/profile.js';
import { AddressBody } from './requests.js';
import type { TSchemaOptions } from 'typebox';
import { OneOf, type Static, Type } from './schema.js';
import { UserRole } from './users.js';

/**
 * Request bodies of the accounts (sign-in, registration, passwords, the profile) and of an administrator's change to a user, declared once
 * like requests.ts's: the OpenAPI document describes each from its schema and each DTO is tied to it (`SameShape`).
 */

const password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 });

/** POST /api/users/login. */
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, examples: ['ada@example.edu'] }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type LoginBody = Static<typeof LoginBody>;

/** POST /api/users/register. */
export const RegisterBody = Type.Object({
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ format: 'email', maxLength: 254, examples: ['ada@example.edu'] }),
  password,
  svid: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'A client-made SV ID; used only if well-formed and unused, otherwise the server makes one.',
    }),
  ),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** An email alone (a new registration code, a password reset). */
export const EmailBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254, examples: ['ada@example.edu'] }) });
export type EmailBody = Static<typeof EmailBody>;

/** The registration confirmed with the mailed code. */
export const ConfirmRegistrationBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, examples: ['ada@example.edu'] }),
  code: Type.String({ minLength: 1, maxLength: 12, examples: ['123456'] }),
});
export type ConfirmRegistrationBody = Static<typeof ConfirmRegistrationBody>;

/** A reset link's token, checked without being used. */
export const ResetTokenBody = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2048 })) });
export type ResetTokenBody = Static<typeof ResetTokenBody>;

/** A new password, with either the reset link's token or the email and the mailed code. */
export const ChangePasswordBody = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 2048, description: "The reset link's token (or email and code)." })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  code: Type.Optional(Type.String({ maxLength: 12, description: 'The mailed code, with email.' })),
  password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** PUT /api/admin/users/{id}: the role claim and the administrator flag. */
export const UpdateUserBody = Type.Object({
  role: Type.Optional(UserRole),
  isAdmin: Type.Optional(Type.Boolean()),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

const profileText = (maxLength: number, options?: TSchemaOptions) => Type.Optional(Type.String({ maxLength, ...options }));

/** A list of short texts, as an array or as one comma-separated string. */
const textList = (maxLength: number, example: string) =>
  Type.Optional(
    Type.Union(
      [
        Type.Array(Type.String({ maxLength }), { maxItems: PROFILE_LIMITS.list }),
        Type.String({ maxLength: PROFILE_LIMITS.list * (maxLength + 4) }),
      ],
      {
        description: `At most ${PROFILE_LIMITS.list} texts, as a list or one comma-separated text.`,
        examples: [[example]],
      },
    ),
  );

/**
 * POST /api/users/profile: the whole profile, with the server's field names. What is left out is saved empty (the required ones
 * are then refused by the profile rule); the email is changed only when given.
 */
export const UpdateProfileBody = Type.Object({
  given_name: profileText(PROFILE_LIMITS.name),
  family_name: profileText(PROFILE_LIMITS.name),
  nickname: profileText(PROFILE_LIMITS.name),
  sv_id: profileText(64, { description: "The caller's own SV ID; any other is refused." }),
  email: Type.Optional(
    Type.String({
      format: 'email',
      maxLength: 254,
      description: 'A new address needs current_password; it is verified again with a code, and ends the session.',
    }),
  ),
  current_password: profileText(1024, {
    description: 'The account’s password: required, and checked, only when `email` changes the address.',
  }),
  birthdate: profileText(10, { examples: ['2003-12-10'] }),
  gender: textList(40, 'she/her'),
  gender_identity: profileText(PROFILE_LIMITS.text),
  underrepresented: textList(40, 'first-generation'),
  underrepresented_group: profileText(PROFILE_LIMITS.text),
  disability: Type.Optional(OneOf(['yes', 'no', ''])),
  disability_type: profileText(PROFILE_LIMITS.text),
  address: Type.Optional(AddressBody),
  languages: textList(60, 'English'),
  phone_number: profileText(32, { examples: ['+1 604 555 0100'] }),
  can_text: Type.Optional(Type.Boolean()),
  can_call: Type.Optional(Type.Boolean()),
});
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;
