import { searchKey } from '@svp/domain';
import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columns } from '../columns.js';
import { isMysql } from '../dialect.js';

const KEY_LENGTH = 400;
const KEYS = [
  { column: 'search_email', source: 'email' },
  { column: 'search_first_name', source: 'first_name' },
  { column: 'search_last_name', source: 'last_name' },
] as const;
const BATCH = 500;

/**
 * Administrators search names and emails in any script, case and accent: each user carries the
 * search key (domain searchKey) of the email and of both names, compared as bytes (utf8mb4_bin on
 * MySQL), so SQLite, whose LOWER() folds only ASCII, and MySQL find exactly the same people. Keys
 * of the users already there are written here; from now on every write of a user keeps them.
 */
export class SearchKeys1764900000000 implements MigrationInterface {
  name = 'SearchKeys1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const binary = isMysql(queryRunner) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumns(
      'users',
      KEYS.map(({ column }) => new TableColumn(c.string(column, KEY_LENGTH, { default: "''", ...binary }))),
    );
    for (let lastId = 0; ;) {
      const users: { id: number; email: string; first_name: string; last_name: string }[] = await queryRunner.query(
        'SELECT id, email, first_name, last_name FROM users WHERE id > ? ORDER BY id LIMIT ?',
        [lastId, BATCH],
      );
      if (!users.length) break;
      for (const user of users) {
        await queryRunner.query('UPDATE users SET search_email = ?, search_first_name = ?, search_last_name = ? WHERE id = ?', [
          ...KEYS.map(({ source }) => searchKey(user[source]).slice(0, KEY_LENGTH)),
          user.id,
        ]);
      }
      lastId = Number(users.at(-1)!.id);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { column } of KEYS) await queryRunner.dropColumn('users', column);
  }
}
