import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { applicationStatusChanged } from '../applications/application-status-events.js';
import { afterCommit } from '../database/after-commit.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { ScheduleAccessCache, scheduleRevisionRaised } from './schedule-access.js';

describe('afterCommit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs an action once the transaction has committed, not while it is open', async () => {
    const action = jest.fn();
    await t.dataSource.transaction(async (manager) => {
      afterCommit(manager, action);
      await manager.query('SELECT 1');
      expect(action).not.toHaveBeenCalled();
    });
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('never runs it when the transaction rolls back', async () => {
    const action = jest.fn();
    await expect(
      t.dataSource.transaction(async (manager) => {
        afterCommit(manager, action);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(action).not.toHaveBeenCalled();
    // Nor at the next commit of the same pooled connection.
    await t.dataSource.transaction((manager) => manager.query('SELECT 1'));
    expect(action).not.toHaveBeenCalled();
  });

  it('waits for the outermost commit, not a savepoint released inside it', async () => {
    const action = jest.fn();
    await t.dataSource.transaction(async (manager) => {
      await manager.transaction(async (inner) => afterCommit(inner, action));
      expect(action).not.toHaveBeenCalled();
    });
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs it at once outside a transaction, where the statements before it are already committed', () => {
    const action = jest.fn();
    afterCommit(t.dataSource.manager, action);
    expect(action).toHaveBeenCalledTimes(1);
  });
});

describe('ScheduleAccessCache', () => {
  const loaders = (revision: number) => ({
    revision: jest.fn(async () => revision),
    status: jest.fn(async (_userId: number) => 'confirmed' as string | null),
  });

  it('reads once, then answers from memory until a change commits', async () => {
    const cache = new ScheduleAccessCache();
    const load = loaders(1);
    await cache.read(7, load);
    expect(await cache.read(7, load)).toEqual({ revision: 1, status: 'confirmed' });
    expect(load.revision).toHaveBeenCalledTimes(1);
    scheduleRevisionRaised({ queryRunner: undefined } as never);
    await cache.read(7, load);
    expect(load.revision).toHaveBeenCalledTimes(2);
    expect(load.status).toHaveBeenCalledTimes(1);
    cache.onModuleDestroy();
  });

  it("reads a caller's status again once a change of their application's status commits, and only theirs", async () => {
    const cache = new ScheduleAccessCache();
    const load = loaders(1);
    await cache.read(7, load);
    await cache.read(8, load);
    applicationStatusChanged({ queryRunner: undefined } as never, 7);
    await cache.read(7, load);
    await cache.read(8, load);
    expect(load.status.mock.calls.map(([userId]) => userId)).toEqual([7, 8, 7]);
    cache.onModuleDestroy();
    // A cache that is gone hears of no change any more.
    applicationStatusChanged({ queryRunner: undefined } as never, 8);
    await cache.read(8, load);
    expect(load.status).toHaveBeenCalledTimes(3);
  });

  it('sends one query for many calls that need the same fact at once', async () => {
    const cache = new ScheduleAccessCache();
    const load = loaders(3);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.read(7, load)));
    expect(answers.every((a) => a.revision === 3 && a.status === 'confirmed')).toBe(true);
    expect(load.revision).toHaveBeenCalledTimes(1);
    expect(load.status).toHaveBeenCalledTimes(1);
    cache.onModuleDestroy();
  });

  it('does not keep what a read brought back when a change committed while it was on its way', async () => {
    const cache = new ScheduleAccessCache();
    let finish!: (value: number) => void;
    const slow = cache.read(7, { ...loaders(0), revision: () => new Promise<number>((resolve) => (finish = resolve)) });
    // The write commits while the read is in flight: the read may have seen the database before it.
    scheduleRevisionRaised({ queryRunner: undefined } as never);
    finish(1);
    expect((await slow).revision).toBe(1);
    const load = loaders(2);
    expect((await cache.read(7, load)).revision).toBe(2);
    expect(load.revision).toHaveBeenCalledTimes(1);
    cache.onModuleDestroy();
  });

  it('lets the next call try again after a failed reading', async () => {
    const cache = new ScheduleAccessCache();
    await expect(cache.read(7, { ...loaders(0), revision: async () => Promise.reject(new Error('database away')) })).rejects.toThrow(
      'database away',
    );
    expect((await cache.read(7, loaders(4))).revision).toBe(4);
    cache.onModuleDestroy();
  });
});
