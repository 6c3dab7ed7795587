import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/** Jury assignments (team leader × application) and the scores given. */
export class Jury1764300000000 implements MigrationInterface {
  name = 'Jury1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const foreignKeys = () => [
      new TableForeignKey({
        columnNames: ['team_leader_id'],
        referencedTableName: 'users',
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
      }),
      new TableForeignKey({
        columnNames: ['application_id'],
        referencedTableName: 'applications',
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
      }),
    ];
    await queryRunner.createTable(
      new Table({
        name: 'jury_assignments',
        columns: [c.id(), c.int('team_leader_id'), c.int('application_id'), c.datetime('created_at')],
        indices: [
          new TableIndex({ name: 'UQ_jury_assignment', columnNames: ['team_leader_id', 'application_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_jury_assignment_application', columnNames: ['application_id'] }),
        ],
        foreignKeys: foreignKeys(),
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'jury_scores',
        columns: [
          c.id(),
          c.int('team_leader_id'),
          c.int('application_id'),
          c.int('essay1'),
          c.int('essay2'),
          c.int('essay3'),
          c.int('overall'),
          c.int('red_flag'),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'UQ_jury_score', columnNames: ['team_leader_id', 'application_id'], isUnique: true }),
          new TableIndex({ name: 'IDX_jury_score_application', columnNames: ['application_id'] }),
        ],
        foreignKeys: foreignKeys(),
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('jury_scores');
    await queryRunner.dropTable('jury_assignments');
  }
}
