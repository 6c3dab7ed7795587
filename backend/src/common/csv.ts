import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { Writable } from 'node:stream';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * A cell a spreadsheet could read as a formula: one starting with =, +, -, @ (or their full-width
 * forms, which some spreadsheets read the same), a tab, a carriage return or a line feed, also after
 * leading spaces (a spreadsheet may trim them before it looks).
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * A text cell that could run as a formula gets a leading apostrophe, as OWASP's advice on CSV injection
 * says, so a spreadsheet shows it as text; numbers are left as they are. The cell is then quoted
 * (`writeCsv`), so its quotes and separators stay inside it.
 */
export function defuseFormula(value: unknown): unknown {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The headers of a CSV download: its name, no caching, and the name readable by the admin panel across origins. */
export function sendsCsv(response: Response, fileName: string, exposed: readonly string[] = []): void {
  response.setHeader('Content-Type', CSV_CONTENT_TYPE);
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Access-Control-Expose-Headers', [...exposed, 'Content-Disposition'].join(', '));
  response.setHeader('Cache-Control', 'no-store');
}

/** A CSV file being written: rows go out as they are written, and a write waits while the reader is behind. */
export interface CsvWriter {
  write(row: readonly unknown[]): Promise<void>;
  /** Ends the file and waits until it has left. */
  end(): Promise<void>;
}

/**
 * The one way the server writes a CSV file: a UTF-8 BOM (so a spreadsheet reads names in any script),
 * the header row (people's words, never field names), then the rows, every cell that could run as
 * a formula defused (`defuseFormula`), and a cell quoted when it holds a quote, a comma, a line
 * break, an apostrophe first or spaces at either end.
 */
export function csvWriter(out: Writable, headers: readonly string[]): CsvWriter {
  const csv = stringify({ header: true, columns: [...headers], bom: true, quoted_match: [/[",\r\n]/, /^['\s]|\s$/] });
  csv.pipe(out);
  return {
    async write(row) {
      if (!csv.write(row.map(defuseFormula))) await new Promise((resolve) => csv.once('drain', resolve));
    },
    async end() {
      csv.end();
      await new Promise((resolve) => out.once('finish', resolve).once('close', resolve));
    },
  };
}

/** Writes a whole CSV file of `rows` with `csvWriter`. */
export async function writeCsv(out: Writable, headers: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void> {
  const csv = csvWriter(out, headers);
  for (const row of rows) await csv.write(row);
  await csv.end();
}
