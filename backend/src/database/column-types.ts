import { Column, type ColumnOptions } from 'typeorm';

/** An instant stored in UTC with milliseconds (datetime(3) on MySQL, text on SQLite). */
export function DateTimeColumn(options: ColumnOptions = {}) {
  return Column({ type: 'datetime', precision: 3, ...options });
}

/** A JSON document in a long text column. */
export function JsonColumn(options: ColumnOptions = {}) {
  return Column({ type: 'simple-json', ...options });
}
