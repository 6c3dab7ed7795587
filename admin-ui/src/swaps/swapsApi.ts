import { API, httpClient } from '../common/http';
import type { ShiftSwapRow } from './types';

/** The shift swaps' call outside the REST contract (their part of the panel's data provider). */
export interface SwapsApi {
  /** POST /api/admin/shift-swaps/{id}/cancel: closes an open swap request (409 when it is not open); answers the row. */
  cancelShiftSwap(id: number): Promise<{ data: ShiftSwapRow }>;
}

export const swapsApi: SwapsApi = {
  cancelShiftSwap: (id) =>
    httpClient(`${API}/shift-swaps/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' }).then(({ json }) => ({
      data: (json.data ?? json) as ShiftSwapRow,
    })),
};
