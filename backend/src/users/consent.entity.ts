import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ConsentSource, PolicyDocument } from '@svp/domain';
import { DateTimeColumn } from '../database/column-types.js';

/** One agreement a person gave: to which document, in which version, when, and where (docs/decisions.md, 'Consents'). */
@Entity('consents')
export class Consent {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  document: PolicyDocument;

  @Column({ type: 'varchar', length: 32 })
  version: string;

  @DateTimeColumn({ name: 'agreed_at' })
  agreedAt: Date;

  @Column({ type: 'varchar', length: 32 })
  source: ConsentSource;

  /** The edition's key ('2026') it was given in. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  edition: string | null;
}
