import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A named JSON document of edition settings. */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'text' })
  value: string;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
