import { CsvError, parse } from 'csv-parse/sync';
import type { CsvLayout, CsvRow, ImportRowError } from '@svp/domain';

/** The most data rows and bytes one import takes; larger files are split by the organiser. */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

export interface CsvTable {
  /** The rows whose shape is right, ready for the field checks. */
  rows: CsvRow[];
  /** Problems with the file itself: unreadable CSV, a bad header, a row with too few or too many values. */
  errors: ImportRowError[];
  /** Data rows in the file, blank ones left out. */
  total: number;
}

export const CSV_MESSAGES = {
  empty: (header: string) => `The file is empty. Its first row must be the header: ${header}`,
  noRows: 'The file has a header but no rows below it.',
  missingColumn: (name: string, header: string) => `The header has no "${name}" column; the header must be: ${header}`,
  unknownColumn: (name: string, known: string) => `"${name}" is not a column of this file; remove it or rename it to one of: ${known}.`,
  repeatedColumn: (name: string) => `The "${name}" column appears more than once in the header; keep one.`,
  unnamedColumn: (position: number) => `Column ${position} of the header has no name; name it or delete the column.`,
  columnCount: (got: number, expected: number) =>
    `This row has ${got} value${got === 1 ? '' : 's'} but the header has ${expected} columns; ` +
    `put a value that contains a comma in double quotes, or remove the extra comma.`,
  unclosedQuote:
    'A quoted value that starts on this row is never closed, so the rest of the file cannot be read; add the closing double quote ' +
    '(write "" for a quote inside a value).',
  unreadable: (detail: string) => `This row cannot be read as CSV (${detail}); check its double quotes.`,
  tooLarge: 'The file is larger than 2 MB; split it into smaller files and import them one after another.',
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} can be imported at once. ` +
    `Split it into smaller files.`,
} as const;

/** Why a file is too big to import, or null; checked before it is parsed. */
export function csvSizeProblem(text: string): string | null {
  return Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES ? CSV_MESSAGES.tooLarge : null;
}

/** Why a parsed file has too many rows, or null. */
export function csvRowsProblem(table: CsvTable): string | null {
  return table.total > MAX_IMPORT_ROWS ? CSV_MESSAGES.tooManyRows(table.total) : null;
}

const isBlank = (record: readonly string[]) => record.every((cell) => !cell.trim());

/**
 * Reads an import file: header matched by name (any order, any case), blank rows skipped, every
 * structural problem listed with its row. A spreadsheet shows a quoted line break inside one cell,
 * so rows are counted as records, not as physical lines.
 */
export function readCsv(text: string, layout: CsvLayout): CsvTable {
  const records: { row: number; cells: string[] }[] = [];
  const errors: ImportRowError[] = [];
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      // A quote inside an unquoted value (12" screen) is taken literally, as spreadsheets do.
      relax_quotes: true,
      on_record: (cells: string[], context) => {
        records.push({ row: context.records, cells });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = ((error as CsvError & { records?: number }).records ?? records.length) + 1;
    errors.push({
      row,
      message: error.code === 'CSV_QUOTE_NOT_CLOSED' ? CSV_MESSAGES.unclosedQuote : CSV_MESSAGES.unreadable(error.message),
    });
  }

  const expected = layout.columns.join(',');
  const headerIndex = records.findIndex((record) => !isBlank(record.cells));
  if (headerIndex < 0)
    return { rows: [], errors: errors.length ? errors : [{ row: 1, message: CSV_MESSAGES.empty(expected) }], total: errors.length };
  const header = records[headerIndex]!;
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const data = records.slice(headerIndex + 1).filter((record) => !isBlank(record.cells));
  // The unreadable rest of a file counts as one row.
  const total = data.length + errors.length;
  const badHeader = headerProblems(header.row, columns, layout, expected);
  if (badHeader.length) return { rows: [], errors: [...badHeader, ...errors], total };
  if (!data.length && !errors.length) return { rows: [], errors: [{ row: header.row, message: CSV_MESSAGES.noRows }], total: 0 };

  const rows: CsvRow[] = [];
  for (const record of data) {
    if (record.cells.length !== columns.length) {
      errors.push({ row: record.row, message: CSV_MESSAGES.columnCount(record.cells.length, columns.length) });
      continue;
    }
    const values: Record<string, string> = Object.fromEntries(layout.optional.map((name) => [name, '']));
    columns.forEach((name, i) => (values[name] = record.cells[i]!.trim()));
    rows.push({ row: record.row, values });
  }
  return { rows, errors, total };
}

function headerProblems(row: number, columns: readonly string[], layout: CsvLayout, expected: string): ImportRowError[] {
  const known = new Set(layout.columns);
  const problems: ImportRowError[] = [];
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (!name) problems.push({ row, message: CSV_MESSAGES.unnamedColumn(i + 1) });
    else if (!known.has(name)) problems.push({ row, field: name, message: CSV_MESSAGES.unknownColumn(name, [...known].join(', ')) });
    else if (seen.has(name)) problems.push({ row, field: name, message: CSV_MESSAGES.repeatedColumn(name) });
    seen.add(name);
  });
  for (const name of layout.columns) {
    if (!seen.has(name) && !layout.optional.includes(name))
      problems.push({ row, field: name, message: CSV_MESSAGES.missingColumn(name, expected) });
  }
  return problems;
}
