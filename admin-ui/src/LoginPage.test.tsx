// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, defaultI18nProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { LoginPage } from './LoginPage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it("shows the spec's sentence with the edition's contact address when the sign-in cannot reach the server", async () => {
    const user = userEvent.setup();
    // The page reads the public settings while the network is still there; then the network goes.
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/settings') {
        return new Response(JSON.stringify({ success: true, data: { contactEmail: 'chair@example.org' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      throw new TypeError('Failed to fetch');
    });
    render(
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <LoginPage />
        <Notification />
      </AdminContext>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/settings', expect.anything()));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'chair@example.org');
    await user.type(screen.getByLabelText(/Password/), 'chair-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Unable to complete request. If this continues to persist, email chair@example.org')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });
});
