import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/**
 * One check-in, check-out, rating or note a team leader's phone sent under its idempotency key, and
 * what the server answered: the same key sent again gets the same answer and writes nothing. Unique
 * on the author and the key; an applied action is written in the transaction of the record it changed.
 */
@Entity('record_actions')
export class RecordAction {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'action_key', type: 'varchar', length: 64 })
  actionKey: string;

  @Column({ type: 'varchar', length: 16 })
  kind: string;

  @Column({ name: 'shift_id', type: 'integer' })
  shiftId: number;

  @Column({ name: 'volunteer_id', type: 'integer' })
  volunteerId: number;

  /** The tap, as recorded (never later than `receivedAt`). */
  @DateTimeColumn({ name: 'tapped_at' })
  tappedAt: Date;

  @DateTimeColumn({ name: 'received_at' })
  receivedAt: Date;

  @Column({ type: 'varchar', length: 16 })
  outcome: 'applied' | 'refused' | 'conflict';

  @Column({ type: 'varchar', length: 40, nullable: true })
  code: string | null;

  @Column({ type: 'varchar', length: 1000 })
  message: string;

  @JsonColumn()
  errors: Record<string, string>;

  /** The record's version this action left (applied), so the author's later actions on it are not taken for someone else's change. */
  @Column({ name: 'result_version', type: 'integer', nullable: true })
  resultVersion: number | null;
}
