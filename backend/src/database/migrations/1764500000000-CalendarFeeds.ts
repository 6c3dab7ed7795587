import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * One personal calendar feed per user: only the sha256 of its token is kept, so a leaked
 * database does not leak working links. Deleting the user deletes the feed.
 */
export class CalendarFeeds1764500000000 implements MigrationInterface {
  name = 'CalendarFeeds1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'calendar_feeds',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('token_hash', 64),
          c.datetime('created_at'),
          c.datetime('last_used_at', { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: 'UQ_calendar_feed_user', columnNames: ['user_id'], isUnique: true }),
          new TableIndex({ name: 'UQ_calendar_feed_token', columnNames: ['token_hash'], isUnique: true }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('calendar_feeds');
  }
}
