import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RETENTION, timelineWithPassed } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { MY_DATA_POLL_MS, MyDataPanel } from './MyDataPanel';
import { type DataExportView, type MyData, downloadMyData, myData, requestMyData } from './myDataApi';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('./myDataApi', () => ({ myData: vi.fn(), requestMyData: vi.fn(), downloadMyData: vi.fn() }));

const NOW = Date.parse('2026-11-22T12:00:00Z');

const archive = (overrides: Partial<DataExportView> = {}): DataExportView => ({
  id: 3,
  state: 'ready',
  requestedAt: '2026-11-22T11:00:00.000Z',
  readyAt: '2026-11-22T11:01:00.000Z',
  expiresAt: '2026-11-29T11:01:00.000Z',
  size: 2_400_000,
  fileName: 'sv-portal-my-data-2026-11-22-3.zip',
  message: null,
  ...overrides,
});

const held = (overrides: Partial<MyData> = {}): MyData => ({
  consents: [
    {
      document: 'privacy',
      title: 'Privacy policy',
      version: '2026-1',
      agreedAt: '2026-02-01T10:00:00.000Z',
      source: 'application',
      sourceText: 'Agreed when submitting the application',
      edition: '2026',
    },
  ],
  exports: [],
  validDays: 7,
  ...overrides,
});

function panel(retention = DEFAULT_RETENTION) {
  renderPage(<MyDataPanel />, {
    path: '/profile',
    settings: publicSettings(timelineWithPassed(1, NOW), NOW, { retention: { ...retention } }),
    now: NOW,
  });
  return screen.getByTestId('my-data');
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(myData).mockResolvedValue(held());
});
afterEach(() => vi.useRealTimers());

describe('My data on the profile page', () => {
  it('shows the agreements given, with their version, and how long each kind of sensitive data is kept, from the settings', async () => {
    const section = panel({ ...DEFAULT_RETENTION, phones: 1, health: 0 });
    const agreed = await within(section).findByRole('list', { name: 'What you agreed to' });
    expect(within(agreed).getByText('Privacy policy, version 2026-1')).toBeInTheDocument();
    expect(within(agreed).getByText(/Feb 1, 2026.*· 2026 · Agreed when submitting the application/)).toBeInTheDocument();
    const kept = within(section).getByRole('list', { name: 'How long sensitive data is kept' });
    expect(within(kept).getByText('Phone numbers: 1 day after the edition ends')).toBeInTheDocument();
    expect(within(kept).getByText('Dietary and health notes: until the edition ends')).toBeInTheDocument();
    expect(within(kept).getByText(`Proofs of enrollment: ${DEFAULT_RETENTION.proofs} days after the edition ends`)).toBeInTheDocument();
    expect(within(section).getByText(/referees wrote is not included/)).toBeInTheDocument();
  });

  it('asks for an archive, says it is being prepared, and looks again until it is ready to download', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.mocked(requestMyData).mockResolvedValue(archive({ state: 'preparing', readyAt: null, expiresAt: null, size: null }));
    const section = panel();
    const ask = within(section).getByRole('button', { name: 'Prepare my data' });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    expect(requestMyData).toHaveBeenCalledTimes(1);
    expect(await within(section).findByText(/being prepared. We will email you/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Prepare my data' })).toBeDisabled();

    vi.mocked(myData).mockResolvedValue(held({ exports: [archive()] }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MY_DATA_POLL_MS);
    });
    const list = await within(section).findByRole('list', { name: 'Your archives' });
    expect(within(list).getByText(/Ready until Nov 29, 2026.* · 2\.4 MB/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Download my data' }));
    expect(downloadMyData).toHaveBeenCalledWith(expect.objectContaining({ id: 3, fileName: 'sv-portal-my-data-2026-11-22-3.zip' }));
  });

  it('says an expired archive was deleted, and shows the server’s sentence when a download is refused', async () => {
    const user = userEvent.setup();
    vi.mocked(myData).mockResolvedValue(held({ exports: [archive(), archive({ id: 2, state: 'expired', size: null })] }));
    vi.mocked(downloadMyData).mockRejectedValue(new ApiError(410, 'EXPORT_EXPIRED', 'This archive was deleted 7 days after it was made.'));
    const section = panel();
    const list = await within(section).findByRole('list', { name: 'Your archives' });
    expect(within(list).getByText('Deleted after its time: ask for a new one')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Download my data' })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('This archive was deleted 7 days after it was made.');
  });
});
