import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * Roles per edition, and what a new application carried over:
 * - `edition_roles`: who held the team-leader role in an edition that is over, written when the next
 *   edition starts (the current edition's role is the user's). Editions closed before this migration
 *   get the team leaders of now: until now the role was never taken away, so that is what they showed.
 * - `applications.carried_from_edition_id`: the earlier edition whose answers a new application
 *   started from (its school, graduation, referees and experience), for the applicant to check.
 */
export class EditionRoles1765800000000 implements MigrationInterface {
  name = 'EditionRoles1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'edition_roles',
        columns: [c.id(), c.int('edition_id'), c.int('user_id'), c.string('role', 32)],
        indices: [new TableIndex({ name: 'UQ_edition_roles_edition_user', columnNames: ['edition_id', 'user_id'], isUnique: true })],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_edition_roles_edition',
            columnNames: ['edition_id'],
            referencedTableName: 'editions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'FK_edition_roles_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.query(
      'INSERT INTO edition_roles (edition_id, user_id, role) ' +
        "SELECT e.id, u.id, 'Team-Leader' FROM editions e, users u WHERE e.closed_at IS NOT NULL AND u.role = 'Team-Leader'",
    );
    await queryRunner.addColumn('applications', new TableColumn(c.int('carried_from_edition_id', { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('applications', 'carried_from_edition_id');
    await queryRunner.dropTable('edition_roles');
  }
}
