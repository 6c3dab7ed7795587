import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ProofType } from '@svp/domain';
import { DateTimeColumn } from '../database/column-types.js';

/** A user's proof of enrollment, stored as {svid}.{ext}. */
@Entity('proof_files')
export class ProofFile {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  @Column({ type: 'varchar', length: 32 })
  mime: ProofType;

  @Column({ type: 'integer' })
  size: number;

  @DateTimeColumn({ name: 'uploaded_at' })
  uploadedAt: Date;
}
