import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

interface OpenRequestRow {
  id: number | string;
  creator_id: number | string;
  shift_id: number | string;
  swapped_shift_id: number | string | null;
  swapped_sv_id: number | string | null;
  kind: string;
}

/**
 * What several servers must agree on. `shift_swap_requests.open_key`: what an open request
 * offers or asks, unique while it is open and null once it closes, so the same request made twice at
 * once is stored once. `running_servers`: each server's heartbeat, so a server keeping uploads on its
 * own disk can tell at start that another server shares the database.
 */
export class OnceAcrossServers1765510000000 implements MigrationInterface {
  name = 'OnceAcrossServers1765510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.addColumn('shift_swap_requests', new TableColumn(c.string('open_key', 100, { isNullable: true })));
    // Requests open now get their key; a duplicate made before the index (the bug it fixes) stays open without one.
    const open = (await queryRunner.query(
      'SELECT id, creator_id, shift_id, swapped_shift_id, swapped_sv_id, kind FROM shift_swap_requests WHERE status IS NULL ORDER BY id',
    )) as OpenRequestRow[];
    const taken = new Set<string>();
    for (const row of open) {
      const key =
        row.kind === 'directed'
          ? `directed:${row.creator_id}:${row.shift_id}:${row.swapped_shift_id}:${row.swapped_sv_id}`
          : `open:${row.creator_id}:${row.shift_id}`;
      if (taken.has(key)) continue;
      taken.add(key);
      await queryRunner.query('UPDATE shift_swap_requests SET open_key = ? WHERE id = ?', [key, row.id]);
    }
    await queryRunner.createIndex(
      'shift_swap_requests',
      new TableIndex({ name: 'UQ_swap_open_key', columnNames: ['open_key'], isUnique: true }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'running_servers',
        columns: [
          c.string('id', 64, { isPrimary: true }),
          c.string('host', 255),
          c.string('storage', 16),
          c.string('uploads_folder_id', 64, { isNullable: true }),
          c.datetime('started_at'),
          c.datetime('seen_at'),
        ],
        indices: [new TableIndex({ name: 'IDX_running_servers_seen', columnNames: ['seen_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('running_servers');
    await queryRunner.dropIndex('shift_swap_requests', 'UQ_swap_open_key');
    await queryRunner.dropColumn('shift_swap_requests', 'open_key');
  }
}
