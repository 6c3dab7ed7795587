import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

export type ErasureState = 'requested' | 'confirmed' | 'cancelled';

/**
 * An administrator's request to erase a person's data, carried out only when a second administrator
 * confirms it (docs/decisions.md, 'Erasure on request'). Kept after the erasure: that it happened,
 * who asked, who confirmed, and how many records it changed.
 */
@Entity('erasure_requests')
export class ErasureRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  state: ErasureState;

  /** Why, as the administrator wrote it; the person's name and email are taken out of it at the erasure. */
  @Column({ type: 'varchar', length: 1000 })
  reason: string;

  @Column({ name: 'requested_by', type: 'integer' })
  requestedBy: number;

  @DateTimeColumn({ name: 'requested_at' })
  requestedAt: Date;

  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  decidedBy: number | null;

  @DateTimeColumn({ name: 'decided_at', nullable: true })
  decidedAt: Date | null;

  /** How many records of each kind the erasure changed. */
  @JsonColumn({ nullable: true })
  counts: Record<string, number> | null;

  /** `user:<id>` while requested, null once decided: unique, so a person has one open request whatever the servers do. */
  @Column({ name: 'open_key', type: 'varchar', length: 32, nullable: true })
  openKey: string | null;
}
