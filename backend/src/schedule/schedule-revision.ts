import type { EntityManager } from 'typeorm';
import { scheduleRevisionRaised } from './schedule-access.js';

/**
 * The schedule revision (migration 1764550000000): raise it in the transaction of every write that
 * changes what a schedule shows — venues and their team leaders, shifts, assignments, a team leader's
 * name — so that servers holding built schedules rebuild them (this one as soon as the write commits).
 */
export async function bumpScheduleRevision(manager: EntityManager): Promise<void> {
  await manager.query('UPDATE schedule_revision SET revision = revision + 1 WHERE id = 1');
  scheduleRevisionRaised(manager);
}
