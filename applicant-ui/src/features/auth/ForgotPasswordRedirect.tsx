import { Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { resetLinkProblem } from './resetToken';

/**
 * /forgot-password?token=…: keeps a usable reset token and goes Home, where the
 * change-password form is shown; otherwise says what is wrong with the link and goes Home. The server
 * is asked first whether the link is still usable, so a used one is refused on arrival.
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
    if (problem) {
      showError(problem);
      navigate('/', { replace: true });
      return;
    }
    // Only the server knows whether the link was used already: ask now, not after the new password is typed twice.
    const resetToken = token!.trim();
    let current = true;
    endpoints
      .checkResetToken(resetToken)
      .then(
        () => current && setPasswordResetToken(resetToken),
        (error: unknown) => current && showError(error),
      )
      .finally(() => current && navigate('/', { replace: true }));
    return () => {
      current = false;
    };
    // Runs once per link: the alerts' and session's functions change identity as they update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return (
    <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label="Opening your password reset link" />
    </Box>
  );
}
