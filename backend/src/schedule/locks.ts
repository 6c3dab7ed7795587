import type { EntityManager } from 'typeorm';
import { isMysql } from '../database/dialect.js';

/**
 * Locks rows for the rest of the transaction on MySQL, so two admins cannot both take a shift's
 * last place or give one volunteer two overlapping shifts. SQLite already runs one writer at a time.
 * Lock in a fixed order (users, then shifts by id) so concurrent writers cannot deadlock.
 */
export async function lockRows(manager: EntityManager, table: 'users' | 'shifts', ids: readonly number[]): Promise<void> {
  if (!isMysql(manager) || !ids.length) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await manager.query(`SELECT id FROM ${table} WHERE id IN (${sorted.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`, sorted);
}
