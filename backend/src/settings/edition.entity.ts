import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/**
 * One year of the programme: its settings (timeline, conference facts, switches, texts) as JSON.
 * The newest edition is the current one; the earlier ones are read-only.
 */
@Entity('editions')
export class Edition {
  @PrimaryGeneratedColumn()
  id: number;

  /** '2026': the year of the application deadline when the edition was started. */
  @Column({ name: 'edition_key', type: 'varchar', length: 16, unique: true })
  key: string;

  /** The conference's name, kept beside the settings for lists. */
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The stored settings (JSON), read over the defaults. */
  @Column({ type: 'text' })
  settings: string;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  /** When a newer edition replaced it. */
  @DateTimeColumn({ name: 'closed_at', nullable: true })
  closedAt: Date | null;
}
