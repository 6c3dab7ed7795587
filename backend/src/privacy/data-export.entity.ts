import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

export type DataExportState = 'preparing' | 'ready' | 'failed' | 'expired';

/**
 * An archive of everything the portal holds about one person, asked for by them: prepared in the
 * background by one server at a time (a lease, taken over when a server stops), kept in the file
 * storage until `expiresAt`, then deleted.
 */
@Entity('data_exports')
export class DataExport {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  state: DataExportState;

  @DateTimeColumn({ name: 'requested_at' })
  requestedAt: Date;

  @DateTimeColumn({ name: 'ready_at', nullable: true })
  readyAt: Date | null;

  @DateTimeColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  /** Where the archive is kept (the proofs' storage: local folder or S3). */
  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey: string | null;

  @Column({ type: 'integer', nullable: true })
  size: number | null;

  /** Why it failed. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  message: string | null;

  /** The server preparing it, and until when it holds it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  owner: string | null;

  @DateTimeColumn({ name: 'lease_until', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;
}
