import { Button, Link, Stack, Typography } from '@mui/material';
import { canChangePassword } from '@svp/domain';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { endpoints } from '../../api/endpoints';
import { TextInput } from '../../components/form-fields/TextInput';
import {
  EMAILED_CODE_LENGTH,
  type ForgotPasswordValues,
  PASSWORD_HINT,
  type ResetWithCodeValues,
  forgotPasswordSchema,
  resetWithCodeSchema,
} from './authSchemas';
import { type AuthView, PASSWORD_CHANGED } from './authView';
import { RetypePasswordInput } from './RetypePasswordInput';
import { useAuthAlerts } from './useAuthAlerts';

/**
 * Asks for a reset email; then offers the variant with the code from that email,
 * for someone who reads mail on another device than the one they sign in on.
 */
export function ForgotPasswordForm({ onShow }: { onShow: (view: AuthView) => void }) {
  const [stage, setStage] = useState<'request' | 'code'>('request');
  const [email, setEmail] = useState('');
  return stage === 'request' ? (
    <RequestReset
      email={email}
      onShow={onShow}
      onSent={(sentTo) => {
        setEmail(sentTo);
        setStage('code');
      }}
      onHaveCode={(typed) => {
        setEmail(typed);
        setStage('code');
      }}
    />
  ) : (
    <ResetWithCode email={email} onShow={onShow} onAgain={() => setStage('request')} />
  );
}

interface RequestProps {
  email: string;
  onShow: (view: AuthView) => void;
  onSent: (email: string) => void;
  onHaveCode: (email: string) => void;
}

function RequestReset({ email, onShow, onSent, onHaveCode }: RequestProps) {
  const { showError, showMessage, clearAll } = useAuthAlerts();

  const send = async (values: ForgotPasswordValues) => {
    clearAll();
    try {
      const { message } = await endpoints.forgotPassword(values.email.trim());
      showMessage(message);
      onSent(values.email.trim());
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Formik<ForgotPasswordValues> initialValues={{ email }} validationSchema={forgotPasswordSchema} validateOnBlur={false} onSubmit={send}>
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Forgot password">
          <Stack spacing={2}>
            <Typography>Enter the email you registered with and we will send you a link to reset your password.</Typography>
            <TextInput name="email" label="Email" type="email" autoComplete="email" autoFocus />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting || values.email.trim() === ''}>
              {isSubmitting ? 'Sending...' : 'Send Password Reset'}
            </Button>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Link component="button" type="button" variant="body2" onClick={() => onShow('signIn')}>
                Sign In Instead
              </Link>
              <Link component="button" type="button" variant="body2" onClick={() => onHaveCode(values.email.trim())}>
                I already have a code
              </Link>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function ResetWithCode({ email, onShow, onAgain }: { email: string; onShow: (view: AuthView) => void; onAgain: () => void }) {
  const { showError, showMessage, clearAll } = useAuthAlerts();

  const reset = async (values: ResetWithCodeValues) => {
    clearAll();
    try {
      await endpoints.changePassword({ email: values.email.trim(), code: values.code.trim(), password: values.password });
      onShow('signIn');
      showMessage(PASSWORD_CHANGED);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Formik<ResetWithCodeValues>
      validateOnBlur={false}
      initialValues={{ email, code: '', password: '', retypePassword: '' }}
      validationSchema={resetWithCodeSchema}
      onSubmit={reset}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Reset password with a code">
          <Stack spacing={2}>
            <Typography>
              Open the link in the email, or enter the {EMAILED_CODE_LENGTH}-digit code from it here with a new password.
            </Typography>
            <TextInput name="email" label="Email" type="email" autoComplete="email" />
            <TextInput
              name="code"
              label="Code from the email"
              autoComplete="one-time-code"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: EMAILED_CODE_LENGTH } }}
            />
            <TextInput name="password" label="New password" type="password" autoComplete="new-password" helperText={PASSWORD_HINT} />
            <RetypePasswordInput label="Retype new password" />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={
                isSubmitting ||
                values.email.trim() === '' ||
                values.code.trim() === '' ||
                !canChangePassword(values.password, values.retypePassword)
              }
            >
              {isSubmitting ? 'Saving...' : 'Reset Password'}
            </Button>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Link component="button" type="button" variant="body2" onClick={() => onShow('signIn')}>
                Sign In Instead
              </Link>
              <Link component="button" type="button" variant="body2" onClick={onAgain}>
                Send the email again
              </Link>
            </Stack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
