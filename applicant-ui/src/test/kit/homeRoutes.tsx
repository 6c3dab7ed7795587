import { Route } from 'react-router-dom';
import { ForgotPasswordRedirect } from '../../features/auth/ForgotPasswordRedirect';
import { HomePage } from '../../features/home/HomePage';
import { LaunchGate } from '../../routes/LaunchGate';
import { ProtectedRoute } from '../../routes/ProtectedRoute';
import { renderRoutes } from './renderPage';

// The applicant-ui test kit: the home and sign-in routes as AppRoutes nests them (behind the launch gate, one
// page behind sign-in), the pages they lead to standing in as headings, for the home and auth tests.

export const HOME_ROUTES = (
  <Route element={<LaunchGate />}>
    <Route path="/" element={<HomePage />} />
    <Route path="/login" element={<HomePage initialView="signIn" />} />
    <Route path="/forgot-password" element={<ForgotPasswordRedirect />} />
    <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    <Route element={<ProtectedRoute />}>
      <Route path="/confirmation" element={<h1>Confirmation</h1>} />
    </Route>
  </Route>
);

/** Opens the home routes at `at` with the app's own providers, answered by the stubbed server (fakeServer). */
export function renderHome(at = '/') {
  return renderRoutes(HOME_ROUTES, { at, fromServer: true });
}
