// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '@svp/domain';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { edition2025, listOf } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

const pdf = () =>
  new Response(new Blob(['%PDF-1.7 certificate'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });
const reportRow = {
  id: 21,
  name: 'Ada Lopez',
  svid: 'SV21',
  role: 'SV',
  expectedHours: 25,
  scheduledHours: 18.5,
  checkedInHours: 12.25,
  shifts: 5,
  noShows: 0,
  averageRating: null,
  notes: [],
};
const user21 = {
  id: 21,
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lopez',
  svid: 'SV21',
  username: 'ada',
  role: 'Student-Volunteer',
  isAdmin: false,
  verified: true,
  profileComplete: true,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** The panel, signed in, on a fake API: the edition (2025: over on the settings' clock, 1 March 2026) and the routes of a test. */
function openPanel(path: string, routes: Parameters<typeof fakeApi>[0], edition = edition2025()) {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  const fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings(edition)),
    'GET /api/admin/reports/volunteers': () => listOf('reports/volunteers', [reportRow]),
    'GET /api/admin/users/21': () => json(user21),
    ...routes,
  });
  window.history.pushState({}, '', path);
  render(<App />);
  return fetchMock;
}

/** Catches the browser's download: the names saved, without leaving the page. */
function catchDownloads() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:certificate'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return () => click.mock.contexts.map((anchor) => (anchor as HTMLAnchorElement).download);
}

const authorizationOf = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => new Headers(init?.headers).get('Authorization'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

describe('certificates of service in the panel', () => {
  let saved: () => string[];
  beforeEach(() => {
    saved = catchDownloads();
  });

  it(
    "'Download all certificates' on the volunteer report saves one PDF under the edition's " + "name, with the administrator's token",
    async () => {
      const fetchMock = openPanel('/admin/records/volunteers', { 'GET /api/admin/certificates.pdf': pdf });
      await userEvent.click(await screen.findByRole('button', { name: 'Download all certificates' }));
      await waitFor(() => expect(saved()).toEqual(['siggraph-2025-certificates-of-service.pdf']));
      expect(authorizationOf(fetchMock, '/api/admin/certificates.pdf')).toEqual([`Bearer ${localStorage.getItem('svp.admin.token')}`]);
      expect(await screen.findByText('Downloaded siggraph-2025-certificates-of-service.pdf')).toBeTruthy();
    },
  );

  it("tells the server's reason when there is nothing to download", async () => {
    openPanel('/admin/records/volunteers', {
      'GET /api/admin/certificates.pdf': () =>
        json(
          { message: 'Nobody has worked hours on record, so there are no certificates of service to make.', err: 'NO_CERTIFICATE' },
          404,
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download all certificates' }));
    expect(await screen.findByText('Nobody has worked hours on record, so there are no certificates of service to make.')).toBeTruthy();
    expect(saved()).toEqual([]);
  });

  it('offers no certificate before the last day of the conference is over', async () => {
    // The default edition (August 2026) is still to come on the settings' clock (1 March 2026).
    openPanel('/admin/records/volunteers', {}, defaultSettings('chair@example.org'));
    expect(await screen.findByText('Ada Lopez')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download all certificates' })).toBeNull();
  });

  it("downloads one volunteer's certificate from their user page", async () => {
    const fetchMock = openPanel('/admin/users/21', { 'GET /api/admin/certificates/21.pdf': pdf });
    await userEvent.click(await screen.findByRole('button', { name: 'Download the certificate of service of Ada Lopez' }));
    await waitFor(() => expect(saved()).toEqual(['siggraph-2025-certificate-of-service-SV21.pdf']));
    expect(authorizationOf(fetchMock, '/api/admin/certificates/21.pdf')).toEqual([`Bearer ${localStorage.getItem('svp.admin.token')}`]);
  });
});
