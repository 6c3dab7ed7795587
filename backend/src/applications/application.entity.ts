import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ApplicationData, ConfirmationForm, StatusState, StatusTag } from '@svp/domain';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';
import { User } from '../users/user.entity.js';

/** One application per user and edition, with its processing status and, once given, the confirmation form. */
@Entity('applications')
export class Application {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** Everything the applicant wrote, except the proof file, which lives in proof_files. */
  @JsonColumn()
  data: Partial<ApplicationData>;

  @Column({ type: 'integer', default: 0 })
  step: number;

  @Column({ type: 'boolean', default: false })
  completed: boolean;

  @Column({ name: 'team_leader', type: 'boolean', default: false })
  teamLeader: boolean;

  @Column({ name: 'financial_aid', type: 'boolean', default: false })
  financialAid: boolean;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: StatusState;

  @Column({ name: 'status_tag', type: 'varchar', length: 16, nullable: true })
  statusTag: StatusTag | null;

  /** Locked at the application deadline: no path can save it any more. */
  @Column({ type: 'boolean', default: false })
  closed: boolean;

  @DateTimeColumn({ name: 'submitted_at', nullable: true })
  submittedAt: Date | null;

  @JsonColumn({ nullable: true })
  confirmation: ConfirmationForm | null;

  @DateTimeColumn({ name: 'confirmed_at', nullable: true })
  confirmedAt: Date | null;

  @DateTimeColumn({ name: 'declined_at', nullable: true })
  declinedAt: Date | null;

  @Column({ name: 'decline_reason', type: 'varchar', length: 32, nullable: true })
  declineReason: string | null;

  /** The own confirmation deadline of a place offered from the waitlist after the edition's deadline; null: the edition's. */
  @DateTimeColumn({ name: 'offer_expires_at', nullable: true })
  offerExpiresAt: Date | null;

  /** The earlier edition whose answers this application started from (school, graduation, referees, experience); null: none. */
  @Column({ name: 'carried_from_edition_id', type: 'integer', nullable: true })
  carriedFromEditionId: number | null;

  /** Bumped by every write; a save based on an older version is stale. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
