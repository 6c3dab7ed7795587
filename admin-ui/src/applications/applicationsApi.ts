import type { ProofFile } from '@svp/domain';
import { API, envelope, httpClient, listByIds } from '../common/http';
import type { ApplicationRow, BulkStatusRequest, BulkStatusResult } from './types';

/** The applications' calls outside the REST contract (their part of the panel's data provider). */
export interface ApplicationsApi {
  /** GET /api/application/{username}: the id of that user's application (404 when there is no such user or no application). */
  applicationIdByUsername(username: string): Promise<{ data: { id: number } }>;
  /** The application rows with these ids, however many (the resource's getMany stops at one default page). */
  applicationsByIds(ids: readonly number[]): Promise<{ data: ApplicationRow[] }>;
  /** POST /api/admin/applications/status: one processing status for many applications, with each one's outcome. */
  setStatusOfMany(request: BulkStatusRequest): Promise<{ data: BulkStatusResult }>;
  /** A proof of enrollment: the current edition's, or an earlier edition's (`edition`, its id). */
  proofFile(key: string, edition?: number): Promise<{ data: ProofFile }>;
}

export const applicationsApi: ApplicationsApi = {
  applicationIdByUsername: (username) =>
    envelope<{ id: number }>(`/api/application/${encodeURIComponent(username)}`).then(({ id }) => ({ data: { id } })),
  applicationsByIds: (ids) => listByIds<ApplicationRow>('applications', ids),
  setStatusOfMany: (request) =>
    httpClient(`${API}/applications/status`, { method: 'POST', body: JSON.stringify(request) }).then(({ json }) => ({
      data: json as BulkStatusResult,
    })),
  proofFile: (key, edition) =>
    envelope<ProofFile>(`/api/files/${encodeURIComponent(key)}${edition === undefined ? '' : `?edition=${edition}`}`).then((data) => ({
      data,
    })),
};
