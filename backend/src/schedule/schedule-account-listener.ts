import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AccountChangeListener } from '../users/account-changes.js';
import { CalendarFeed } from './calendar/calendar-feed.entity.js';
import { bumpScheduleRevision } from './schedule-revision.js';

/** What the schedule keeps about an account, following its changes. */
@Injectable()
export class ScheduleAccountListener implements AccountChangeListener {
  /** A calendar link is a credential too: whoever had the old password may have made one. */
  async passwordChanged(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(CalendarFeed, { userId });
  }

  /** Team leaders' names are part of the schedules servers keep built. */
  async renamed(manager: EntityManager): Promise<void> {
    await bumpScheduleRevision(manager);
  }
}
