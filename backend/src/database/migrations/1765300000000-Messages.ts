import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Organisers' messages: what was written and to whom, and each recipient's delivery as an
 * entry of the mail ledger (mail_sends.message_id), so a message reaches each person once whatever
 * server sends it; when a temporarily refused email may be tried again (retry_at) and when a server
 * took an email to send (claimed_at, to tell an interrupted send from one in progress); and which
 * dashboard banners a person dismissed.
 */
export class Messages1765300000000 implements MigrationInterface {
  name = 'Messages1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.createTable(
      new Table({
        name: 'messages',
        columns: [
          c.id(),
          c.string('edition', 16),
          c.int('author_id'),
          c.string('author_kind', 16),
          c.int('venue_id', optional),
          c.string('subject', 200),
          c.text('body'),
          c.text('audience'),
          c.string('audience_text', 1000),
          c.string('state', 16),
          c.int('recipients', { default: 0 }),
          c.datetime('banner_until', optional),
          c.string('organisers_copy', 254, optional),
          c.datetime('created_at'),
          c.datetime('finished_at', optional),
          c.datetime('cancelled_at', optional),
        ],
        indices: [
          new TableIndex({ name: 'IDX_messages_state', columnNames: ['state', 'id'] }),
          new TableIndex({ name: 'IDX_messages_author', columnNames: ['author_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'message_dismissals',
        columns: [c.id(), c.int('message_id'), c.int('user_id'), c.datetime('dismissed_at')],
        indices: [new TableIndex({ name: 'UQ_message_dismissals', columnNames: ['message_id', 'user_id'], isUnique: true })],
      }),
    );
    await queryRunner.addColumns('mail_sends', [
      new TableColumn(c.int('message_id', optional)),
      new TableColumn(c.datetime('retry_at', optional)),
      new TableColumn(c.datetime('claimed_at', optional)),
    ]);
    await queryRunner.createIndex('mail_sends', new TableIndex({ name: 'IDX_mail_sends_message', columnNames: ['message_id', 'status'] }));
    await queryRunner.createIndex(
      'mail_sends',
      new TableIndex({ name: 'IDX_mail_sends_user_message', columnNames: ['user_id', 'message_id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('mail_sends', 'IDX_mail_sends_user_message');
    await queryRunner.dropIndex('mail_sends', 'IDX_mail_sends_message');
    await queryRunner.query('DELETE FROM mail_sends WHERE message_id IS NOT NULL');
    await queryRunner.dropColumn('mail_sends', 'claimed_at');
    await queryRunner.dropColumn('mail_sends', 'retry_at');
    await queryRunner.dropColumn('mail_sends', 'message_id');
    await queryRunner.dropTable('message_dismissals');
    await queryRunner.dropTable('messages');
  }
}
