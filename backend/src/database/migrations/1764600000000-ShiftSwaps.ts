import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Shift swap requests (docs/product.md, 'What is stored'): a volunteer's shift offered to anyone (`open`) or for
 * one named volunteer's shift (`directed`). Status null is open, true accepted, false closed for
 * `closed_reason`. Requests go with their shifts and volunteers.
 */
export class ShiftSwaps1764600000000 implements MigrationInterface {
  name = 'ShiftSwaps1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const reference = (column: string, table: 'users' | 'shifts') =>
      new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE' });
    await queryRunner.createTable(
      new Table({
        name: 'shift_swap_requests',
        columns: [
          c.id(),
          c.int('creator_id'),
          c.int('shift_id'),
          c.int('swapped_shift_id', { isNullable: true }),
          c.int('swapped_sv_id', { isNullable: true }),
          c.string('kind', 16),
          { name: 'status', type: 'boolean', isNullable: true },
          c.string('closed_reason', 16, { isNullable: true }),
          c.datetime('created_at'),
          c.datetime('closed_at', { isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_swap_creator', columnNames: ['creator_id', 'status'] }),
          new TableIndex({ name: 'IDX_swap_swapped_sv', columnNames: ['swapped_sv_id', 'status'] }),
          new TableIndex({ name: 'IDX_swap_shift', columnNames: ['shift_id'] }),
          new TableIndex({ name: 'IDX_swap_swapped_shift', columnNames: ['swapped_shift_id'] }),
          new TableIndex({ name: 'IDX_swap_status', columnNames: ['status', 'kind'] }),
        ],
        foreignKeys: [
          reference('creator_id', 'users'),
          reference('swapped_sv_id', 'users'),
          reference('shift_id', 'shifts'),
          reference('swapped_shift_id', 'shifts'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('shift_swap_requests');
  }
}
