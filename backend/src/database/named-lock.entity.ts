import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A lock every server sees: held by one holder until its lease runs out. */
@Entity('named_locks')
export class NamedLock {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  holder: string;

  @DateTimeColumn({ name: 'lease_until' })
  leaseUntil: Date;
}
