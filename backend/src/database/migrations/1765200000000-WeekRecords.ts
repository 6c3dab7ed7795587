import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columns } from '../columns.js';

/**
 * The week's records: when a volunteer was checked in and out and by whom, and why a time was
 * corrected. The boolean check_in/check_out columns stay and mirror the times, so older clients keep
 * working; records checked in before this migration keep their boolean without a time.
 */
export class WeekRecords1765200000000 implements MigrationInterface {
  name = 'WeekRecords1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.addColumns('performance_records', [
      new TableColumn(c.datetime('check_in_at', optional)),
      new TableColumn(c.int('check_in_by', optional)),
      new TableColumn(c.datetime('check_out_at', optional)),
      new TableColumn(c.int('check_out_by', optional)),
      new TableColumn(c.string('time_note', 500, optional)),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['time_note', 'check_out_by', 'check_out_at', 'check_in_by', 'check_in_at'])
      await queryRunner.dropColumn('performance_records', name);
  }
}
