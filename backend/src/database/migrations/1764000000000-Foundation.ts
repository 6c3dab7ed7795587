import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/** Users with the auth core, edition settings, and the audit log. */
export class Foundation1764000000000 implements MigrationInterface {
  name = 'Foundation1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          c.id(),
          c.string('email', 254, { isUnique: true }),
          c.string('password_hash', 255),
          c.string('first_name', 100),
          c.string('last_name', 100),
          c.string('svid', 16, { isUnique: true }),
          c.string('username', 64, { isUnique: true }),
          c.string('role', 32, { default: "'Student-Volunteer'" }),
          c.bool('is_admin'),
          c.bool('verified'),
          c.int('token_version', { default: 0 }),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
      }),
    );
    await queryRunner.createIndex('users', new TableIndex({ name: 'IDX_users_role', columnNames: ['role'] }));

    await queryRunner.createTable(
      new Table({
        name: 'settings',
        columns: [c.string('name', 64, { isPrimary: true }), c.text('value'), c.datetime('updated_at')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          c.id(),
          c.int('actor_id', { isNullable: true }),
          c.string('actor_email', 254, { isNullable: true }),
          c.string('action', 64),
          c.string('entity', 64),
          c.string('entity_id', 64, { isNullable: true }),
          c.text('before', { isNullable: true }),
          c.text('after', { isNullable: true }),
          c.datetime('created_at'),
        ],
      }),
    );
    await queryRunner.createIndex('audit_log', new TableIndex({ name: 'IDX_audit_action', columnNames: ['action'] }));
    await queryRunner.createIndex('audit_log', new TableIndex({ name: 'IDX_audit_actor', columnNames: ['actor_id'] }));
    await queryRunner.createIndex('audit_log', new TableIndex({ name: 'IDX_audit_entity', columnNames: ['entity', 'entity_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
    await queryRunner.dropTable('settings');
    await queryRunner.dropTable('users');
  }
}
