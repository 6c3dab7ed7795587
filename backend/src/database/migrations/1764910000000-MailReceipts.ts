import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail ledger also holds receipts (an application received, a place confirmed), which no job
 * run owes: mail_sends.job_run_id becomes optional, and the receipts left pending are found by it.
 */
export class MailReceipts1764910000000 implements MigrationInterface {
  name = 'MailReceipts1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setNullable(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM mail_sends WHERE job_run_id IS NULL');
    await setNullable(queryRunner, false);
  }
}

/** Changes only the column's nullability: the stored column, cloned, so each driver keeps its type, index and foreign key. */
async function setNullable(queryRunner: QueryRunner, nullable: boolean): Promise<void> {
  const table = (await queryRunner.getTable('mail_sends'))!;
  const column = table.findColumnByName('job_run_id')!;
  const changed = column.clone();
  changed.isNullable = nullable;
  await queryRunner.changeColumn(table, column, changed);
}
