import type { ShiftRequirement } from '@svp/domain';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** One shift at a venue. Times are instants (UTC); `day` is the Pacific local day it starts on. */
@Entity('shifts')
export class Shift {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'venue_id', type: 'integer' })
  venueId: number;

  /** YYYY-MM-DD, Pacific. */
  @Column({ type: 'varchar', length: 10 })
  day: string;

  @DateTimeColumn({ name: 'starts_at' })
  startsAt: Date;

  @DateTimeColumn({ name: 'ends_at' })
  endsAt: Date;

  @Column({ type: 'varchar', length: 200 })
  role: string;

  @Column({ name: 'report_to', type: 'varchar', length: 200, default: '' })
  reportTo: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  special: string | null;

  @Column({ name: 'sv_slots', type: 'integer' })
  svSlots: number;

  @Column({ type: 'boolean', default: true })
  swappable: boolean;

  /** Who may take it beyond the usual rules: anyone, an experienced volunteer, or a team leader. */
  @Column({ type: 'varchar', length: 16, default: 'none' })
  requires: ShiftRequirement;

  /**
   * The SEQUENCE of its calendar event: raised by every change of its start, end or place (its venue,
   * or that venue's name or location), never by other changes (docs/decisions.md, 'Calendar feeds').
   */
  @Column({ name: 'calendar_sequence', type: 'integer', default: 0 })
  calendarSequence: number;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
