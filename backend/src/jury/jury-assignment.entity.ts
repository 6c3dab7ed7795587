import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A team leader asked to score one application. */
@Entity('jury_assignments')
export class JuryAssignment {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'team_leader_id', type: 'integer' })
  teamLeaderId: number;

  @Column({ name: 'application_id', type: 'integer' })
  applicationId: number;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;
}
