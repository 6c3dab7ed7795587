import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

export type CodePurpose = 'verify-email' | 'reset-password';

/** A 6-digit code mailed to a user; only its hash is kept. */
@Entity('one_time_codes')
export class OneTimeCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  purpose: CodePurpose;

  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @DateTimeColumn({ name: 'expires_at' })
  expiresAt: Date;

  @DateTimeColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;
}
