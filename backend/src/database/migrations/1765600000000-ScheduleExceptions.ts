import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Exceptions to the schedule rules: an assignment an administrator made despite a rule keeps the
 * rules it sets aside, the reason given, who gave it and when.
 */
export class ScheduleExceptions1765600000000 implements MigrationInterface {
  name = 'ScheduleExceptions1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.addColumns('shift_assignments', [
      new TableColumn(c.string('exception_rules', 200, { isNullable: true })),
      new TableColumn(c.string('exception_reason', 500, { isNullable: true })),
      new TableColumn(c.int('exception_by', { isNullable: true })),
      new TableColumn(c.datetime('exception_at', { isNullable: true })),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['exception_at', 'exception_by', 'exception_reason', 'exception_rules'])
      await queryRunner.dropColumn('shift_assignments', name);
  }
}
