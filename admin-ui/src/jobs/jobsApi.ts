import type { DataProvider } from 'react-admin';
import type { JobRow, JobRunRow } from './types';

/** Every deadline job (nine of them: one page). */
export function listJobs(api: DataProvider) {
  return api.getList<JobRow>('jobs', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
}

/** POST /api/admin/jobs/{job}/run: the run it made, or the server's refusal (409 not due, running, schedule-only). */
export function runJob(api: DataProvider, name: string) {
  return api.create<JobRunRow>(`jobs/${encodeURIComponent(name)}/run`, { data: {} }).then(({ data }) => data as JobRunRow);
}
