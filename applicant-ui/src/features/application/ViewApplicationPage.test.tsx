import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { completeData, freshApplication } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import ViewApplicationPage, { REVIEW_SECTIONS } from './ViewApplicationPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { application: vi.fn(), proof: vi.fn() } }));

const PDF_DATA_URL = `data:application/pdf;base64,${btoa('%PDF-1.4 proof')}`;
const submitted = () => freshApplication({ completed: true, step: 7, data: completeData(), submitted_at: '2026-01-12T09:00:00.000Z' });

function openReview(application: ApplicationRecord | 'none' | null) {
  return renderPage(<ViewApplicationPage />, { path: '/application/view', application });
}

beforeEach(() => {
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.proof).mockReset();
  vi.mocked(endpoints.proof).mockResolvedValue({
    url: PDF_DATA_URL,
    dataURL: PDF_DATA_URL,
    name: 'ABCD2345.pdf',
    original_name: 'enrollment.pdf',
    type: 'application/pdf',
    size: 123_456,
  });
});

describe('ViewApplicationPage', () => {
  it("loads the application ('Loading App...') and shows seven read-only sections with the eligibility note", async () => {
    vi.mocked(endpoints.application).mockResolvedValue(submitted());
    openReview(null);
    expect(screen.getByText('Loading App...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Academic Information' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([...REVIEW_SECTIONS]);
    expect(screen.getByTestId('eligibility-note')).toHaveTextContent('Aged 18 or older by 8 August 2025.');
    expect(screen.getByText('University of British Columbia')).toBeInTheDocument();
    expect(screen.getByText('Canada')).toBeInTheDocument();
    expect(screen.getByText('May 2027')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('hides Previous on the first section and Next on the last', async () => {
    const user = userEvent.setup();
    openReview(submitted());
    await screen.findByRole('heading', { level: 2, name: 'Academic Information' });
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Professional References' })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Professor/Teacher')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();

    for (let i = 2; i < REVIEW_SECTIONS.length; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Confirmation of Responsibilities' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
  });

  it('shows a PDF proof embedded, from the data URL the server gives', async () => {
    openReview(submitted());
    const embedded = await screen.findByLabelText('Proof of enrollment (enrollment.pdf)');
    expect(embedded.tagName).toBe('OBJECT');
    expect(embedded).toHaveAttribute('type', 'application/pdf');
    expect(endpoints.proof).toHaveBeenCalledWith('ABCD2345');
    expect(screen.getByText(/0\.12 MB/)).toBeInTheDocument();
  });

  it('shows a JPEG proof as an image', async () => {
    const jpeg = `data:image/jpeg;base64,${btoa('\xff\xd8\xff')}`;
    vi.mocked(endpoints.proof).mockResolvedValue({
      url: jpeg,
      dataURL: jpeg,
      name: 'ABCD2345.jpg',
      original_name: 'card.jpg',
      type: 'image/jpeg',
      size: 3,
    });
    openReview(submitted());
    expect(await screen.findByRole('img', { name: 'Proof of enrollment (card.jpg)' })).toHaveAttribute('src', jpeg);
  });

  it("says 'Unable to load application' when the proof cannot be loaded", async () => {
    vi.mocked(endpoints.proof).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    openReview(submitted());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Unable to load application');
  });

  it("says 'Unable to load application' when the application cannot be loaded", async () => {
    vi.mocked(endpoints.application).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal error'));
    openReview(null);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Unable to load application');
  });

  it('shows the Team Leader and financial aid sections only when applied for', async () => {
    const user = userEvent.setup();
    openReview(submitted());
    await user.click(await screen.findByRole('tab', { name: 'Team Leader Essays' }));
    expect(screen.getByText('You did not apply to be a Team Leader.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Financial Aid' }));
    expect(screen.getByText('You did not apply for financial aid.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'SIGGRAPH Experience' }));
    expect(within(screen.getByRole('tabpanel')).getByText(/This is my first SIGGRAPH conference/)).toHaveTextContent('(yes)');
  });

  it('sends the applicant to the dashboard when there is no application', async () => {
    openReview('none');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});
