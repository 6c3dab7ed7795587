import { type DataProvider, HttpError, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { CatalogueName, ConferenceFacts, Gates, ResultTexts, StatusState, StatusTag, Timeline } from '@svp/domain';
import { getToken } from './authProvider';

const API = '/api/admin';

const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

/** The spec's calls answer `{ success, data }`; their errors carry the message in `data.message`. */
async function envelope<T>(url: string): Promise<T> {
  try {
    const { json } = await httpClient(url);
    return json.data as T;
  } catch (error) {
    if (error instanceof HttpError && error.body?.data?.message) throw new HttpError(error.body.data.message, error.status, error.body);
    throw error;
  }
}

/** GET /api/application/statistics: what the dashboard shows. */
export interface Statistics {
  total: number;
  completed: number;
  team_leader: number;
  financial_aid: number;
  /** Completed applications per processing status of the active catalogue. */
  by_status: { id: number | null; label: string; count: number }[];
  per_day: { date: string; started: number; completed: number }[];
  funnel: { registered: number; profile_complete: number; started: number; completed: number };
}

/** GET /api/settings: the edition as everyone sees it, with the active status catalogue's labels. */
export interface PublicSettings {
  now: string;
  timeline: Timeline;
  gates: Gates;
  conference: ConferenceFacts;
  swapsEnabled: boolean;
  statusCatalogue: CatalogueName;
  statusLabels: { id: number | null; label: string; state: StatusState; tag: StatusTag | null }[];
  contactEmail: string;
  resultTexts: ResultTexts;
}

/** GET /api/files/{key}: the proof of enrollment as a data URL. */
export interface ProofFile {
  dataURL: string;
  name: string;
  original_name: string | null;
  type: string;
  size: number;
}

export interface Choice {
  id: string;
  name: string;
}

export interface AdminDataProvider extends DataProvider {
  statistics(): Promise<{ data: Statistics }>;
  publicSettings(): Promise<{ data: PublicSettings }>;
  auditActions(): Promise<{ data: Choice[] }>;
  proofFile(key: string): Promise<{ data: ProofFile }>;
}

const rest = simpleRestProvider(API, httpClient);

/** The admin resources live under /api/admin in ra-data-simple-rest form (DESIGN.md §3); settings is a single record. */
export const dataProvider: AdminDataProvider = {
  ...rest,
  getOne: (resource, params) =>
    resource === 'settings'
      ? httpClient(`${API}/settings`).then(({ json }) => ({ data: json }))
      : rest.getOne(resource, params),
  // Only the changed fields are sent: the API refuses read-only fields rather than ignoring them.
  update: (resource, params) => {
    const data = changedFields(params.data, params.previousData);
    return resource === 'settings'
      ? httpClient(`${API}/settings`, { method: 'PUT', body: JSON.stringify(data) }).then(({ json }) => ({ data: json }))
      : rest.update(resource, { ...params, data });
  },
  statistics: () => envelope<Statistics>('/api/application/statistics').then((data) => ({ data })),
  publicSettings: () => envelope<PublicSettings>('/api/settings').then((data) => ({ data })),
  auditActions: () => httpClient(`${API}/audit/actions`).then(({ json }) => ({ data: json as Choice[] })),
  proofFile: (key) => envelope<ProofFile>(`/api/files/${encodeURIComponent(key)}`).then((data) => ({ data })),
};

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => key !== 'id' && JSON.stringify(value) !== JSON.stringify(previous[key])));
}
