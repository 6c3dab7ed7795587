import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A server using this database, as its heartbeat last said (running-servers.service.ts). */
@Entity('running_servers')
export class RunningServer {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  host: string;

  /** STORAGE: where it keeps proofs of enrollment. */
  @Column({ type: 'varchar', length: 16 })
  storage: 'local' | 's3';

  /** With STORAGE=local, the id written in its uploads folder: two servers showing the same id share the folder. */
  @Column({ name: 'uploads_folder_id', type: 'varchar', length: 64, nullable: true })
  uploadsFolderId: string | null;

  @DateTimeColumn({ name: 'started_at' })
  startedAt: Date;

  @DateTimeColumn({ name: 'seen_at' })
  seenAt: Date;
}
