import { screen } from '@testing-library/react';
import { timelineFor } from '@svp/domain';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../routes/ProtectedRoute';
import { failure, fakeServer, ok } from '../../test/kit/fakeServer';
import { applicationRecord, profileUser, signedIn } from '../../test/kit/records';
import { renderRoutes } from '../../test/kit/renderPage';
import { DashboardPage } from './DashboardPage';

// The dashboard as the app opens it: the real session loads the profile, then the page decides what to ask the server.

function openDashboard() {
  localStorage.setItem('svp.token', signedIn().session.access_token);
  renderRoutes(
    <Route element={<ProtectedRoute />}>
      <Route path="/dashboard" element={<DashboardPage />} />
    </Route>,
    { at: '/dashboard', fromServer: true },
  );
}

const requested = (fetchMock: ReturnType<typeof fakeServer>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the dashboard on arrival', () => {
  it('does not ask for an application the profile says is not there yet (no 404 on every load), and offers to start one', async () => {
    const fetchMock = fakeServer(() => timelineFor('open'), {
      'GET /users/profile': ok({ user: profileUser({ has_application: false }), session: {} }),
      'GET /application/7': failure(404, 'You have not started an application yet.', 'NOT_FOUND'),
    });
    openDashboard();
    expect(await screen.findByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/application');
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(requested(fetchMock)).not.toContain('GET /api/application/7');
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it('loads the application the profile says there is', async () => {
    const fetchMock = fakeServer(() => timelineFor('open'), {
      'GET /users/profile': ok({ user: profileUser({ has_application: true }), session: {} }),
      'GET /application/7': ok(applicationRecord({ progress: 40 })),
    });
    openDashboard();
    expect(await screen.findByRole('link', { name: 'Continue Application' })).toBeInTheDocument();
    expect(screen.getByText('40% complete')).toBeInTheDocument();
    expect(requested(fetchMock)).toContain('GET /api/application/7');
  });
});
