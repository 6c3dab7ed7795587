/** The views of the sign-up and login panel (docs/product.md, 'Home and accounts'). */
export type AuthView = 'signIn' | 'register' | 'confirmRegistration' | 'forgotPassword' | 'changePassword';

export const AUTH_VIEW_TITLES: Record<AuthView, string> = {
  signIn: 'Sign In',
  register: 'Start a New Application',
  confirmRegistration: 'Confirm Your Email',
  forgotPassword: 'Forgot Password',
  changePassword: 'Choose a New Password',
};

/** Shown after a new password is set, by link or by code. */
export const PASSWORD_CHANGED = 'Password successfully changed.';

/** Server field names (snake_case) to the forms' names, for a validation answer's `errors`. */
export function formErrorsFrom(errors: Record<string, string>, names: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = names[field] ?? field;
    mapped[name] = message;
  }
  return mapped;
}
