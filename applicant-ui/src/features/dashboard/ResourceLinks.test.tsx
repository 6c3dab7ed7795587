import { screen, within } from '@testing-library/react';
import { timelineWithPassed } from '@svp/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { ResourceLinks } from './ResourceLinks';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('ResourceLinks', () => {
  it('links the handbook and FAQ on the edition’s own programme page, as the organisers set it', () => {
    // An address the conference's name would not give: it is the edition's setting that is linked.
    const programmeUrl = 'https://sv.example.org/handbook-2027/';
    renderPage(<ResourceLinks />, {
      path: '/dashboard',
      now: NOW,
      settings: publicSettings(timelineWithPassed(1, NOW), NOW, { programmeUrl }),
    });
    const resources = screen.getByTestId('resource-links');
    expect(within(resources).getByRole('link', { name: 'Student Volunteer handbook' })).toHaveAttribute('href', programmeUrl);
    expect(within(resources).getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', `${programmeUrl}#faq`);
  });
});
