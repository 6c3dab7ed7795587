import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * References collected from the referees an application names: one row per
 * application and slot, with the request's state, the hash of the referee's link and the answer.
 *
 * A run may now email one applicant's two referees (same user id, same kind), so the ledger key
 * alone keeps each message once: the unique index on (run, user, kind) becomes a plain one.
 */
export class References1765100000000 implements MigrationInterface {
  name = 'References1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.createTable(
      new Table({
        name: 'application_references',
        columns: [
          c.id(),
          c.int('application_id'),
          c.int('slot'),
          c.string('referee_first_name', 200),
          c.string('referee_last_name', 200),
          c.string('referee_email', 254),
          c.string('referee_type', 64),
          c.string('state', 16),
          c.int('request_no', { default: 1 }),
          c.string('token_nonce', 64),
          c.string('token_hash', 64),
          c.datetime('requested_at', optional),
          c.datetime('answered_at', optional),
          c.string('relationship', 64, optional),
          c.string('known_for', 64, optional),
          c.text('ratings', optional),
          { name: 'average_rating', type: 'double', isNullable: true },
          { name: 'statement', type: 'text', isNullable: true },
          c.string('decline_reason', 1000, optional),
          c.string('unreachable_reason', 500, optional),
          c.datetime('withdrawn_at', optional),
          c.datetime('created_at'),
          c.datetime('updated_at'),
          c.int('version', { default: 1 }),
        ],
        indices: [
          new TableIndex({ name: 'UQ_application_references_slot', columnNames: ['application_id', 'slot'], isUnique: true }),
          new TableIndex({ name: 'UQ_application_references_token', columnNames: ['token_hash'], isUnique: true }),
          new TableIndex({ name: 'IDX_application_references_state', columnNames: ['state'] }),
          new TableIndex({ name: 'IDX_application_references_email', columnNames: ['referee_email'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['application_id'],
            referencedTableName: 'applications',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    // The new index first: MySQL keeps an index under the job_run_id foreign key at every step.
    await queryRunner.createIndex(
      'mail_sends',
      new TableIndex({ name: 'IDX_mail_sends_run_user_kind', columnNames: ['job_run_id', 'user_id', 'kind'] }),
    );
    await queryRunner.dropIndex('mail_sends', 'UQ_mail_sends_run_user_kind');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'mail_sends',
      new TableIndex({ name: 'UQ_mail_sends_run_user_kind', columnNames: ['job_run_id', 'user_id', 'kind'], isUnique: true }),
    );
    await queryRunner.dropIndex('mail_sends', 'IDX_mail_sends_run_user_kind');
    await queryRunner.dropTable('application_references');
  }
}
