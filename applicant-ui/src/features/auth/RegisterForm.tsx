import { Button, Link, Stack } from '@mui/material';
import { ErrorCode, canRegister } from '@svp/domain';
import { Form, Formik, type FormikHelpers } from 'formik';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { TextInput } from '../../components/form-fields/TextInput';
import { useSession } from '../../state/SessionContext';
import { PASSWORD_HINT, type RegisterValues, registerSchema } from './authSchemas';
import { type AuthView, formErrorsFrom } from './authView';
import { RetypePasswordInput } from './RetypePasswordInput';
import { generateSvid } from './svid';
import { useAuthAlerts } from './useAuthAlerts';

const SERVER_NAMES = { first_name: 'firstName', last_name: 'lastName' };

interface Props {
  onShow: (view: AuthView) => void;
  /** The account exists and is signed in; `notice` is the server's word when the code email could not go out. */
  onRegistered: (email: string, notice?: string) => void;
}

export function RegisterForm({ onShow, onRegistered }: Props) {
  const session = useSession();
  const { showError, clearAll } = useAuthAlerts();

  const register = async (values: RegisterValues, { setErrors }: FormikHelpers<RegisterValues>) => {
    clearAll();
    const email = values.email.trim();
    try {
      const result = await endpoints.register({
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        email,
        password: values.password,
        svid: generateSvid(),
      });
      // The view changes before the session, so Home never sees a signed-in user outside the confirmation view.
      onRegistered(email, result.err === ErrorCode.MailNotSent ? result.message : undefined);
      session.signIn(result);
    } catch (error) {
      if (error instanceof ApiError) setErrors(formErrorsFrom(error.errors, SERVER_NAMES));
      showError(error);
    }
  };

  return (
    <Formik<RegisterValues>
      validateOnBlur={false}
      initialValues={{ firstName: '', lastName: '', email: '', password: '', retypePassword: '' }}
      validationSchema={registerSchema}
      onSubmit={register}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Register">
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput name="firstName" label="First name" autoComplete="given-name" />
              <TextInput name="lastName" label="Last name" autoComplete="family-name" />
            </Stack>
            <TextInput name="email" label="Email" type="email" autoComplete="email" />
            <TextInput name="password" label="Password" type="password" autoComplete="new-password" helperText={PASSWORD_HINT} />
            <RetypePasswordInput />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting || !canRegister(values) || values.password !== values.retypePassword}
            >
              {isSubmitting ? 'Creating account...' : 'Start Application'}
            </Button>
            <Link component="button" type="button" variant="body2" onClick={() => onShow('signIn')} sx={{ alignSelf: 'flex-start' }}>
              Already registered? Sign In
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
