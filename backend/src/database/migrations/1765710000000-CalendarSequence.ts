import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columns } from '../columns.js';

/**
 * A shift's calendar revision: the SEQUENCE its calendar event carries, raised each time its start,
 * end or place changes, so a calendar that imported the event takes the new one in its stead.
 * Shifts already there start at 0, which is what their events have said so far.
 */
export class CalendarSequence1765710000000 implements MigrationInterface {
  name = 'CalendarSequence1765710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('shifts', new TableColumn(columns(queryRunner).int('calendar_sequence', { default: 0 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('shifts', 'calendar_sequence');
  }
}
