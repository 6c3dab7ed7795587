import type { EntityManager } from 'typeorm';
import { afterCommit } from '../database/after-commit.js';

type StatusListener = (userId: number) => void;
const listeners = new Set<StatusListener>();

/** Call in the transaction of every change of an application's status (ApplicationStatusService does). */
export function applicationStatusChanged(manager: EntityManager, userId: number): void {
  afterCommit(manager, () => listeners.forEach((listener) => listener(userId)));
}

/**
 * Hears of each change of a user's application status made through this process, once it has
 * committed (what a module keeps of a status, such as the schedule's access cache, forgets it then).
 * Returns the way to stop hearing.
 */
export function onApplicationStatusChanged(listener: StatusListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
