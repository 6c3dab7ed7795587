import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Attempt counters every server shares, for the rate limit on sign-in, registration, codes and
 * resets: one row per counter, named by the sha256 of its key (no address or email is stored), with
 * its hits and the end of its window in milliseconds since 1970. Ended windows are deleted now and then.
 */
export class RateLimits1765500000000 implements MigrationInterface {
  name = 'RateLimits1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'rate_limits',
        columns: [c.string('key_hash', 64, { isPrimary: true }), c.int('hits'), { name: 'expires_at', type: 'bigint' }],
        indices: [new TableIndex({ name: 'IDX_rate_limits_expires_at', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('rate_limits');
  }
}
