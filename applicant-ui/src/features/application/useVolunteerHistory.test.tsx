import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../api/endpoints';
import { loadVolunteerHistoryFirst, useVolunteerHistory } from './useVolunteerHistory';

vi.mock('../../api/endpoints', () => ({ endpoints: { volunteerHistory: vi.fn() } }));

beforeEach(() => vi.mocked(endpoints.volunteerHistory).mockReset());

describe('the years of the portal’s records', () => {
  it('are there at the first drawing when they were read first for the same user, with no second request', async () => {
    vi.mocked(endpoints.volunteerHistory).mockResolvedValue({ portalYears: [2023, 2021] });
    await loadVolunteerHistoryFirst(7);
    const { result } = renderHook(() => useVolunteerHistory(7));
    expect(result.current).toEqual([2023, 2021]);
    expect(endpoints.volunteerHistory).toHaveBeenCalledTimes(1);
  });

  it('are loaded as the form opens for another user than the one they were read for', async () => {
    vi.mocked(endpoints.volunteerHistory)
      .mockResolvedValueOnce({ portalYears: [2023] })
      .mockResolvedValueOnce({ portalYears: [2019] });
    await loadVolunteerHistoryFirst(7);
    const { result } = renderHook(() => useVolunteerHistory(8));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual([2019]));
  });

  it('are loaded as the form opens when reading them first failed', async () => {
    vi.mocked(endpoints.volunteerHistory)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ portalYears: [2020] });
    await loadVolunteerHistoryFirst(9);
    const { result } = renderHook(() => useVolunteerHistory(9));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual([2020]));
  });
});
