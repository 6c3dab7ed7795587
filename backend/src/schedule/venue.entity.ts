import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A place where shifts happen (a room, a booth, the SV Office). */
@Entity('venues')
export class Venue {
  @PrimaryGeneratedColumn()
  id: number;

  /** The edition (year) this belongs to. */
  @Column({ name: 'edition_id', type: 'integer' })
  editionId: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  location: string;

  /** The volunteer preference this venue satisfies (a VENUE_PREFERENCES value; 'none': no preference leads here). */
  @Column({ type: 'varchar', length: 32, default: 'none' })
  preference: string;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
