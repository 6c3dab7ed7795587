import type { ScheduleImportBody } from '@svp/domain';
import { HttpError } from 'react-admin';
import { API, adminCall, httpClient } from '../common/http';
import { rowErrorsOfBody } from './scheduleImport';
import type { ImportKind, ImportResult, ShiftCandidates } from './types';

/** The schedule's calls outside the REST contract (its part of the panel's data provider). */
export interface ScheduleApi {
  /** POST /api/admin/schedule-import/{kind}: a dry run checks every row; a real run writes all rows or none. */
  scheduleImport(kind: ImportKind, csv: string, dryRun: boolean): Promise<{ data: ImportResult }>;
  /** GET /api/admin/shifts/{id}/candidates: who fits every hard rule now, best first. */
  shiftCandidates(shiftId: number): Promise<{ data: ShiftCandidates }>;
}

export const scheduleApi: ScheduleApi = {
  scheduleImport: async (kind, csv, dryRun) => {
    const url = `${API}/schedule-import/${kind}?${new URLSearchParams({ dryRun: String(dryRun) })}`;
    try {
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify({ csv } satisfies ScheduleImportBody) });
      return { data: (json.data ?? json) as ImportResult };
    } catch (error) {
      // A refused import (400) lists its bad rows like a dry run does; nothing was written.
      const errors = error instanceof HttpError && error.status === 400 ? rowErrorsOfBody(error.body) : null;
      if (!errors) throw error;
      const counts = (error as HttpError).body?.data ?? (error as HttpError).body ?? {};
      const rows = typeof counts.rows === 'number' ? counts.rows : new Set(errors.map((e) => e.row)).size;
      const valid = typeof counts.valid === 'number' ? counts.valid : 0;
      return { data: { dryRun, rows, valid, errors, created: 0 } };
    }
  },
  shiftCandidates: (shiftId) => adminCall<ShiftCandidates>(`/shifts/${shiftId}/candidates`).then((data) => ({ data })),
};
