import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFERENCE_MESSAGES, emptyApplicationData } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../api/endpoints';
import { freshApplication } from '../../../test/kit/records';
import { renderPage } from '../../../test/kit/renderPage';
import ApplicationWizard from '../ApplicationWizard';

vi.mock('../../../state/SessionContext', async () => (await import('../../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../../state/SettingsContext', async () => (await import('../../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../../api/endpoints', async () => (await import('../wizardEndpoints')).wizardEndpoints());

// The account of the test harness is ana@example.org.
const openReferences = (data: Record<string, unknown> = {}) =>
  renderPage(<ApplicationWizard />, {
    path: '/application',
    application: freshApplication({ step: 2, data: { ...emptyApplicationData(), step: 2, ...data } }),
  });

const emails = () => screen.getAllByRole('textbox', { name: /^Email/ });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.saveApplication).mockImplementation(async (body) => ({
    notices: [],
    ...freshApplication({ data: body.data as never, step: 2 }),
  }));
});

describe('the References tab', () => {
  it("warns under a referee's email when it is the account's own, whatever the case and spaces", async () => {
    openReferences({ secondReferenceEmail: ' Ana@Example.org ' });
    await screen.findByRole('heading', { level: 2, name: 'Professional References' });
    const [first, second] = emails();
    expect(second).toHaveAccessibleDescription(REFERENCE_MESSAGES.selfReference);
    expect(screen.getAllByText(REFERENCE_MESSAGES.selfReference)).toHaveLength(1);
    expect(first).not.toHaveAccessibleDescription(REFERENCE_MESSAGES.selfReference);
  });

  it('shows the warning as it is typed, and takes it away for another address', { timeout: 40000 }, async () => {
    const user = userEvent.setup();
    openReferences();
    await screen.findByRole('heading', { level: 2, name: 'Professional References' });
    const [first] = emails();
    expect(screen.queryByText(REFERENCE_MESSAGES.selfReference)).not.toBeInTheDocument();
    await user.type(first!, 'ana@example.org');
    await waitFor(() => expect(first).toHaveAccessibleDescription(REFERENCE_MESSAGES.selfReference));
    await user.type(first!, '.uk');
    await waitFor(() => expect(screen.queryByText(REFERENCE_MESSAGES.selfReference)).not.toBeInTheDocument());
    expect(first).not.toHaveAccessibleDescription(REFERENCE_MESSAGES.selfReference);
  });
});
