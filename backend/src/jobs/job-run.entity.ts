import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

export type JobOutcome = 'running' | 'succeeded' | 'skipped' | 'failed';
export type JobTrigger = 'schedule' | 'catch-up' | 'manual';
export type JobCounts = Record<string, number>;

/** One occurrence of a deadline job in one edition: unique, so two servers never both run it. */
@Entity('job_runs')
export class JobRun {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  job: string;

  @Column({ type: 'varchar', length: 16 })
  edition: string;

  /** The occurrence's due instant (a moved date is a new occurrence); 'edition' in runs recorded before every job ran per occurrence. */
  @Column({ type: 'varchar', length: 32 })
  slot: string;

  @DateTimeColumn({ name: 'due_at' })
  dueAt: Date;

  @Column({ name: 'triggered_by', type: 'varchar', length: 16 })
  triggeredBy: JobTrigger;

  @Column({ type: 'varchar', length: 16 })
  outcome: JobOutcome;

  @Column({ type: 'integer', default: 1 })
  attempts: number;

  /** The process holding (or last holding) the run. */
  @Column({ type: 'varchar', length: 100 })
  owner: string;

  /** While running: until when the owner holds it; after a failure: when an automatic retry may start. */
  @DateTimeColumn({ name: 'lease_until' })
  leaseUntil: Date;

  @DateTimeColumn({ name: 'started_at' })
  startedAt: Date;

  @DateTimeColumn({ name: 'finished_at', nullable: true })
  finishedAt: Date | null;

  @JsonColumn({ nullable: true })
  counts: JobCounts | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  message: string | null;
}
