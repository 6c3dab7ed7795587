import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ShiftProposalStatus } from '@svp/domain';
import { DateTimeColumn } from '../database/column-types.js';

export type ProposalStatus = ShiftProposalStatus;

/** A team leader's proposal of a volunteer for a free place on a shift of their venue; an administrator decides. */
@Entity('shift_proposals')
export class ShiftProposal {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'shift_id', type: 'integer' })
  shiftId: number;

  @Column({ name: 'volunteer_id', type: 'integer' })
  volunteerId: number;

  @Column({ name: 'proposed_by', type: 'integer' })
  proposedBy: number;

  @Column({ type: 'varchar', length: 16 })
  status: ProposalStatus;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'decided_at', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  decidedBy: number | null;
}
