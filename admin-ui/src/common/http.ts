import { ErrorCode, isErrorCode } from '@svp/domain';
import { HttpError, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getToken } from '../authProvider';
import { readOnlyRefusal, reportEditionReadOnly, withReadingEdition } from '../editions/readingEdition';
import { requestError } from './contactEmail';
import { takeEarlyRead } from './earlyReads';

// The requests every part of the panel's data provider shares: the token, the edition read, the kept
// envelope's errors, and ra-data-simple-rest on /api/admin. Each resource folder's `*Api.ts` builds its
// calls on these; dataProvider.ts puts the parts together.

export const API = '/api/admin';

/** Every call of the panel: reads ask for the edition chosen in the app bar, changes are refused while an earlier one is read. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const read = (options.method ?? 'GET').toUpperCase() === 'GET';
  const refusal = read ? null : readOnlyRefusal();
  if (refusal) return Promise.reject(refusal);
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const target = read ? withReadingEdition(url) : url;
  // The first page's reads may have been asked for before the panel had loaded (common/earlyReads.ts).
  const early = read && !options.headers ? takeEarlyRead(target, token) : undefined;
  return (early ? early.then(jsonAnswer) : fetchUtils.fetchJson(target, { ...options, headers })).catch((error: unknown) => {
    if (errorCode(error) === ErrorCode.EditionReadOnly) reportEditionReadOnly((error as HttpError).message);
    throw requestError(error);
  });
};

/** An answer read as fetchUtils.fetchJson reads one: the JSON body, or an HttpError with the server's message outside 2xx. */
async function jsonAnswer(response: Response): ReturnType<typeof fetchUtils.fetchJson> {
  const body = await response.text();
  let json: { message?: string } | undefined;
  try {
    json = JSON.parse(body) as { message?: string };
  } catch {
    // not JSON: the status says what happened
  }
  if (response.status < 200 || response.status >= 300) throw new HttpError(json?.message || response.statusText, response.status, json);
  return { status: response.status, headers: response.headers, body, json };
}

/** The kept calls answer `{ success, data }`; their errors carry the message in `data.message`. */
export async function envelope<T>(url: string, options?: fetchUtils.Options): Promise<T> {
  try {
    const { json } = await httpClient(url, options);
    return json.data as T;
  } catch (error) {
    if (error instanceof HttpError && error.body?.data?.message) throw new HttpError(error.body.data.message, error.status, error.body);
    throw error;
  }
}

/** A call under /api/admin outside the resources: answers `{ success, data }` (or the bare record); errors may carry the message in `data`.
 * */
export async function adminCall<T>(path: string, options?: fetchUtils.Options): Promise<T> {
  try {
    const { json } = await httpClient(`${API}${path}`, options);
    return (json?.data ?? json) as T;
  } catch (error) {
    if (error instanceof HttpError && error.body?.data?.message) throw new HttpError(error.body.data.message, error.status, error.body);
    throw error;
  }
}

export const post = { method: 'POST' };

/** The admin resources in ra-data-simple-rest form (docs/api.md). */
export const rest = simpleRestProvider(API, httpClient);

/** The page size of listAll: the largest the admin lists allow for every resource. */
const LIST_ALL_PAGE = 200;

/** Ids per request: the resource's page size allows 200, and the filter text stays short. */
const IDS_PER_REQUEST = 100;

/** The records of a resource with these ids, however many: a list filtered on `id: [..]`, a hundred ids per request. */
export async function listByIds<T extends { id: number | string }>(resource: string, ids: readonly unknown[]): Promise<{ data: T[] }> {
  const chunks: unknown[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) chunks.push(ids.slice(start, start + IDS_PER_REQUEST));
  const pages = await Promise.all(
    chunks.map((chunk) =>
      rest.getList<T>(resource, {
        filter: { id: chunk },
        pagination: { page: 1, perPage: chunk.length },
        sort: { field: 'id', order: 'ASC' },
      }),
    ),
  );
  return { data: pages.flatMap((page) => page.data) };
}

/** Every record of a resource matching the filter, fetched a page of 200 at a time. */
export async function listAll<T extends { id: number | string }>(resource: string, filter: Record<string, unknown> = {}) {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await rest.getList<T>(resource, {
      filter,
      pagination: { page, perPage: LIST_ALL_PAGE },
      sort: { field: 'id', order: 'ASC' },
    });
    all.push(...data);
    if (data.length < LIST_ALL_PAGE || (total !== undefined && all.length >= total)) return { data: all };
  }
}

/** The machine code of a refusal (`err`), wherever the answer put it. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const code: unknown = error.body?.err ?? error.body?.data?.err;
  return isErrorCode(code) ? code : undefined;
}

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => key !== 'id' && JSON.stringify(value) !== JSON.stringify(previous[key])),
  );
}
