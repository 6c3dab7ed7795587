import { describe, expect, it } from 'vitest';
import { type ExportProgress, exportUrl, readCsvExport } from './exportCsv';

function streamed(pieces: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      pieces.forEach((piece) => controller.enqueue(encoder.encode(piece)));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

describe('exportUrl', () => {
  it('carries the list filter as JSON and only the options asked for', () => {
    const url = new URL(exportUrl({ completed: true, q: 'ada' }, { withData: true, withScores: false }), 'http://x');
    expect(url.pathname).toBe('/api/admin/applications/export.csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ completed: true, q: 'ada' });
    expect(url.searchParams.get('withData')).toBe('true');
    expect(url.searchParams.has('withScores')).toBe(false);
  });

  it("carries the references' filters like the others", () => {
    const url = new URL(exportUrl({ referenceState: 'none', minReferenceRating: 3.5 }, { withData: false, withScores: true }), 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ referenceState: 'none', minReferenceRating: 3.5 });
  });
});

describe('readCsvExport', () => {
  it('reports rows done against X-Total-Count while reading, and answers the whole file', async () => {
    const seen: ExportProgress[] = [];
    const pieces = ['\uFEFFFirst Name,essay3\n', 'Ada,"a, ""quoted""\nessay"\nGra', 'ce,plain\n'];
    const { blob, rows } = await readCsvExport(streamed(pieces, { 'X-Total-Count': '2' }), (p) => seen.push(p));
    expect(rows).toBe(2);
    expect(seen[0]).toEqual({ done: 0, total: 2 });
    expect(seen.map((p) => p.done)).toEqual([0, 0, 1, 2, 2]);
    // The bytes are kept as sent, byte-order mark included (Blob.text() would drop it).
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new TextEncoder().encode(pieces.join('')));
    expect(blob.type).toBe('text/csv;charset=utf-8');
  });

  it('keeps a character split across two pieces intact', async () => {
    const bytes = new TextEncoder().encode('h\nÜnïcödé 中文\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 4));
        controller.enqueue(bytes.slice(4));
        controller.close();
      },
    });
    const { blob, rows } = await readCsvExport(new Response(body), () => undefined);
    expect(rows).toBe(1);
    expect(await blob.text()).toBe('h\nÜnïcödé 中文\n');
  });

  it('reports an unknown total when the server gives none', async () => {
    const seen: ExportProgress[] = [];
    await readCsvExport(streamed(['h\n']), (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ done: 0, total: null });
  });
});
