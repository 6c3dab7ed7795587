/** The account forms' rules (docs/product.md, 'Accounts'), shared by the server's checks and the buttons' states. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';

const filled = (value: string | undefined | null) => !!value && value.trim() !== '';

/** Register is enabled once first and last name, email and a long enough password are there. */
export function canRegister(form: { firstName?: string; lastName?: string; email?: string; password?: string }): boolean {
  return filled(form.firstName) && filled(form.lastName) && filled(form.email) && (form.password ?? '').length >= PASSWORD_MIN_LENGTH;
}

/** Login is enabled with an email and a password, while no login is under way. */
export function canLogin(form: { email?: string; password?: string }, busy: boolean): boolean {
  return !busy && filled(form.email) && (form.password ?? '') !== '';
}

/** Change password is enabled only when both passwords are there and equal. */
export function canChangePassword(password: string, retyped: string): boolean {
  return password !== '' && retyped !== '' && password === retyped;
}

/** An email address as accounts store and compare it: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
