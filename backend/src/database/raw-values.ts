/**
 * Values of plain SQL answers (`manager.query`), which skip TypeORM's hydration: the hot read paths
 * use them, and each driver answers in its own types.
 */

/** Booleans arrive as 0/1 (SQLite, MySQL), '0'/'1' or true/false. */
export function rawBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** Whole numbers arrive as numbers, or as strings for COUNT(*) and BIGINT on MySQL. */
export function rawInt(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * Instants: mysql2 answers Date objects (the connection's time zone is UTC); SQLite answers the text
 * TypeORM wrote, "YYYY-MM-DD HH:mm:ss.SSS" in UTC.
 */
export function rawDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  throw new TypeError(`Not a stored date-time: ${String(value)}`);
}
