import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH_MESSAGE, canChangePassword, canLogin, canRegister } from '@svp/domain';
import { type AnyObject, type ObjectSchema, object, string } from 'yup';

// The forms check on change and on submit, not on blur: an error appearing when an untouched field
// loses focus shifts the links below it away from the pointer, and the click is lost.

/** Length of the codes the server mails for confirming an address or resetting a password. */
export const EMAILED_CODE_LENGTH = 6;

export const PASSWORD_HINT = `at least ${PASSWORD_MIN_LENGTH} characters`;

const email = string().trim().required('Please enter your email').email('Please enter a valid email address');
const newPassword = string()
  .required('Please enter a password')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
const retypedPassword = string().required('Please retype your password');
const emailedCode = string()
  .trim()
  .required('Please enter the code from the email')
  .matches(new RegExp(`^\\d{${EMAILED_CODE_LENGTH}}$`), `The code has ${EMAILED_CODE_LENGTH} digits`);

/**
 * The field messages above say which field is wrong; the domain rule, checked last on the whole
 * form, is what decides whether the form may be sent, exactly as it decides the button's state.
 */
function withRule<T extends AnyObject>(schema: ObjectSchema<T>, rule: (values: T) => boolean, message: string) {
  return schema.test('domain-rule', message, function check(values) {
    return rule(values as T) || this.createError({ path: 'form', message });
  });
}

function withMatchingPasswords<T extends AnyObject & { password: string; retypePassword: string }>(schema: ObjectSchema<T>) {
  return schema.test('passwords-match', PASSWORD_MISMATCH_MESSAGE, function check(values) {
    const { password, retypePassword } = values as T;
    return (
      !retypePassword || password === retypePassword || this.createError({ path: 'retypePassword', message: PASSWORD_MISMATCH_MESSAGE })
    );
  });
}

export interface SignInValues {
  email: string;
  password: string;
}
export const signInSchema = withRule(
  object({ email: string().trim().required('Please enter your email'), password: string().required('Please enter your password') }),
  (values: SignInValues) => canLogin(values, false),
  'Please enter your email and password',
);

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  retypePassword: string;
}
export const registerSchema = withMatchingPasswords(
  withRule(
    object({
      firstName: string().trim().required('Please enter your first name'),
      lastName: string().trim().required('Please enter your last name'),
      email,
      password: newPassword,
      retypePassword: retypedPassword,
    }),
    (values: RegisterValues) => canRegister(values),
    'Please fill in every field',
  ),
);

export interface ConfirmRegistrationValues {
  code: string;
}
export const confirmRegistrationSchema = object({ code: emailedCode });

export interface ForgotPasswordValues {
  email: string;
}
export const forgotPasswordSchema = object({ email: string().trim().required('Please enter your email') });

export interface ChangePasswordValues {
  password: string;
  retypePassword: string;
}
export const changePasswordSchema = withMatchingPasswords(
  withRule(
    object({ password: newPassword, retypePassword: retypedPassword }),
    (values: ChangePasswordValues) => canChangePassword(values.password, values.retypePassword),
    PASSWORD_MISMATCH_MESSAGE,
  ),
);

export interface ResetWithCodeValues extends ChangePasswordValues {
  email: string;
  code: string;
}
export const resetWithCodeSchema = withMatchingPasswords(
  withRule(
    object({
      email: string().trim().required('Please enter your email'),
      code: emailedCode,
      password: newPassword,
      retypePassword: retypedPassword,
    }),
    (values: ResetWithCodeValues) => canChangePassword(values.password, values.retypePassword),
    PASSWORD_MISMATCH_MESSAGE,
  ),
);
