import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';
import { isMysql } from '../dialect.js';
import { rawDate } from '../raw-values.js';

/**
 * Personal data (docs/decisions.md, 'Personal data'): when a person's account was erased
 * (users.erased_at); the agreements each person gave, by document and version (consents), filled
 * for applications submitted before with the version 'unknown'; the archives people ask for of
 * their data (data_exports); erasures asked for by one administrator and confirmed by another
 * (erasure_requests, one open request per person through `open_key`); and what each retention
 * removal took, with the counts the logistics report keeps showing (data_removals).
 */
export class PersonalData1766000000000 implements MigrationInterface {
  name = 'PersonalData1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.addColumn('users', new TableColumn(c.datetime('erased_at', optional)));
    await queryRunner.createTable(
      new Table({
        name: 'consents',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('document', 32),
          c.string('version', 32),
          c.datetime('agreed_at'),
          c.string('source', 32),
          c.string('edition', 16, optional),
        ],
        indices: [new TableIndex({ name: 'IDX_consents_user', columnNames: ['user_id', 'agreed_at'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'data_exports',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('state', 16),
          c.datetime('requested_at'),
          c.datetime('ready_at', optional),
          c.datetime('expires_at', optional),
          c.string('storage_key', 255, optional),
          c.int('size', optional),
          c.string('message', 500, optional),
          c.string('owner', 100, optional),
          c.datetime('lease_until', optional),
          c.int('attempts', { default: 0 }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_data_exports_user', columnNames: ['user_id', 'id'] }),
          new TableIndex({ name: 'IDX_data_exports_state', columnNames: ['state', 'lease_until'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'erasure_requests',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('state', 16),
          c.string('reason', 1000),
          c.int('requested_by'),
          c.datetime('requested_at'),
          c.int('decided_by', optional),
          c.datetime('decided_at', optional),
          c.text('counts', optional),
          c.string('open_key', 32, optional),
        ],
        indices: [
          new TableIndex({ name: 'IDX_erasure_requests_user', columnNames: ['user_id'] }),
          new TableIndex({ name: 'UQ_erasure_requests_open', columnNames: ['open_key'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'data_removals',
        columns: [
          c.id(),
          c.int('edition_id'),
          c.string('kind', 32),
          c.datetime('due_at'),
          c.datetime('removed_at'),
          c.int('removed'),
          c.text('figures'),
          c.int('job_run_id', optional),
        ],
        indices: [new TableIndex({ name: 'IDX_data_removals_edition', columnNames: ['edition_id', 'kind'] })],
      }),
    );

    // Agreements given on applications submitted before they were recorded: the three documents, the version not known.
    const submitted: { user_id: number | string; submitted_at: string | Date | null; data: string | null; edition_key: string | null }[] =
      await queryRunner.query(
        'SELECT a.user_id AS user_id, a.submitted_at AS submitted_at, a.data AS data, e.edition_key AS edition_key ' +
          'FROM applications a LEFT JOIN editions e ON e.id = a.edition_id WHERE a.completed = 1 AND a.submitted_at IS NOT NULL',
      );
    const documents = [
      ['privacy', 'acceptedPrivacy'],
      ['media-release', 'acceptedMediaRelease'],
      ['terms', 'acceptedTerms'],
    ] as const;
    for (const row of submitted) {
      let data: Record<string, unknown> = {};
      try {
        data = row.data ? (JSON.parse(row.data) as Record<string, unknown>) : {};
      } catch {
        // An unreadable answer sheet records no agreement.
      }
      for (const [document, answer] of documents) {
        if (data[answer] !== true) continue;
        await queryRunner.query('INSERT INTO consents (user_id, document, version, agreed_at, source, edition) VALUES (?, ?, ?, ?, ?, ?)', [
          Number(row.user_id),
          document,
          'unknown',
          stored(queryRunner, rawDate(row.submitted_at!)),
          'before-records',
          row.edition_key,
        ]);
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_removals');
    await queryRunner.dropTable('erasure_requests');
    await queryRunner.dropTable('data_exports');
    await queryRunner.dropTable('consents');
    await queryRunner.dropColumn('users', 'erased_at');
  }
}

/** An instant as each driver stores it: a Date for MySQL, TypeORM's UTC text for SQLite. */
function stored(queryRunner: QueryRunner, at: Date): Date | string {
  return isMysql(queryRunner) ? at : at.toISOString().replace('T', ' ').replace('Z', '');
}
