import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';

/**
 * A message's body rendered once, when it is written: its HTML and plain text with a slot for each
 * merge value, and the link targets that hold merge values (JSON). Each recipient's copy is filled
 * from these without parsing the Markdown again. Messages written before have none: each is rendered
 * the first time it is read, and kept. And an index for counting a venue's recent team leaders'
 * messages (TEAM_MESSAGE_LIMIT).
 */
export class MessageRendering1765700000000 implements MigrationInterface {
  name = 'MessageRendering1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.addColumns('messages', [
      new TableColumn(c.text('rendered_html', { isNullable: true })),
      new TableColumn(c.text('rendered_text', { isNullable: true })),
      new TableColumn(c.text('rendered_links', { isNullable: true })),
    ]);
    await queryRunner.createIndex(
      'messages',
      new TableIndex({ name: 'IDX_messages_venue_created', columnNames: ['venue_id', 'created_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('messages', 'IDX_messages_venue_created');
    for (const name of ['rendered_links', 'rendered_text', 'rendered_html']) await queryRunner.dropColumn('messages', name);
  }
}
