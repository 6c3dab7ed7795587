import { Alert, Button, Link, Stack } from '@mui/material';
import { canLogin } from '@svp/domain';
import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import { TextInput } from '../../components/form-fields/TextInput';
import { useSession } from '../../state/SessionContext';
import { type SignInValues, signInSchema } from './authSchemas';
import type { AuthView } from './authView';
import { AFTER_SIGN_IN, SIGN_IN_TO_CONTINUE, useReturnTo } from './returnTo';
import { useAuthAlerts } from './useAuthAlerts';

interface Props {
  onShow: (view: AuthView) => void;
  /** Offer the sign-up link (only while applications are open). */
  registrationOpen: boolean;
  autoFocus?: boolean;
}

export function SignInForm({ onShow, registrationOpen, autoFocus }: Props) {
  const session = useSession();
  const { showError, clearAll } = useAuthAlerts();
  const navigate = useNavigate();
  const returnTo = useReturnTo();

  const signIn = async (values: SignInValues) => {
    clearAll();
    try {
      session.signIn(await endpoints.login(values.email.trim(), values.password));
      navigate(returnTo ?? AFTER_SIGN_IN);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Formik<SignInValues>
      initialValues={{ email: '', password: '' }}
      validationSchema={signInSchema}
      validateOnBlur={false}
      onSubmit={signIn}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Sign in">
          <Stack spacing={2}>
            {returnTo && <Alert severity="info">{SIGN_IN_TO_CONTINUE}</Alert>}
            <TextInput name="email" label="Email" type="email" autoComplete="email" autoFocus={autoFocus} />
            <TextInput name="password" label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" variant="contained" size="large" disabled={!canLogin(values, isSubmitting)}>
              {isSubmitting ? 'Logging In...' : 'Login'}
            </Button>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Link component="button" type="button" variant="body2" onClick={() => onShow('forgotPassword')}>
                Forgot password?
              </Link>
              {registrationOpen && (
                <Link component="button" type="button" variant="body2" onClick={() => onShow('register')}>
                  New here? Sign up
                </Link>
              )}
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
