import type { ImportKind, ImportResult, ImportRowError } from './types';

/** The header line each import takes; columns are matched by name, in any order. */
export const IMPORT_HEADERS: Record<ImportKind, string> = {
  shifts: 'venue,day,start,end,role,report_to,description,special,sv_slots,swappable',
  assignments: 'svid,venue,day,start,accommodations,start_back_to_back,end_back_to_back,role',
};

export const IMPORT_LABELS: Record<ImportKind, { one: string; many: string }> = {
  shifts: { one: 'shift', many: 'shifts' },
  assignments: { one: 'assignment', many: 'assignments' },
};

export interface ImportErrorRow {
  key: string;
  row: number;
  field: string;
  message: string;
}

/** The bad rows of a check or a refused import, in file order, ready for the table. */
export function importErrorRows(errors: readonly ImportRowError[]): ImportErrorRow[] {
  return [...errors]
    .sort((a, b) => a.row - b.row)
    .map((error, index) => ({ key: `${error.row}-${index}`, row: error.row, field: error.field ?? '', message: error.message }));
}

/** The one-line summary shown above the table. */
export function importSummary(kind: ImportKind, result: ImportResult): string {
  const noun = (n: number) => (n === 1 ? IMPORT_LABELS[kind].one : IMPORT_LABELS[kind].many);
  const bad = new Set(result.errors.map((e) => e.row)).size;
  if (!result.dryRun && bad) return `Nothing was imported: ${bad} of ${result.rows} rows have problems.`;
  if (!result.dryRun) return `Imported ${result.created} ${noun(result.created)}.`;
  if (bad === 0) return `All ${result.rows} rows are valid. Nothing is saved until you press Import.`;
  return `${bad} of ${result.rows} rows have problems; nothing can be imported until they are fixed.`;
}

const isRowError = (value: unknown): value is ImportRowError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ImportRowError).row === 'number' &&
  typeof (value as ImportRowError).message === 'string';

/** The row errors carried by a refused import's error body (the admin shape puts them at the top, the envelope under data). */
export function rowErrorsOfBody(body: unknown): ImportRowError[] | null {
  const candidates = [(body as { errors?: unknown })?.errors, (body as { data?: { errors?: unknown } })?.data?.errors];
  for (const candidate of candidates) {
    if (Array.isArray(candidate) && candidate.every(isRowError)) return candidate;
  }
  return null;
}
