import type { UnavailableTime } from '@svp/domain';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/** What a volunteer told the organisers about when and how much they can work. */
@Entity('volunteer_constraints')
export class VolunteerConstraints {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @JsonColumn()
  unavailable: UnavailableTime[];

  @Column({ name: 'max_hours_per_day', type: 'integer', nullable: true })
  maxHoursPerDay: number | null;

  @Column({ name: 'min_rest_minutes', type: 'integer', nullable: true })
  minRestMinutes: number | null;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy: number | null;
}
