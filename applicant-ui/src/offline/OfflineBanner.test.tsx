import { act, render, screen } from '@testing-library/react';
import { jsonResponse } from '@svp/ui-test-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_CHANGE, OFFLINE_READ, api } from '../api/client';
import { codeToShow } from '../features/week/MyCheckInCode';
import { OfflineBanner } from './OfflineBanner';
import { freshness, noteUpdated, resetFreshness } from './freshness';

// How fresh the screen is: the service worker answers from the phone's copy with X-SVP-Offline and
// X-SVP-Stored-At, the API client tells the store, and the shell says 'as of' until a live answer comes.

const KEPT_AT = '2026-08-10T15:12:00.000Z'; // 8:12 AM Pacific

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetFreshness());
});

describe('what the shell says about the freshness of the screen', () => {
  it('shows the time the phone kept what it shows while answers come from its copy, and nothing once they are live again', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, data: { shifts: [] } }, { 'X-SVP-Offline': '1', 'X-SVP-Stored-At': KEPT_AT })),
    );
    await act(() => api('/schedule/sv/7'));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Offline: showing what this phone kept at 8:12 AM (Pacific).');
    // A second copy, kept later: the screen is as old as its oldest part.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, { success: true, data: {} }, { 'X-SVP-Offline': '1', 'X-SVP-Stored-At': '2026-08-10T15:40:00.000Z' }),
      ),
    );
    await act(() => api('/messages'));
    expect(freshness().keptAt).toBe(KEPT_AT);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, data: {} })),
    );
    await act(() => api('/messages'));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('says plainly that a change, or a read the phone kept no copy of, needs the network when offline, and shows that it is', async () => {
    render(<OfflineBanner />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const refused = await act(() => api('/swap/requests', { method: 'POST', body: {} }).catch((error: unknown) => error));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(OFFLINE_CHANGE);
    const unread = await act(() => api('/schedule/calendar/7').catch((error: unknown) => error));
    expect((unread as ApiError).message).toBe(OFFLINE_READ);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Offline: what needs the network waits until it is back.');
  });

  it('offers to reload once a new version of the app has taken over the page', () => {
    render(<OfflineBanner />);
    act(() => noteUpdated());
    expect(screen.getByText('A new version of the portal is ready.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe("the volunteer's check-in code", () => {
  const code = (validFrom: string, validUntil: string, shiftId = 1) => ({ shiftId, code: `svp1.${shiftId}`, validFrom, validUntil });
  const now = Date.parse('2026-08-10T16:00:00.000Z');

  it('shows the code of the shift whose check-in is open, else the next one, never one whose shift is over', () => {
    const over = code('2026-08-10T13:30:00.000Z', '2026-08-10T15:59:00.000Z', 1);
    const open = code('2026-08-10T15:30:00.000Z', '2026-08-10T19:00:00.000Z', 2);
    const next = code('2026-08-10T19:30:00.000Z', '2026-08-10T23:00:00.000Z', 3);
    expect(codeToShow([over, open, next], now)?.shiftId).toBe(2);
    expect(codeToShow([over, next], now)?.shiftId).toBe(3);
    expect(codeToShow([over], now)).toBeNull();
  });
});
