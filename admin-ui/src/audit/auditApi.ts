import { API, httpClient } from '../common/http';

export interface Choice {
  id: string;
  name: string;
}

/** The audit log's call outside the REST contract (its part of the panel's data provider). */
export interface AuditApi {
  /** GET /api/admin/audit/actions: the actions the log's filter offers. */
  auditActions(): Promise<{ data: Choice[] }>;
}

export const auditApi: AuditApi = {
  auditActions: () => httpClient(`${API}/audit/actions`).then(({ json }) => ({ data: json as Choice[] })),
};
