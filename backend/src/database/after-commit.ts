import {
  type EntityManager,
  type EntitySubscriberInterface,
  EventSubscriber,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

const PENDING = 'svpAfterCommit';

function pendingOf(runner: QueryRunner): Array<() => void> {
  return ((runner.data as Record<string, unknown>)[PENDING] ??= []) as Array<() => void>;
}

/**
 * Runs `action` once the transaction `manager` works in has committed, never if it rolls back; at
 * once when `manager` is in no transaction (its statements are then already committed). For what must
 * only happen once others can read the change, such as forgetting what a cache holds: done before
 * the commit, a read in between would put the old value back.
 */
export function afterCommit(manager: EntityManager, action: () => void): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    action();
    return;
  }
  pendingOf(runner).push(action);
}

/** Carries out afterCommit's actions (listed in the data source's options; TypeORM only takes decorated subscribers). */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    // TypeORM also reports the release of a savepoint; only the outermost commit makes the change visible.
    if (event.queryRunner.isTransactionActive) return;
    const actions = pendingOf(event.queryRunner).splice(0);
    for (const action of actions) action();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    // A savepoint rolled back may drop actions that are then still run at the outer commit: one
    // forgetting too many, never one too few.
    if (!event.queryRunner.isTransactionActive) pendingOf(event.queryRunner).splice(0);
  }
}
