import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { columns } from '../columns.js';

/**
 * One number that every write to venues, their team leaders, shifts or assignments raises, in the
 * same transaction: servers keep schedules they have built and rebuild one only when it moved.
 */
export class ScheduleRevision1764550000000 implements MigrationInterface {
  name = 'ScheduleRevision1764550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'schedule_revision',
        columns: [c.int('id', { isPrimary: true }), c.int('revision', { default: 0 })],
      }),
    );
    await queryRunner.query('INSERT INTO schedule_revision (id, revision) VALUES (1, 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('schedule_revision');
  }
}
