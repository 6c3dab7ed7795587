import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/**
 * pending → sending → sent; a refused send goes back to pending; 'sending' left by a stopped server is
 * never resent. 'failed': the mail server refused the recipient for good (a 5xx answer) for a kind that
 * handles that (a referee's address), so it is never tried again. 'cancelled': an organisers' message
 * was stopped before this recipient's turn.
 */
export type MailSendStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

/**
 * An email owed to one recipient, by a deadline job's run or by a person's own action (a receipt):
 * written before it is sent, so a resumed run sends nobody a second copy; and at most once per
 * message (`ledgerKey`), so a job re-armed by a moved date sends nobody a message they already have.
 */
@Entity('mail_sends')
export class MailSend {
  @PrimaryGeneratedColumn()
  id: number;

  /** The deadline job's run that owes it; null for a receipt owed by a person's own action. */
  @Column({ name: 'job_run_id', type: 'integer', nullable: true })
  jobRunId: number | null;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 48 })
  kind: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  /** The message this is (see `ledgerKey`): unique, so nobody gets the same message twice. */
  @Column({ name: 'ledger_key', type: 'varchar', length: 191, nullable: true })
  ledgerKey: string | null;

  /** What the template needs, captured when the run decided to send it. */
  @JsonColumn()
  params: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16 })
  status: MailSendStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'sent_at', nullable: true })
  sentAt: Date | null;

  /** The organisers' message this delivers (one entry per recipient); null for every other email. */
  @Column({ name: 'message_id', type: 'integer', nullable: true })
  messageId: number | null;

  /** A temporarily refused organisers' message is not tried again before this. */
  @DateTimeColumn({ name: 'retry_at', nullable: true })
  retryAt: Date | null;

  /** When a server last took it to send ('sending' long after this: the server stopped mid-send). */
  @DateTimeColumn({ name: 'claimed_at', nullable: true })
  claimedAt: Date | null;
}
