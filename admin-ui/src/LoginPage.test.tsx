// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, defaultI18nProvider } from 'react-admin';
import { jsonResponse, stubFetch } from '@svp/ui-test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { LoginPage } from './LoginPage';

const { fetchMock } = stubFetch();

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('LoginPage', () => {
  it("shows the kept sentence with the edition's contact address when the sign-in cannot reach the server", async () => {
    const user = userEvent.setup();
    // The page reads the public settings while the network is still there; then the network goes.
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/settings') {
        return jsonResponse(200, { success: true, data: { contactEmail: 'chair@example.org' } });
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
