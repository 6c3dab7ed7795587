import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isExpired } from '../api/client';
import { signInPath } from '../features/auth/returnTo';
import { useAlerts } from '../state/AlertsContext';
import { useSession } from '../state/SessionContext';

/**
 * The guard of the signed-in pages (docs/product.md, 'Signed-in pages'): clears the alerts on every navigation, logs out an expired token,
 * sends a visitor without a token to the sign-in view, which returns them to the page asked for, and
 * loads the profile once.
 */
export function ProtectedRoute() {
  const { token, claims, profile, loadProfile, logout } = useSession();
  const { clearAll, showError } = useAlerts();
  const location = useLocation();
  const expired = !!token && isExpired(claims);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    clearAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on navigation
  }, [location.pathname]);

  useEffect(() => {
    if (expired) logout();
  }, [expired, logout]);

  useEffect(() => {
    if (!token || expired || profile) return;
    loadProfile().catch((error: { status?: number }) => {
      if (error.status === 401) logout();
      else {
        setLoadFailed(true);
        showError(error);
      }
    });
  }, [token, expired, profile, loadProfile, logout, showError]);

  if (!token || expired) return <Navigate to={signInPath(location)} replace />;
  if (!profile && !loadFailed) {
    return (
      <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading your profile" />
      </Box>
    );
  }
  return <Outlet />;
}
