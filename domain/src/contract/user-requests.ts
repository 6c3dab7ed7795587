import { PASSWORD_MIN_LENGTH } from '../rules/account.js';
import { type Static, Type } from './schema.js';
import { UserRole } from './users.js';

/**
 * Request bodies of the accounts (sign-in, registration, passwords) and of an administrator's change to a user, declared once
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
