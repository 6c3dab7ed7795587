import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../database/column-types.js';

/** A recipient closed a message's dashboard banner: it is not shown to them again. */
@Entity('message_dismissals')
export class MessageDismissal {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'message_id', type: 'integer' })
  messageId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @DateTimeColumn({ name: 'dismissed_at' })
  dismissedAt: Date;
}
