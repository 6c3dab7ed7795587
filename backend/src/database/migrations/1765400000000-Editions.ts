import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex, type TableUnique } from 'typeorm';
import { editionOf, DEFAULT_TIMELINE } from '@svp/domain';
import { columns } from '../columns.js';
import { isMysql } from '../dialect.js';

/** The records of an edition: each gets `edition_id`; the rest follow their shift, venue or application. */
export const EDITION_TABLES = [
  'applications',
  'proof_files',
  'jury_assignments',
  'jury_scores',
  'venues',
  'shifts',
  'volunteer_constraints',
  'schedule_builds',
] as const;

/** Tables whose one row per user becomes one row per user and edition. */
const ONE_PER_USER = ['applications', 'proof_files', 'volunteer_constraints'] as const;

/**
 * Editions: the programme runs every year on one portal. The settings move from the single
 * `settings` row into `editions` (one row per year, the newest is the current one), and every record
 * that exists becomes the first edition's: its `edition_id` is that edition's id. Nothing else of a
 * record changes. Accounts and profiles stay shared.
 */
export class Editions1765400000000 implements MigrationInterface {
  name = 'Editions1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'editions',
        columns: [
          c.id(),
          c.string('edition_key', 16, { isUnique: true }),
          c.string('name', 200),
          c.text('settings'),
          c.datetime('created_at'),
          c.datetime('closed_at', { isNullable: true }),
        ],
      }),
    );
    const [stored] = (await queryRunner.query("SELECT value FROM settings WHERE name = 'edition'")) as { value: string }[];
    const settings = stored
      ? (JSON.parse(stored.value) as { timeline?: { applicationEndDate?: string }; conference?: { name?: string } })
      : {};
    const key = editionOf({ applicationEndDate: settings.timeline?.applicationEndDate ?? DEFAULT_TIMELINE.applicationEndDate });
    const name = settings.conference?.name ?? `SIGGRAPH ${key}`;
    await queryRunner.query('INSERT INTO editions (edition_key, name, settings, created_at, closed_at) VALUES (?, ?, ?, ?, NULL)', [
      key,
      name,
      stored?.value ?? '{}',
      storedNow(queryRunner),
    ]);
    const [{ id }] = (await queryRunner.query('SELECT id FROM editions WHERE edition_key = ?', [key])) as { id: number }[];
    await queryRunner.query("DELETE FROM settings WHERE name = 'edition'");

    for (const table of EDITION_TABLES) {
      await queryRunner.addColumn(table, new TableColumn(c.int('edition_id', { isNullable: true })));
      await queryRunner.query(`UPDATE ${table} SET edition_id = ?`, [id]);
      if (isMysql(queryRunner)) {
        await queryRunner.query(`ALTER TABLE \`${table}\` MODIFY \`edition_id\` int NOT NULL`);
      } else {
        // SQLite rebuilds the table for a changed column; TypeORM does that from the stored definition.
        const loaded = (await queryRunner.getTable(table))!;
        const column = loaded.findColumnByName('edition_id')!;
        const required = column.clone();
        required.isNullable = false;
        await queryRunner.changeColumn(loaded, column, required);
      }
      await queryRunner.createForeignKey(
        table,
        new TableForeignKey({
          name: `FK_${table}_edition`,
          columnNames: ['edition_id'],
          referencedTableName: 'editions',
          referencedColumnNames: ['id'],
          onDelete: 'RESTRICT',
        }),
      );
      if (!(ONE_PER_USER as readonly string[]).includes(table))
        await queryRunner.createIndex(table, new TableIndex({ name: `IDX_${table}_edition`, columnNames: ['edition_id'] }));
    }
    // One application, proof and availability per user and edition. The new index leads with user_id,
    // so MySQL's foreign key on user_id keeps an index when the old unique one goes.
    for (const table of ONE_PER_USER) {
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: `UQ_${table}_user_edition`, columnNames: ['user_id', 'edition_id'], isUnique: true }),
      );
      await dropUserUnique(queryRunner, table);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [current] = (await queryRunner.query('SELECT id, settings FROM editions ORDER BY id DESC LIMIT 1')) as {
      id: number;
      settings: string;
    }[];
    for (const table of ONE_PER_USER) {
      await queryRunner.query(`DELETE FROM ${table} WHERE edition_id <> ?`, [current?.id ?? 0]);
      await queryRunner.createIndex(table, new TableIndex({ name: `UQ_${table}_user`, columnNames: ['user_id'], isUnique: true }));
      await queryRunner.dropIndex(table, `UQ_${table}_user_edition`);
    }
    for (const table of [...EDITION_TABLES].reverse()) {
      await queryRunner.dropForeignKey(table, `FK_${table}_edition`);
      if (!(ONE_PER_USER as readonly string[]).includes(table)) await queryRunner.dropIndex(table, `IDX_${table}_edition`);
      await queryRunner.dropColumn(table, 'edition_id');
    }
    if (current)
      await queryRunner.query("INSERT INTO settings (name, value, updated_at) VALUES ('edition', ?, ?)", [
        current.settings,
        storedNow(queryRunner),
      ]);
    await queryRunner.dropTable('editions');
  }
}

/** Now as each driver stores an instant: a Date for MySQL, TypeORM's UTC text for SQLite. */
function storedNow(queryRunner: QueryRunner): Date | string {
  const now = new Date();
  return isMysql(queryRunner) ? now : now.toISOString().replace('T', ' ').replace('Z', '');
}

/** Drops the unique rule on user_id alone: a unique constraint (SQLite) or a unique index (MySQL). */
async function dropUserUnique(queryRunner: QueryRunner, table: string): Promise<void> {
  const loaded = (await queryRunner.getTable(table))!;
  const unique: TableUnique | undefined = loaded.uniques.find((u) => u.columnNames.length === 1 && u.columnNames[0] === 'user_id');
  if (unique) {
    await queryRunner.dropUniqueConstraint(loaded, unique);
    return;
  }
  const index = loaded.indices.find((i) => i.isUnique && i.columnNames.length === 1 && i.columnNames[0] === 'user_id');
  if (index) {
    await queryRunner.dropIndex(loaded, index);
    return;
  }
  // A column declared unique keeps the rule on the column itself.
  const column = loaded.findColumnByName('user_id')!;
  if (column.isUnique) {
    const plain = column.clone();
    plain.isUnique = false;
    await queryRunner.changeColumn(loaded, column, plain);
    return;
  }
  if (isMysql(queryRunner)) throw new Error(`No unique rule on ${table}.user_id to drop`);
}
