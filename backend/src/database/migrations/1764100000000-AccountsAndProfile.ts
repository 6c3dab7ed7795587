import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/** Profile fields on users, and one-time codes (email verification and password reset). */
export class AccountsAndProfile1764100000000 implements MigrationInterface {
  name = 'AccountsAndProfile1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    const optional = { isNullable: true };
    await queryRunner.addColumns(
      'users',
      [
        c.string('nickname', 100, optional),
        c.string('birthdate', 10, optional),
        c.text('gender', optional),
        c.string('gender_identity', 200, optional),
        c.text('underrepresented', optional),
        c.string('underrepresented_group', 200, optional),
        c.string('disability', 3, optional),
        c.string('disability_type', 200, optional),
        c.string('address1', 200, optional),
        c.string('address2', 200, optional),
        c.string('city', 100, optional),
        c.string('region', 100, optional),
        c.string('country', 2, optional),
        c.string('postal_code', 20, optional),
        c.text('languages', optional),
        c.string('phone_number', 32, optional),
        c.bool('can_text'),
        c.bool('can_call'),
      ].map((options) => new TableColumn(options)),
    );

    await queryRunner.createTable(
      new Table({
        name: 'one_time_codes',
        columns: [
          c.id(),
          c.int('user_id'),
          c.string('purpose', 32),
          c.string('code_hash', 64),
          c.int('attempts', { default: 0 }),
          c.datetime('expires_at'),
          c.datetime('used_at', optional),
          c.datetime('created_at'),
        ],
        indices: [new TableIndex({ name: 'IDX_codes_user_purpose', columnNames: ['user_id', 'purpose'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('one_time_codes');
    for (const name of [
      'nickname',
      'birthdate',
      'gender',
      'gender_identity',
      'underrepresented',
      'underrepresented_group',
      'disability',
      'disability_type',
      'address1',
      'address2',
      'city',
      'region',
      'country',
      'postal_code',
      'languages',
      'phone_number',
      'can_text',
      'can_call',
    ]) {
      await queryRunner.dropColumn('users', name);
    }
  }
}
