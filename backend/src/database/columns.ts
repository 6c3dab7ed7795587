import type { TableColumnOptions, QueryRunner } from 'typeorm';
import { isMysql } from './dialect.js';

/**
 * Column builders for migrations that run unchanged on SQLite and MySQL/MariaDB: the QueryRunner
 * table API writes each driver's DDL; these pick the few types that differ.
 */
export function columns(queryRunner: QueryRunner) {
  const mysql = isMysql(queryRunner);
  return {
    id: (name = 'id'): TableColumnOptions => ({
      name,
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment',
    }),
    int: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'integer', ...options }),
    string: (name: string, length: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      ...options,
    }),
    bool: (name: string, defaultValue = false): TableColumnOptions => ({
      name,
      type: 'boolean',
      default: defaultValue ? 1 : 0,
    }),
    /** Instants in UTC with milliseconds. */
    datetime: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'datetime',
      ...(mysql ? { precision: 3 } : {}),
      ...options,
    }),
    /** Long text: essays, JSON documents (16 MB on MySQL). */
    text: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: mysql ? 'mediumtext' : 'text',
      ...options,
    }),
  };
}
