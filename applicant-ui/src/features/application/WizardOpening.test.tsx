import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { freshApplication, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import ApplicationWizard from './ApplicationWizard';
import { SectionTabs } from './SectionTabs';
import { loadVolunteerHistoryFirst } from './useVolunteerHistory';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', async () => (await import('./wizardEndpoints')).wizardEndpoints());
// The real tabs, counted: the form draws them each time it is drawn.
vi.mock('./SectionTabs', async (original) => {
  const real = await original<typeof import('./SectionTabs')>();
  return { SectionTabs: vi.fn(real.SectionTabs) };
});

describe('ApplicationWizard: opening', () => {
  it('draws the form once as it opens, with what was read before (a second drawing costs a phone a long pause)', async () => {
    // As main.tsx does before the first drawing: the portal's records are in.
    await loadVolunteerHistoryFirst(profileUser().id);
    renderPage(<ApplicationWizard />, { path: '/application', application: freshApplication({ step: 4 }) });
    await screen.findByRole('heading', { level: 2, name: 'SV Essays' });
    // The effects that ran as the form appeared, and what they started, have settled.
    await act(() => new Promise((settle) => setTimeout(settle, 50)));
    expect(vi.mocked(SectionTabs)).toHaveBeenCalledTimes(1);
  });
});
