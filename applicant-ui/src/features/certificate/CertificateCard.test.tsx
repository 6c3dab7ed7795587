import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { DashboardPage } from '../dashboard/DashboardPage';
import { teamLeaderSchedule, volunteerSchedule } from '../schedule/scheduleFixtures';
import CertificateCard from './CertificateCard';
import { type CertificateStatus, certificateStatus, downloadCertificate } from './certificateApi';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: {
    application: vi.fn(),
    receivedMessages: vi.fn(),
    dismissMessage: vi.fn(),
    volunteerSchedule: vi.fn(),
    teamLeaderSchedule: vi.fn(),
  },
}));
vi.mock('./certificateApi', () => ({ certificateStatus: vi.fn(), downloadCertificate: vi.fn() }));

// The test edition (SIGGRAPH 2025) ends on Thursday 14 August 2025: certificates from midnight Pacific, 07:00 UTC on the 15th.
const AFTER = Date.parse('2025-08-20T12:00:00Z');
const LAST_DAY = Date.parse('2025-08-15T06:59:00Z');
const FILE = 'siggraph-2025-certificate-of-service.pdf';

const status = (overrides: Partial<CertificateStatus> = {}): CertificateStatus => ({
  available: true,
  refusal: null,
  message: null,
  opensAt: '2025-08-15T07:00:00.000Z',
  workedHours: 26.5,
  fileName: FILE,
  ...overrides,
});

const CONFIRMED = 2;

function card() {
  return renderPage(<CertificateCard />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(8, AFTER), AFTER),
    now: AFTER,
    profile: profileUser({ application_status_id: CONFIRMED }),
  });
}

function dashboard(now: number, options: { statusId?: number | null; isTeamLeader?: boolean } = {}) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(8, now), now),
    now,
    profile: profileUser({ application_status_id: options.statusId === undefined ? CONFIRMED : options.statusId }),
    application: applicationRecord({ completed: true, progress: 100 }, { state: 'confirmed', tag: 'SV' }),
    isTeamLeader: options.isTeamLeader ?? false,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(certificateStatus).mockResolvedValue(status());
  vi.mocked(downloadCertificate).mockResolvedValue(undefined);
  vi.mocked(endpoints.receivedMessages).mockResolvedValue({ messages: [] });
  vi.mocked(endpoints.volunteerSchedule).mockResolvedValue(volunteerSchedule());
  vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule());
});

describe('the certificate of service card', () => {
  it('gives the hours worked and downloads the PDF under its name', async () => {
    const user = userEvent.setup();
    card();
    const section = screen.getByTestId('certificate-card');
    expect(within(section).getByRole('heading', { level: 2, name: 'Certificate of Service' })).toBeInTheDocument();
    expect(within(section).getByText('Checking your certificate...')).toBeInTheDocument();
    expect(await within(section).findByText(/Thank you for volunteering at SIGGRAPH 2025/)).toHaveTextContent('records 26.5 hours worked.');
    await user.click(within(section).getByRole('button', { name: 'Download certificate (PDF)' }));
    expect(downloadCertificate).toHaveBeenCalledWith(FILE);
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(`Your certificate was saved as ${FILE}.`);
  });

  it("says why there is none, in the server's words, with nothing to download", async () => {
    const message = 'There are no worked hours on record for you, so there is no certificate of service to make.';
    vi.mocked(certificateStatus).mockResolvedValue(status({ available: false, refusal: 'no-hours', message, workedHours: 0 }));
    card();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('shows a refused download in the danger alert, and can be asked again after a failed check', async () => {
    const user = userEvent.setup();
    vi.mocked(downloadCertificate).mockRejectedValueOnce(
      new ApiError(
        409,
        'CERTIFICATE_NOT_YET',
        'Certificates of service can be downloaded from 15 August 2025, once the conference is over.',
      ),
    );
    const first = card();
    await user.click(await screen.findByRole('button', { name: 'Download certificate (PDF)' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Certificates of service can be downloaded from 15 August 2025');
    first.unmount();

    vi.mocked(certificateStatus).mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    card();
    expect(await screen.findByText('Your certificate could not be checked right now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download certificate (PDF)' })).toBeInTheDocument();
    expect(certificateStatus).toHaveBeenCalledTimes(3);
  });
});

describe('on the dashboard', () => {
  it('appears once the last day of the conference is over, for a confirmed volunteer', async () => {
    dashboard(AFTER);
    expect(await screen.findByRole('button', { name: 'Download certificate (PDF)' })).toBeInTheDocument();
    expect(certificateStatus).toHaveBeenCalledTimes(1);
  });

  it('appears for a team leader whatever the status id', async () => {
    dashboard(AFTER, { statusId: null, isTeamLeader: true });
    expect(await screen.findByTestId('certificate-card')).toBeInTheDocument();
  });

  it('is not there before the end of the last day, nor for someone without a confirmed place, and nothing is asked', () => {
    const early = dashboard(LAST_DAY);
    expect(screen.queryByTestId('certificate-card')).not.toBeInTheDocument();
    early.unmount();
    dashboard(AFTER, { statusId: null });
    expect(screen.queryByTestId('certificate-card')).not.toBeInTheDocument();
    expect(certificateStatus).not.toHaveBeenCalled();
  });
});
