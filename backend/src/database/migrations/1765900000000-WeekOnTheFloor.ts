import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * The week on the conference floor. `record_actions`: each check-in, check-out, rating or note a team
 * leader's phone sent under its idempotency key, with what the server answered, so the same action
 * sent twice is judged once (unique on the author and the key; written in the transaction of the
 * record it changed). `push_devices`: the phones and browsers that receive a person's notifications
 * (the endpoint is kept whole and found by its hash). `notification_settings`: each person's choices.
 * `messages.urgent`: an organisers' message that also goes out as a notification and a text.
 */
export class WeekOnTheFloor1765900000000 implements MigrationInterface {
  name = 'WeekOnTheFloor1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.createTable(
      new Table({
        name: 'record_actions',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('action_key', 64),
          c.string('kind', 16),
          c.int('shift_id'),
          c.int('volunteer_id'),
          c.datetime('tapped_at'),
          c.datetime('received_at'),
          c.string('outcome', 16),
          c.string('code', 40, optional),
          c.string('message', 1000),
          c.text('errors'),
          c.int('result_version', optional),
        ],
        indices: [
          new TableIndex({ name: 'UQ_record_actions_key', columnNames: ['user_id', 'action_key'], isUnique: true }),
          new TableIndex({ name: 'IDX_record_actions_record', columnNames: ['shift_id', 'volunteer_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'push_devices',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('endpoint_hash', 64),
          c.string('endpoint', 1000),
          c.string('p256dh', 200),
          c.string('auth', 100),
          c.datetime('created_at'),
          c.datetime('last_sent_at', optional),
          c.int('failures', { default: 0 }),
        ],
        indices: [
          new TableIndex({ name: 'UQ_push_devices_endpoint', columnNames: ['endpoint_hash'], isUnique: true }),
          new TableIndex({ name: 'IDX_push_devices_user', columnNames: ['user_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'notification_settings',
        columns: [{ ...c.int('user_id'), isPrimary: true }, c.text('settings'), c.datetime('updated_at')],
      }),
    );
    await queryRunner.addColumn('messages', new TableColumn(c.bool('urgent')));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('messages', 'urgent');
    await queryRunner.dropTable('notification_settings');
    await queryRunner.dropTable('push_devices');
    await queryRunner.dropTable('record_actions');
  }
}
