import { Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { resetLinkProblem } from './resetToken';

/**
 * /forgot-password?token=… (applicant-area §2): keeps a usable reset token and goes Home, where the
 * change-password form is shown; otherwise says what is wrong with the link and goes Home.
 */
export function ForgotPasswordRedirect() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { serverNow } = useSettings();
  const { showError, clearAll } = useAlerts();
  const { setPasswordResetToken } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    clearAll();
    const problem = resetLinkProblem(token, serverNow());
    if (problem) showError(problem);
    else setPasswordResetToken(token!.trim());
    navigate('/', { replace: true });
    // Runs once per link: the alerts' and session's functions change identity as they update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label="Opening your password reset link" />
    </Box>
  );
}
