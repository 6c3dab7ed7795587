import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/column-types.js';

/** A user's personal calendar link: the sha256 (hex) of its token, never the token itself. */
@Entity('calendar_feeds')
export class CalendarFeed {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer', unique: true })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;
}
