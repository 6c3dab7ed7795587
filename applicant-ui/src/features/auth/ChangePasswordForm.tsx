import { Button, Link, Stack, Typography } from '@mui/material';
import { canChangePassword } from '@svp/domain';
import { Form, Formik } from 'formik';
import { endpoints } from '../../api/endpoints';
import { TextInput } from '../../components/form-fields/TextInput';
import { useSession } from '../../state/SessionContext';
import { type ChangePasswordValues, PASSWORD_HINT, changePasswordSchema } from './authSchemas';
import { type AuthView, PASSWORD_CHANGED } from './authView';
import { RetypePasswordInput } from './RetypePasswordInput';
import { useAuthAlerts } from './useAuthAlerts';

/** Sets a new password with the token of a reset link, then logs out. */
export function ChangePasswordForm({ onShow }: { onShow: (view: AuthView) => void }) {
  const session = useSession();
  const { showError, showMessage, clearAll } = useAuthAlerts();

  const change = async (values: ChangePasswordValues) => {
    clearAll();
    try {
      await endpoints.changePassword({ token: session.passwordResetToken ?? undefined, password: values.password });
      onShow('signIn');
      showMessage(PASSWORD_CHANGED);
      session.setPasswordResetToken(null);
      session.logout();
    } catch (error) {
      showError(error);
    }
  };

  const requestNewLink = () => {
    session.setPasswordResetToken(null);
    onShow('forgotPassword');
  };

  return (
    <Formik<ChangePasswordValues>
      initialValues={{ password: '', retypePassword: '' }}
      validationSchema={changePasswordSchema}
      validateOnBlur={false}
      onSubmit={change}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Choose a new password">
          <Stack spacing={2}>
            <Typography>Choose a new password for your account. You will then sign in with it.</Typography>
            <TextInput
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
              helperText={PASSWORD_HINT}
            />
            <RetypePasswordInput label="Retype new password" />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting || !canChangePassword(values.password, values.retypePassword)}
            >
              {isSubmitting ? 'Saving...' : 'Reset Password'}
            </Button>
            <Link component="button" type="button" variant="body2" onClick={requestNewLink} sx={{ alignSelf: 'flex-start' }}>
              Link not working? Request a new one
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
