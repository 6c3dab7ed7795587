import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/** Applications with their processing status and confirmation, proofs of enrollment, upload tickets. */
export class Applications1764200000000 implements MigrationInterface {
  name = 'Applications1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    const userForeignKey = () =>
      new TableForeignKey({ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' });

    await queryRunner.createTable(
      new Table({
        name: 'applications',
        columns: [
          c.id(),
          c.int('user_id', { isUnique: true }),
          c.text('data'),
          c.int('step', { default: 0 }),
          c.bool('completed'),
          c.bool('team_leader'),
          c.bool('financial_aid'),
          c.string('status', 16, { default: "'pending'" }),
          c.string('status_tag', 16, optional),
          c.bool('closed'),
          c.datetime('submitted_at', optional),
          c.text('confirmation', optional),
          c.datetime('confirmed_at', optional),
          c.datetime('declined_at', optional),
          c.string('decline_reason', 32, optional),
          c.int('version', { default: 1 }),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'IDX_applications_status', columnNames: ['status'] }),
          new TableIndex({ name: 'IDX_applications_completed', columnNames: ['completed', 'team_leader', 'financial_aid'] }),
        ],
        foreignKeys: [userForeignKey()],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'proof_files',
        columns: [
          c.id(),
          c.int('user_id', { isUnique: true }),
          c.string('storage_key', 255),
          c.string('original_name', 255),
          c.string('mime', 32),
          c.int('size'),
          c.datetime('uploaded_at'),
        ],
        foreignKeys: [userForeignKey()],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'upload_tickets',
        columns: [
          c.string('id', 36, { isPrimary: true }),
          c.int('user_id'),
          c.string('file_type', 32),
          c.string('original_name', 255),
          c.datetime('expires_at'),
          c.datetime('used_at', optional),
          c.datetime('created_at'),
        ],
        indices: [new TableIndex({ name: 'IDX_upload_tickets_user', columnNames: ['user_id'] })],
        foreignKeys: [userForeignKey()],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('upload_tickets');
    await queryRunner.dropTable('proof_files');
    await queryRunner.dropTable('applications');
  }
}
