import type { BuildPreview, BuildPreviewSummary } from '@svp/domain';
import type { BuildScope } from '@svp/domain/contract';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';
import type { BuildOutput } from './build-compute.js';

export type BuildStatus = 'running' | 'preview' | 'applied' | 'undone' | 'failed' | 'discarded';

/** A build's preview as stored: what domain buildPreview made, with the build's pairs and figures. */
export interface StoredPreview extends BuildPreviewSummary {
  scopeShiftIds: number[];
  pairs: [number, number][];
  output: BuildOutput;
  /** Assignments in scope made through an exception (kept by the build); absent on builds made before exceptions existed. */
  exceptions?: BuildPreview['exceptions'];
}

/** A row of shift_assignments as it was, to restore it exactly on undo. */
export interface StoredAssignment {
  id: number;
  shiftId: number;
  volunteerId: number;
  startBackToBack: string | null;
  endBackToBack: string | null;
  accommodations: string | null;
  pinned: boolean;
  /** The exception it was made through (absent on builds stored before exceptions existed). */
  exceptionRules?: string | null;
  exceptionReason?: string | null;
  exceptionBy?: number | null;
  exceptionAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One run of the schedule builder: its scope, its preview, and once applied what it replaced. */
@Entity('schedule_builds')
export class ScheduleBuild {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ type: 'varchar', length: 16 })
  status: BuildStatus;

  @Column({ type: 'integer', default: 0 })
  progress: number;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  message: string | null;

  @JsonColumn()
  scope: BuildScope;

  @JsonColumn({ nullable: true })
  result: StoredPreview | null;

  /** A fingerprint of the in-scope assignments the preview was made from. */
  @Column({ name: 'based_on', type: 'varchar', length: 64, nullable: true })
  basedOn: string | null;

  /** The in-scope assignments the apply replaced. */
  @JsonColumn({ nullable: true })
  previous: StoredAssignment[] | null;

  /** A fingerprint of the in-scope assignments right after the apply (an undo needs them unchanged). */
  @Column({ name: 'applied_state', type: 'varchar', length: 64, nullable: true })
  appliedState: string | null;

  @Column({ name: 'created_by', type: 'integer' })
  createdBy: number;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'applied_at', nullable: true })
  appliedAt: Date | null;

  @DateTimeColumn({ name: 'undone_at', nullable: true })
  undoneAt: Date | null;
}
