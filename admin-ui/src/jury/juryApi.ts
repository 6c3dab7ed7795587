import { envelope } from '../common/http';
import type { AssignJuryRequest, AssignJuryResult, JuryPreview, JuryStatistics } from './types';

/** The jury's calls (its part of the panel's data provider): the kept /api/jury routes. */
export interface JuryApi {
  /** GET /api/jury/preview?TLsPerApp=: what an assignment with that many team leaders per application would give. */
  juryPreview(tlsPerApp: number): Promise<{ data: JuryPreview }>;
  /** POST /api/jury/assign-jury: assigns the team leaders to the applications. */
  assignJury(request: AssignJuryRequest): Promise<{ data: AssignJuryResult }>;
  /** GET /api/jury/statistics: each team leader's progress and each application's scores. */
  juryStatistics(): Promise<{ data: JuryStatistics }>;
}

export const juryApi: JuryApi = {
  juryPreview: (tlsPerApp) =>
    envelope<JuryPreview>(`/api/jury/preview?${new URLSearchParams({ TLsPerApp: String(tlsPerApp) })}`).then((data) => ({ data })),
  assignJury: (request) =>
    envelope<AssignJuryResult>('/api/jury/assign-jury', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
  juryStatistics: () => envelope<JuryStatistics>('/api/jury/statistics').then((data) => ({ data })),
};
