import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RetentionKind } from '@svp/domain';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/**
 * One retention removal: one kind of one edition's data, removed when its time came (docs/decisions.md,
 * 'How long personal data is kept'), with how many it removed and the counts the reports keep showing.
 */
@Entity('data_removals')
export class DataRemoval {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ type: 'varchar', length: 32 })
  kind: RetentionKind;

  @DateTimeColumn({ name: 'due_at' })
  dueAt: Date;

  @DateTimeColumn({ name: 'removed_at' })
  removedAt: Date;

  @Column({ type: 'integer' })
  removed: number;

  /** Counts of the logistics report taken from the removed answers (key → people), added back where the report counts. */
  @JsonColumn()
  figures: Record<string, number>;

  @Column({ name: 'job_run_id', type: 'integer', nullable: true })
  jobRunId: number | null;
}
