import type { ErrorCode } from '@svp/domain';
import { ApiError, FETCH_FAILED, tokenStore } from '../../../api/client';

export const DEFAULT_CALENDAR_FILE = 'sv-shifts.ics';

/** The file name the server suggests in Content-Disposition, or the default. */
export function calendarFileName(contentDisposition: string | null): string {
  const name = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : DEFAULT_CALENDAR_FILE;
}

/** Fetches the user's .ics with the session's access token and saves it as a file; failures are ApiErrors. */
export async function downloadCalendar(userId: number): Promise<string> {
  const headers: Record<string, string> = { Accept: 'text/calendar' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/schedule/${userId}/calendar.ics`, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', FETCH_FAILED);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { data?: { message?: string; err?: ErrorCode } } | null;
    throw new ApiError(
      response.status,
      envelope?.data?.err ?? 'UNKNOWN',
      envelope?.data?.message ?? `The calendar could not be downloaded (${response.status}).`,
    );
  }
  const fileName = calendarFileName(response.headers.get('Content-Disposition'));
  saveFile(await response.blob(), fileName);
  return fileName;
}

/** Hands a Blob to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: free the object URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
