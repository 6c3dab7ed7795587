import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/column-types.js';

/** A phone or browser that receives a person's notifications: its push subscription (RFC 8030 endpoint, RFC 8291 keys). */
@Entity('push_devices')
export class PushDevice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** sha256 of the endpoint, hex: unique, so a subscription belongs to one person. */
  @Column({ name: 'endpoint_hash', type: 'varchar', length: 64 })
  endpointHash: string;

  @Column({ type: 'varchar', length: 1000 })
  endpoint: string;

  @Column({ type: 'varchar', length: 200 })
  p256dh: string;

  @Column({ type: 'varchar', length: 100 })
  auth: string;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'last_sent_at', nullable: true })
  lastSentAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  failures: number;
}
