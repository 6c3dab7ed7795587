import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSettings } from '../state/SettingsContext';

/** Before the application launch date, every path but / leads to /. */
export function LaunchGate() {
  const { settings } = useSettings();
  const { pathname } = useLocation();
  if (settings.gates.beforeLaunch && pathname !== '/') return <Navigate to="/" replace />;
  return <Outlet />;
}
