import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Venues and their team leaders, shifts, volunteers' shift assignments and the performance
 * records team leaders keep. Shift times are UTC instants; `day` is the Pacific local day.
 */
export class Schedule1764400000000 implements MigrationInterface {
  name = 'Schedule1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const user = (column: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE') =>
      new TableForeignKey({ columnNames: [column], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete });
    const shift = () =>
      new TableForeignKey({ columnNames: ['shift_id'], referencedTableName: 'shifts', referencedColumnNames: ['id'], onDelete: 'CASCADE' });

    await queryRunner.createTable(
      new Table({
        name: 'venues',
        columns: [
          c.id(),
          c.string('name', 200),
          c.string('location', 300, { default: "''" }),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'venue_team_leaders',
        columns: [c.id(), c.int('venue_id'), c.int('team_leader_id')],
        indices: [
          new TableIndex({ name: 'UQ_venue_team_leader', columnNames: ['venue_id', 'team_leader_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_venue_team_leader_user', columnNames: ['team_leader_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['venue_id'],
            referencedTableName: 'venues',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          user('team_leader_id'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'shifts',
        columns: [
          c.id(),
          c.int('venue_id'),
          c.string('day', 10),
          c.datetime('starts_at'),
          c.datetime('ends_at'),
          c.string('role', 200),
          c.string('report_to', 200, { default: "''" }),
          c.text('description', { isNullable: true }),
          c.text('special', { isNullable: true }),
          c.int('sv_slots'),
          c.bool('swappable', true),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'IDX_shift_venue', columnNames: ['venue_id'] }),
          new TableIndex({ name: 'IDX_shift_day', columnNames: ['day', 'starts_at'] }),
        ],
        // A venue with shifts is not deleted by accident: the shifts go first.
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['venue_id'],
            referencedTableName: 'venues',
            referencedColumnNames: ['id'],
            onDelete: 'RESTRICT',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'shift_assignments',
        columns: [
          c.id(),
          c.int('shift_id'),
          c.int('volunteer_id'),
          c.string('start_back_to_back', 500, { isNullable: true }),
          c.string('end_back_to_back', 500, { isNullable: true }),
          c.text('accommodations', { isNullable: true }),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'UQ_shift_assignment', columnNames: ['shift_id', 'volunteer_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_shift_assignment_volunteer', columnNames: ['volunteer_id'] }),
        ],
        foreignKeys: [shift(), user('volunteer_id')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'performance_records',
        columns: [
          c.id(),
          c.int('shift_id'),
          c.int('volunteer_id'),
          c.bool('check_in'),
          c.bool('check_out'),
          c.int('rating', { default: 0 }),
          c.text('notes', { isNullable: true }),
          c.datetime('updated_at'),
          c.int('updated_by', { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: 'UQ_performance_record', columnNames: ['shift_id', 'volunteer_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_performance_record_volunteer', columnNames: ['volunteer_id'] }),
        ],
        foreignKeys: [shift(), user('volunteer_id'), user('updated_by', 'SET NULL')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('performance_records');
    await queryRunner.dropTable('shift_assignments');
    await queryRunner.dropTable('shifts');
    await queryRunner.dropTable('venue_team_leaders');
    await queryRunner.dropTable('venues');
  }
}
