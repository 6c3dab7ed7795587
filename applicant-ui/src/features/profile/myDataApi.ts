import type { DataExportView, ErrorCode, MyData } from '@svp/domain';
import { ApiError, FETCH_FAILED, api, tokenStore } from '../../api/client';
import { saveFile } from '../schedule/calendar/downloadCalendar';

export type { DataExportView, MyData } from '@svp/domain';

/** GET /users/my-data: the caller's agreements and the archives of their data they asked for. */
export const myData = () => api<MyData>('/users/my-data');

/** POST /users/my-data/exports: asks for an archive, prepared in the background (one being prepared is answered instead). */
export const requestMyData = () => api<DataExportView>('/users/my-data/exports', { method: 'POST', body: {} });

/** Fetches one of the caller's archives (a ZIP) with the session's token and saves it; a refusal is an ApiError with the server's words. */
export async function downloadMyData(archive: Pick<DataExportView, 'id' | 'fileName'>): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/zip' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/users/my-data/exports/${archive.id}`, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', FETCH_FAILED);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { data?: { message?: string; err?: ErrorCode } } | null;
    throw new ApiError(
      response.status,
      envelope?.data?.err ?? 'UNKNOWN',
      envelope?.data?.message ?? `Your data could not be downloaded (${response.status}).`,
    );
  }
  saveFile(await response.blob(), archive.fileName);
}
