import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A volunteer working a shift, with what their team leader should know. */
@Entity('shift_assignments')
export class ShiftAssignment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'shift_id', type: 'integer' })
  shiftId: number;

  @Column({ name: 'volunteer_id', type: 'integer' })
  volunteerId: number;

  @Column({ name: 'start_back_to_back', type: 'varchar', length: 500, nullable: true })
  startBackToBack: string | null;

  @Column({ name: 'end_back_to_back', type: 'varchar', length: 500, nullable: true })
  endBackToBack: string | null;

  @Column({ type: 'text', nullable: true })
  accommodations: string | null;

  /** Set by an administrator: the schedule builder never moves it. */
  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  /**
   * An exception to the schedule rules made by an administrator: the rules it sets aside (comma
   * separated), why, who and when. Null when the assignment keeps every rule.
   */
  @Column({ name: 'exception_rules', type: 'varchar', length: 200, nullable: true })
  exceptionRules: string | null;

  @Column({ name: 'exception_reason', type: 'varchar', length: 500, nullable: true })
  exceptionReason: string | null;

  @Column({ name: 'exception_by', type: 'integer', nullable: true })
  exceptionBy: number | null;

  @DateTimeColumn({ name: 'exception_at', nullable: true })
  exceptionAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
