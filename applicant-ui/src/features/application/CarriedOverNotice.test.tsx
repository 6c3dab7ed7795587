import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { freshApplication } from '../../test/kit/records';
import { renderAppRoutes, renderPage } from '../../test/kit/renderPage';
import { openSettings } from '../../test/kit/settings';
import ApplicationWizard from './ApplicationWizard';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', async () => (await import('./wizardEndpoints')).wizardEndpoints());

const FROM_LAST_YEAR = { key: '2024', name: 'SIGGRAPH 2024' };

/** A new application as the server answers its first save for a returning applicant: last year's school and referees filled in. */
function carriedOver(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  const fresh = freshApplication();
  return {
    ...fresh,
    data: {
      ...fresh.data,
      schoolName: 'Emily Carr University',
      schoolCity: 'Vancouver',
      firstReferenceFirstName: 'Grace',
      firstReferenceEmail: 'grace@example.edu',
    },
    carried_over: FROM_LAST_YEAR,
    ...overrides,
  };
}

beforeEach(() => {
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.saveApplication).mockReset();
});

describe('a returning applicant’s new application', () => {
  it('opens with last year’s answers and says where they come from, for them to check, until closed', async () => {
    const user = userEvent.setup();
    // No application yet this edition: the wizard's first save answers the one the server started from last year's.
    vi.mocked(endpoints.saveApplication).mockResolvedValue({ notices: [], ...carriedOver() });
    renderPage(<ApplicationWizard />, { path: '/application', application: 'none', settings: openSettings() });
    const notice = (await screen.findByText(/filled in from your SIGGRAPH 2024 application/)).closest('[role="note"]') as HTMLElement;
    expect(notice).toHaveTextContent(
      'Your school, expected graduation, references and SIGGRAPH experience are filled in from your SIGGRAPH 2024 application. ' +
        'Check that each is still right before you submit: your references are asked again this year.',
    );
    await user.click(screen.getByRole('tab', { name: 'Academic Information' }));
    expect(screen.getByLabelText(/^School Name/)).toHaveValue('Emily Carr University');
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/filled in from your SIGGRAPH 2024 application/)).not.toBeInTheDocument();
  });

  it('says so on the per-step pages too', async () => {
    vi.mocked(endpoints.application).mockResolvedValue(carriedOver());
    renderAppRoutes('/application/1', { application: null, settings: openSettings() });
    expect(await screen.findByText(/filled in from your SIGGRAPH 2024 application/)).toBeInTheDocument();
  });

  it('says nothing for an application that started empty', async () => {
    vi.mocked(endpoints.application).mockResolvedValue(freshApplication({ carried_over: null }));
    renderPage(<ApplicationWizard />, { path: '/application', application: null, settings: openSettings() });
    await screen.findByRole('tab', { name: 'Academic Information' });
    expect(screen.queryByText(/filled in from your/)).not.toBeInTheDocument();
  });
});
