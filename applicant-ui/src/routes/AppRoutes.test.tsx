import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../api/endpoints';
import { completeData, freshApplication } from '../test/kit/records';
import { address, renderAppRoutes } from '../test/kit/renderPage';
import { startLoading } from './AppRoutes';

vi.mock('../state/SessionContext', async () => (await import('../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../state/SettingsContext', async () => (await import('../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../api/endpoints', () => ({ endpoints: { application: vi.fn(), saveApplication: vi.fn(), proof: vi.fn() }, putFile: vi.fn() }));
// A page with a bug: it fails while drawing.
vi.mock('../features/application/ViewApplicationPage', () => ({
  default: () => {
    throw new Error("Cannot read properties of undefined (reading 'essay1')");
  },
}));

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.mocked(endpoints.application).mockResolvedValue(freshApplication({ step: 7, completed: true, data: completeData() }));
});
afterEach(() => log.mockRestore());

describe('a routed page that fails', () => {
  it('shows the error screen in the shell instead of a white page, and another address clears it', async () => {
    const user = userEvent.setup();
    renderAppRoutes('/application/view', { application: freshApplication({ completed: true, data: completeData() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong on this page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(address()).toBe('/profile'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).not.toBeInTheDocument();
  });
});

describe('a page whose code has arrived', () => {
  it('is drawn at once, not first as the loading indicator', async () => {
    await startLoading('/dashboard').code;
    renderAppRoutes('/dashboard');
    // Read without waiting: a page drawn through React.lazy would show the loading indicator first.
    expect(screen.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
  });
});
