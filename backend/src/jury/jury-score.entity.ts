import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** One team leader's blind scores of one application: essays 1–5, overall yes/no, red flag. */
@Entity('jury_scores')
export class JuryScore {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'team_leader_id', type: 'integer' })
  teamLeaderId: number;

  @Column({ name: 'application_id', type: 'integer' })
  applicationId: number;

  @Column({ type: 'integer' })
  essay1: number;

  @Column({ type: 'integer' })
  essay2: number;

  @Column({ type: 'integer' })
  essay3: number;

  @Column({ type: 'integer' })
  overall: number;

  @Column({ name: 'red_flag', type: 'integer' })
  redFlag: number;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
