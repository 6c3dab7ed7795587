import type { CertificateStatus, ErrorCode } from '@svp/domain';
import { ApiError, FETCH_FAILED, api, tokenStore } from '../../api/client';
import { saveFile } from '../schedule/calendar/downloadCalendar';

export type { CertificateStatus } from '@svp/domain';

/** GET /certificate/status: whether the caller's certificate of service can be downloaded now, and if not, why. */
export const certificateStatus = () => api<CertificateStatus>('/certificate/status');

/** Fetches the caller's certificate (a PDF) with the session's token and saves it under `fileName`; a refusal is an ApiError with the
 * server's sentence. */
export async function downloadCertificate(fileName: string): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/certificate', { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', FETCH_FAILED);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { data?: { message?: string; err?: ErrorCode } } | null;
    throw new ApiError(
      response.status,
      envelope?.data?.err ?? 'UNKNOWN',
      envelope?.data?.message ?? `The certificate could not be downloaded (${response.status}).`,
    );
  }
  saveFile(await response.blob(), fileName);
}
