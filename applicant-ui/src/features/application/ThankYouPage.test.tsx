import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/kit/renderPage';
import ThankYouPage from './ThankYouPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);

describe('ThankYouPage', () => {
  it('thanks the applicant, says when results arrive, and leads back to the dashboard', () => {
    renderPage(<ThankYouPage />, { path: '/application/thank-you' });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You For Applying!' })).toBeInTheDocument();
    expect(screen.getByText('Team Leader applicants are notified in February 2025.')).toBeInTheDocument();
    expect(screen.getByText('Student Volunteer applicants are notified in May 2025.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View your Submission' })).toHaveAttribute('href', '/application/view');
  });
});
