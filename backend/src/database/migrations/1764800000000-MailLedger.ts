import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columns } from '../columns.js';
import { rawDate } from '../raw-values.js';

/**
 * The key of an email recorded before this migration, as mail/ledger-key.ts made it when the migration
 * was written (the kinds jobs sent then). A migration keeps the rule of its day: the live one has grown
 * kinds since, and a migration must give the same result whenever it runs.
 */
export function keyOfRecordedEmail(edition: string, dueAt: Date, kind: string, userId: number, params: Record<string, unknown>): string {
  const about = new Map<string, () => string>([
    ['team-leader-closed', () => dueAt.toISOString()],
    ['application-reminder', () => `${params.daysLeft}d ${params.applicationEndDate}`],
    ['confirmation-reminder', () => `${params.daysLeft}d ${params.confirmBy}`],
    ['decision', () => `${params.outcome}${params.teamLeader ? ' TL' : ''}`],
  ]);
  // An offer lapses once, a waitlist offer is made once, schedules come out once: nothing more to tell them apart.
  return `${edition}|${kind}|${userId}|${about.get(kind)?.() ?? ''}`;
}

/**
 * Deadline jobs run once per occurrence of their date (a moved date re-arms the job), so the
 * ledger of job emails must stop repeats across runs, not only within one: each email gets the key
 * of the message it is, unique. Emails already recorded get their key here, so nobody who already
 * had a message gets it again when its job is re-armed.
 */
export class MailLedger1764800000000 implements MigrationInterface {
  name = 'MailLedger1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columns(queryRunner);
    await queryRunner.addColumn('mail_sends', new TableColumn(c.string('ledger_key', 191, { isNullable: true })));
    const rows: { id: number; user_id: number; kind: string; params: string; edition: string; due_at: unknown }[] = await queryRunner.query(
      'SELECT m.id, m.user_id, m.kind, m.params, r.edition, r.due_at FROM mail_sends m JOIN job_runs r ON r.id = m.job_run_id ' +
        'ORDER BY m.id',
    );
    const taken = new Set<string>();
    for (const row of rows) {
      const key = keyOfRecordedEmail(row.edition, rawDate(row.due_at), row.kind, row.user_id, JSON.parse(row.params));
      // Should two old rows be the same message, the first keeps the key; the later one stays as it was.
      if (taken.has(key)) continue;
      taken.add(key);
      await queryRunner.query('UPDATE mail_sends SET ledger_key = ? WHERE id = ?', [key, row.id]);
    }
    await queryRunner.createIndex(
      'mail_sends',
      new TableIndex({ name: 'UQ_mail_sends_ledger_key', columnNames: ['ledger_key'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('mail_sends', 'UQ_mail_sends_ledger_key');
    await queryRunner.dropColumn('mail_sends', 'ledger_key');
  }
}
