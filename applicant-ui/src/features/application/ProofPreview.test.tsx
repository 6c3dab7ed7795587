import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../api/endpoints';
import { renderPage } from '../../test/kit/renderPage';
import { ProofPreview } from './ProofPreview';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { proof: vi.fn() } }));

const JPEG_DATA_URL = `data:image/jpeg;base64,${btoa('\xff\xd8\xff')}`;

beforeEach(() => vi.mocked(endpoints.proof).mockReset());

describe('ProofPreview', () => {
  it('names the proof and its size as the upload box did: the name the applicant chose, and KB for a small file', async () => {
    vi.mocked(endpoints.proof).mockResolvedValue({
      url: JPEG_DATA_URL,
      dataURL: JPEG_DATA_URL,
      name: 'ABCD2345.jpg',
      original_name: 'Student card.jpg',
      type: 'image/jpeg',
      size: 3_000,
    });
    renderPage(<ProofPreview svid="ABCD2345" />, { path: '/application/view' });
    expect(await screen.findByRole('img', { name: 'Proof of enrollment (Student card.jpg)' })).toBeInTheDocument();
    expect(screen.getByText(/Student card\.jpg · 3 KB ·/)).toBeInTheDocument();
    expect(screen.queryByText(/0\.00 MB/)).not.toBeInTheDocument();
  });
});
