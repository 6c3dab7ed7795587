import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** What a team leader noted about one volunteer on one shift; rating 0 means not rated. */
@Entity('performance_records')
export class PerformanceRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'shift_id', type: 'integer' })
  shiftId: number;

  @Column({ name: 'volunteer_id', type: 'integer' })
  volunteerId: number;

  @Column({ name: 'check_in', type: 'boolean', default: false })
  checkIn: boolean;

  @Column({ name: 'check_out', type: 'boolean', default: false })
  checkOut: boolean;

  /** When the volunteer was checked in (check_in mirrors it), and who did it or last corrected it. */
  @DateTimeColumn({ name: 'check_in_at', nullable: true })
  checkInAt: Date | null;

  @Column({ name: 'check_in_by', type: 'integer', nullable: true })
  checkInBy: number | null;

  @DateTimeColumn({ name: 'check_out_at', nullable: true })
  checkOutAt: Date | null;

  @Column({ name: 'check_out_by', type: 'integer', nullable: true })
  checkOutBy: number | null;

  /** Why a time was last corrected by hand. */
  @Column({ name: 'time_note', type: 'varchar', length: 500, nullable: true })
  timeNote: string | null;

  @Column({ type: 'integer', default: 0 })
  rating: number;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** Raised by every save; a save made from an older version is refused (no silent overwrite). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;
}
