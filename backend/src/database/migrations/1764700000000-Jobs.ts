import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Deadline jobs: one row per job, edition and occurrence (unique, so two servers never both run
 * one), the emails each run owes (unique per run, recipient and kind, so a resumed run never sends
 * a second copy), and the own confirmation deadline of a place offered from the waitlist.
 */
export class Jobs1764700000000 implements MigrationInterface {
  name = 'Jobs1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };

    await queryRunner.createTable(
      new Table({
        name: 'job_runs',
        columns: [
          c.id(),
          c.string('job', 64),
          c.string('edition', 16),
          // 'edition' for a job that runs once per edition (emails); otherwise its due instant.
          c.string('slot', 32),
          c.datetime('due_at'),
          c.string('triggered_by', 16),
          c.string('outcome', 16),
          c.int('attempts', { default: 1 }),
          c.string('owner', 100),
          // While running: the owner's lease; after a failure: when an automatic retry may start.
          c.datetime('lease_until'),
          c.datetime('started_at'),
          c.datetime('finished_at', optional),
          c.text('counts', optional),
          c.string('message', 1000, optional),
        ],
        indices: [
          new TableIndex({ name: 'UQ_job_runs_occurrence', columnNames: ['job', 'edition', 'slot'], isUnique: true }),
          new TableIndex({ name: 'IDX_job_runs_job_started', columnNames: ['job', 'started_at'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'mail_sends',
        columns: [
          c.id(),
          c.int('job_run_id'),
          c.int('user_id'),
          c.string('kind', 48),
          c.string('recipient', 254),
          c.text('params'),
          // pending → sending → sent; a failed send goes back to pending; 'sending' left by a dead process is never resent.
          c.string('status', 16),
          c.int('attempts', { default: 0 }),
          c.string('last_error', 500, optional),
          c.datetime('created_at'),
          c.datetime('sent_at', optional),
        ],
        indices: [
          new TableIndex({ name: 'UQ_mail_sends_run_user_kind', columnNames: ['job_run_id', 'user_id', 'kind'], isUnique: true }),
          new TableIndex({ name: 'IDX_mail_sends_run_status', columnNames: ['job_run_id', 'status'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['job_run_id'],
            referencedTableName: 'job_runs',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await queryRunner.addColumn('applications', new TableColumn(c.datetime('offer_expires_at', optional)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('applications', 'offer_expires_at');
    await queryRunner.dropTable('mail_sends');
    await queryRunner.dropTable('job_runs');
  }
}
