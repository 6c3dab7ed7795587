import { screen, within } from '@testing-library/react';
import { DEFAULT_RETENTION, timelineWithPassed } from '@svp/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import PrivacyPage from './PrivacyPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('the privacy page', () => {
  it('states the retention periods of the edition’s settings, and how to get one’s data or have it erased', () => {
    renderPage(<PrivacyPage />, {
      path: '/privacy',
      settings: publicSettings(timelineWithPassed(1, NOW), NOW, { retention: { ...DEFAULT_RETENTION, proofs: 45, health: 0 } }),
      now: NOW,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your data on the Student Volunteer portal' })).toBeInTheDocument();
    const kept = screen.getByRole('list', { name: 'How long sensitive data is kept' });
    expect(within(kept).getByText('Proofs of enrollment: 45 days after the edition ends')).toBeInTheDocument();
    expect(within(kept).getByText('Dietary and health notes: until the edition ends')).toBeInTheDocument();
    expect(within(kept).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'My data on your profile' })).toHaveAttribute('href', '/profile#my-data');
    expect(screen.getByRole('link', { name: 'sv@example.org' })).toHaveAttribute('href', 'mailto:sv@example.org');
  });
});
