import { type DataProvider, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getToken } from './authProvider';

const API = '/api/admin';

const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

const rest = simpleRestProvider(API, httpClient);

/** The admin resources live under /api/admin in ra-data-simple-rest form (DESIGN.md §3); settings is a single record. */
export const dataProvider: DataProvider = {
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
};

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => key !== 'id' && JSON.stringify(value) !== JSON.stringify(previous[key])));
}
