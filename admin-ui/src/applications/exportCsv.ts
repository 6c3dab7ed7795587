import { HttpError } from 'react-admin';
import { withReadingEdition } from '../editions/readingEdition';
import { CsvRecordCounter } from './csvRecordCounter';

export const EXPORT_FILE_NAME = 'filtered-sv-apps.csv';

export interface ExportOptions {
  /** 'With App Data': every answer of the application. */
  withData: boolean;
  /** 'With Essay Score Averages': the jury's average. */
  withScores: boolean;
  /** 'Include earlier editions': each person's hours, ratings and no-shows in the editions before, and their team-leader experience. */
  withHistory?: boolean;
}

export interface ExportProgress {
  /** Application rows received so far (the header row is not one). */
  done: number;
  /** Rows the server said it will send (X-Total-Count), or null when it did not say. */
  total: number | null;
}

/** The export address for the list's current filter and the chosen options. */
export function exportUrl(filter: Record<string, unknown>, options: ExportOptions): string {
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (options.withData) query.set('withData', 'true');
  if (options.withScores) query.set('withScores', 'true');
  if (options.withHistory) query.set('history', 'true');
  return `/api/admin/applications/export.csv?${query}`;
}

/** Starts the streamed export (of the edition being read); a refusal becomes an HttpError carrying the server's message. */
export async function requestExport(url: string, token: string | null, signal: AbortSignal): Promise<Response> {
  const response = await fetch(withReadingEdition(url), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new HttpError(body?.message ?? body?.data?.message ?? response.statusText, response.status, body);
  }
  return response;
}

/**
 * Reads the CSV as it streams in, reporting rows done against X-Total-Count, and answers the
 * whole file. Aborting the request's signal makes the read reject with an AbortError.
 */
export async function readCsvExport(
  response: Response,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ blob: Blob; rows: number }> {
  const header = response.headers.get('X-Total-Count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const rowsOf = (records: number) => Math.max(0, records - 1);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = new CsvRecordCounter();
  const decoder = new TextDecoder();
  onProgress({ done: 0, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      onProgress({ done: rowsOf(counter.push(decoder.decode(value, { stream: true }))), total });
    }
  }
  counter.push(decoder.decode());
  const rows = rowsOf(counter.finish());
  onProgress({ done: rows, total });
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), rows };
}

/** Hands the file to the browser as a download under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
