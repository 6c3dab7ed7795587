import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReferenceRatings, ReferenceState } from '@svp/domain';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/**
 * One reference of an application: the referee the applicant named in slot 1 or 2, the request's
 * state and, once answered, the referee's answer. Created by the request job (or when the applicant
 * reads their references after it). `application_references`, not `references`: that is SQL's.
 */
@Entity('application_references')
export class ApplicationReference {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'application_id', type: 'integer' })
  applicationId: number;

  /** 1: the first reference of the application, 2: the second. */
  @Column({ type: 'integer' })
  slot: number;

  @Column({ name: 'referee_first_name', type: 'varchar', length: 200 })
  firstName: string;

  @Column({ name: 'referee_last_name', type: 'varchar', length: 200 })
  lastName: string;

  @Column({ name: 'referee_email', type: 'varchar', length: 254 })
  email: string;

  /** professor, advisor… (REFERENCE_TYPES), as the applicant chose it. */
  @Column({ name: 'referee_type', type: 'varchar', length: 64 })
  referenceType: string;

  @Column({ type: 'varchar', length: 16 })
  state: ReferenceState;

  /** 1 for the first request; each new request (sent again, another referee) adds one. */
  @Column({ name: 'request_no', type: 'integer', default: 1 })
  requestNo: number;

  /** Random; a new one makes every earlier link unknown. */
  @Column({ name: 'token_nonce', type: 'varchar', length: 64 })
  tokenNonce: string;

  /** sha256 (hex) of the link's token: the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @DateTimeColumn({ name: 'requested_at', nullable: true })
  requestedAt: Date | null;

  @DateTimeColumn({ name: 'answered_at', nullable: true })
  answeredAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  relationship: string | null;

  @Column({ name: 'known_for', type: 'varchar', length: 64, nullable: true })
  knownFor: string | null;

  @JsonColumn({ nullable: true })
  ratings: ReferenceRatings | null;

  /** The mean of the ratings given, kept with them so lists can filter and sort on it. */
  @Column({ name: 'average_rating', type: 'double', nullable: true })
  averageRating: number | null;

  @Column({ type: 'text', nullable: true })
  statement: string | null;

  @Column({ name: 'decline_reason', type: 'varchar', length: 1000, nullable: true })
  declineReason: string | null;

  /** Why the referee cannot be reached: the mail server's answer, or the bounce's reason. */
  @Column({ name: 'unreachable_reason', type: 'varchar', length: 500, nullable: true })
  unreachableReason: string | null;

  @DateTimeColumn({ name: 'withdrawn_at', nullable: true })
  withdrawnAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;

  /** Bumped by every write: a change is made only to the version it was decided on. */
  @Column({ type: 'integer', default: 1 })
  version: number;
}
