import { Button, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import { TextInput } from '../../components/form-fields/TextInput';
import { useSession } from '../../state/SessionContext';
import { type ConfirmRegistrationValues, EMAILED_CODE_LENGTH, confirmRegistrationSchema } from './authSchemas';
import { useAfterSignIn } from './returnTo';
import { useAuthAlerts } from './useAuthAlerts';

/** The code mailed at registration confirms the address and signs the user in afresh. */
export function ConfirmRegistrationForm({ email }: { email: string }) {
  const session = useSession();
  const { showError, showMessage, clearAll } = useAuthAlerts();
  const navigate = useNavigate();
  const afterSignIn = useAfterSignIn();
  const [resending, setResending] = useState(false);

  const confirm = async (values: ConfirmRegistrationValues) => {
    clearAll();
    try {
      session.signIn(await endpoints.confirmRegistration(email, values.code.trim()));
      navigate(afterSignIn);
    } catch (error) {
      showError(error);
    }
  };

  const resend = async () => {
    clearAll();
    setResending(true);
    try {
      showMessage((await endpoints.resendCode(email)).message);
    } catch (error) {
      showError(error);
    } finally {
      setResending(false);
    }
  };

  return (
    <Formik<ConfirmRegistrationValues>
      initialValues={{ code: '' }}
      validationSchema={confirmRegistrationSchema}
      validateOnBlur={false}
      onSubmit={confirm}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Confirm your email">
          <Stack spacing={2}>
            <Typography>
              We sent a {EMAILED_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it here to confirm your email address and
              continue to your application.
            </Typography>
            <TextInput
              name="code"
              label="Verification code"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: EMAILED_CODE_LENGTH } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting || !confirmRegistrationSchema.isValidSync(values)}
            >
              {isSubmitting ? 'Confirming...' : 'Confirm Email'}
            </Button>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2">No email after a few minutes? Check your spam folder, or</Typography>
              <Button size="small" onClick={resend} disabled={resending}>
                {resending ? 'Sending...' : 'Resend code'}
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
