import { Entity, PrimaryColumn } from 'typeorm';
import type { NotificationSettings } from '@svp/domain';
import { DateTimeColumn, JsonColumn } from '../../database/column-types.js';

/** A person's choices of what reaches their phone; without a row, DEFAULT_NOTIFICATION_SETTINGS. */
@Entity('notification_settings')
export class NotificationSetting {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  @JsonColumn()
  settings: NotificationSettings;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
