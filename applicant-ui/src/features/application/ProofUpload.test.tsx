import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROOF_TOO_LARGE_MESSAGE, PROOF_WRONG_TYPE_MESSAGE, type ProofOfEnrollment } from '@svp/domain';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, putFile } from '../../api/endpoints';
import { freshApplication } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { ProofUpload } from './ProofUpload';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { requestUpload: vi.fn(), application: vi.fn(), removeProof: vi.fn() },
  putFile: vi.fn(),
}));

const stored: ProofOfEnrollment = {
  name: 'ABCD2345.pdf',
  originalName: 'Enrollment Letter.pdf',
  size: 1_234_567,
  type: 'application/pdf',
  url: '/api/files/ABCD2345',
};

function Harness({ initial = null }: { initial?: ProofOfEnrollment | null }) {
  const [proof, setProof] = useState<ProofOfEnrollment | null>(initial);
  return <ProofUpload userId={7} svid="ABCD2345" proof={proof} onProofChange={setProof} />;
}

function fileOf(bytes: number, name: string, type: string) {
  return new File([new Uint8Array(bytes)], name, { type });
}

beforeEach(() => {
  vi.mocked(endpoints.requestUpload).mockReset();
  vi.mocked(endpoints.application).mockReset();
  vi.mocked(endpoints.removeProof).mockReset();
  vi.mocked(putFile).mockReset();
});

describe('ProofUpload', () => {
  it('refuses a file of 4 MB or more in the browser, before anything is uploaded', async () => {
    renderPage(<Harness />, { path: '/application' });
    fireEvent.change(screen.getByTestId('proof-input'), { target: { files: [fileOf(4_000_000, 'letter.pdf', 'application/pdf')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(PROOF_TOO_LARGE_MESSAGE);
    expect(PROOF_TOO_LARGE_MESSAGE).toBe('File size is too large. Please keep uploads under 4 MB');
    expect(endpoints.requestUpload).not.toHaveBeenCalled();
    expect(putFile).not.toHaveBeenCalled();
  });

  it('refuses anything but one PDF or JPEG, dropped or chosen', async () => {
    renderPage(<Harness />, { path: '/application' });
    fireEvent.change(screen.getByTestId('proof-input'), { target: { files: [fileOf(10, 'card.png', 'image/png')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(PROOF_WRONG_TYPE_MESSAGE);
    fireEvent.drop(screen.getByTestId('proof-drop-zone'), {
      dataTransfer: { files: [fileOf(10, 'a.pdf', 'application/pdf'), fileOf(10, 'b.pdf', 'application/pdf')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose exactly one file.');
    expect(endpoints.requestUpload).not.toHaveBeenCalled();
  });

  it('uploads a file just under the limit to the signed URL with progress, then shows the proof the server keeps', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: (proof: ProofOfEnrollment) => void = () => undefined;
    vi.mocked(endpoints.requestUpload).mockResolvedValue({
      url: '/api/files/upload/t0k3n',
      method: 'PUT',
      content_type: 'application/pdf',
      expires_at: '',
      max_bytes: 3_999_999,
    });
    vi.mocked(putFile).mockImplementation((_url, _file, _type, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    vi.mocked(endpoints.application).mockResolvedValue(
      freshApplication({ data: { ...freshApplication().data, proofOfEnrollment: stored } }),
    );
    const { spies } = renderPage(<Harness />, { path: '/application' });
    const file = fileOf(3_999_999, 'Enrollment Letter.pdf', 'application/pdf');
    fireEvent.change(screen.getByTestId('proof-input'), { target: { files: [file] } });

    await waitFor(() => expect(putFile).toHaveBeenCalledWith('/api/files/upload/t0k3n', file, 'application/pdf', expect.any(Function)));
    expect(endpoints.requestUpload).toHaveBeenCalledWith(7, 'application/pdf', 'Enrollment Letter.pdf');
    report(0.5);
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    finish(stored);

    expect(await screen.findByText('Enrollment Letter.pdf')).toBeInTheDocument();
    expect(screen.getByText('1.23 MB')).toBeInTheDocument();
    expect(endpoints.application).toHaveBeenCalledWith(7);
    expect(spies.setApplication).toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the proof under the name the applicant chose, not the stored one, and a small file as KB, never 0.00 MB', () => {
    renderPage(<Harness initial={{ name: 'ABCD2345.jpg', originalName: 'Student card.jpg', size: 3_000, type: 'image/jpeg' }} />, {
      path: '/application',
    });
    const shown = screen.getByTestId('proof-file');
    expect(shown).toHaveTextContent('Student card.jpg');
    expect(shown).toHaveTextContent('3 KB');
    expect(shown).not.toHaveTextContent('ABCD2345.jpg');
    expect(shown).not.toHaveTextContent('0.00 MB');
  });

  it('treats a .jpeg without a declared type as a JPEG', async () => {
    vi.mocked(endpoints.requestUpload).mockRejectedValue(new Error('Applications have closed'));
    renderPage(<Harness />, { path: '/application' });
    fireEvent.change(screen.getByTestId('proof-input'), { target: { files: [fileOf(100, 'card.JPEG', '')] } });
    await waitFor(() => expect(endpoints.requestUpload).toHaveBeenCalledWith(7, 'image/jpeg', 'card.JPEG'));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Applications have closed');
  });

  it("removes the file with 'Remove File'", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.removeProof).mockResolvedValue({ message: 'File removed' });
    vi.mocked(endpoints.application).mockResolvedValue(freshApplication());
    renderPage(<Harness initial={stored} />, { path: '/application' });
    await user.click(screen.getByRole('button', { name: 'Remove File' }));
    expect(endpoints.removeProof).toHaveBeenCalledWith('ABCD2345');
    expect(await screen.findByRole('button', { name: 'Choose File' })).toBeInTheDocument();
    expect(screen.queryByText('Enrollment Letter.pdf')).not.toBeInTheDocument();
  });
});
