import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

/** Who changed what, from what, to what, and when. */
@Entity('audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 64 })
  entity: string;

  @Column({ name: 'entity_id', type: 'varchar', length: 64, nullable: true })
  entityId: string | null;

  @JsonColumn({ nullable: true })
  before: object | null;

  @JsonColumn({ nullable: true })
  after: object | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;
}
