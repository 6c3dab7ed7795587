import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * The schedule builder: what a shift requires (an experienced volunteer, a team leader), which
 * volunteer preference a venue satisfies, pinned assignments, each volunteer's availability
 * (days or hours they cannot work, a daily maximum, a minimum rest), the builds with what they
 * replaced (for an exact undo), team leaders' proposals to fill a shift, and named locks that every
 * server sees (one build at a time).
 */
export class ScheduleBuilder1765000000000 implements MigrationInterface {
  name = 'ScheduleBuilder1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.addColumn('shifts', new TableColumn(c.string('requires', 16, { default: "'none'" })));
    await queryRunner.addColumn('venues', new TableColumn(c.string('preference', 32, { default: "'none'" })));
    await queryRunner.addColumn('shift_assignments', new TableColumn(c.bool('pinned')));

    await queryRunner.createTable(
      new Table({
        name: 'volunteer_constraints',
        columns: [
          c.id(),
          c.int('user_id'),
          // [{ day, from, to }] in Pacific local time; from/to null: the whole day.
          c.text('unavailable'),
          c.int('max_hours_per_day', optional),
          c.int('min_rest_minutes', optional),
          c.datetime('updated_at'),
          c.int('updated_by', optional),
        ],
        indices: [new TableIndex({ name: 'UQ_volunteer_constraints_user', columnNames: ['user_id'], isUnique: true })],
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

    await queryRunner.createTable(
      new Table({
        name: 'schedule_builds',
        columns: [
          c.id(),
          c.string('status', 16),
          c.int('progress', { default: 0 }),
          c.string('message', 1000, optional),
          c.text('scope'),
          // The preview: figures, bound, unfilled shifts, people and the assignments to write.
          c.text('result', optional),
          // The in-scope assignments the preview was made from, and (once applied) what it replaced.
          c.string('based_on', 64, optional),
          c.text('previous', optional),
          c.string('applied_state', 64, optional),
          c.int('created_by'),
          c.datetime('created_at'),
          c.datetime('applied_at', optional),
          c.datetime('undone_at', optional),
        ],
        indices: [new TableIndex({ name: 'IDX_schedule_builds_status', columnNames: ['status'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'shift_proposals',
        columns: [
          c.id(),
          c.int('shift_id'),
          c.int('volunteer_id'),
          c.int('proposed_by'),
          c.string('status', 16),
          c.datetime('created_at'),
          c.datetime('decided_at', optional),
          c.int('decided_by', optional),
        ],
        indices: [new TableIndex({ name: 'IDX_shift_proposals_shift', columnNames: ['shift_id', 'status'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['shift_id'],
            referencedTableName: 'shifts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['volunteer_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'named_locks',
        columns: [{ name: 'name', type: 'varchar', length: '64', isPrimary: true }, c.string('holder', 100), c.datetime('lease_until')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('named_locks');
    await queryRunner.dropTable('shift_proposals');
    await queryRunner.dropTable('schedule_builds');
    await queryRunner.dropTable('volunteer_constraints');
    await queryRunner.dropColumn('shift_assignments', 'pinned');
    await queryRunner.dropColumn('venues', 'preference');
    await queryRunner.dropColumn('shifts', 'requires');
  }
}
