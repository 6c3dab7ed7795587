import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProofType } from '@svp/domain';
import { DateTimeColumn } from '../database/column-types.js';

/** A signed, short-lived, single-use permission to upload one proof. */
@Entity('upload_tickets')
export class UploadTicket {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'file_type', type: 'varchar', length: 32 })
  fileType: ProofType;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  @DateTimeColumn({ name: 'expires_at' })
  expiresAt: Date;

  @DateTimeColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;
}
