import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../api/endpoints';
import { applicationRecord, completeData, renderRoute } from '../features/application/testHarness';

vi.mock('../state/SessionContext', async () => (await import('../features/application/fakeContexts')).fakeSessionModule);
vi.mock('../state/SettingsContext', async () => (await import('../features/application/fakeContexts')).fakeSettingsModule);
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
  vi.mocked(endpoints.application).mockResolvedValue(applicationRecord({ step: 7, completed: true, data: completeData() }));
});
afterEach(() => log.mockRestore());

describe('a routed page that fails', () => {
  it('shows the error screen in the shell instead of a white page, and another address clears it', async () => {
    const user = userEvent.setup();
    renderRoute('/application/view', { application: applicationRecord({ completed: true, data: completeData() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong on this page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).not.toBeInTheDocument();
  });
});
