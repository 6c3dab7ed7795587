import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Performance records carry a version, raised by every save, so that two team leaders saving the
 * same shift from pages loaded at different times cannot silently overwrite each other: a save
 * made from an older version is refused (409) with the records as they are now.
 */
export class PerformanceRecordVersions1764810000000 implements MigrationInterface {
  name = 'PerformanceRecordVersions1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('performance_records', new TableColumn(columns(queryRunner).int('version', { default: 1 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('performance_records', 'version');
  }
}
