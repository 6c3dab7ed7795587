import type { EntityManager } from 'typeorm';

/**
 * What other modules keep about an account and must follow when it changes. The schedule module
 * implements it (calendar links, team leaders' names in the schedules servers keep built); it
 * depends on users/, so users/ finds it at run time (ModuleRef), as ApplicationStatusLookup.
 */
export abstract class AccountChangeListener {
  /** A new password was set: credentials made while the old one held end. */
  abstract passwordChanged(manager: EntityManager, userId: number): Promise<void>;
  /** The first or last name changed, and is saved. */
  abstract renamed(manager: EntityManager, userId: number): Promise<void>;
}
