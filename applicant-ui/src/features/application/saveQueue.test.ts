import { describe, expect, it } from 'vitest';
import { SaveQueue } from './saveQueue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SaveQueue', () => {
  it('starts a save only once the one before it has answered, in order', async () => {
    const queue = new SaveQueue();
    const first = deferred<string>();
    const started: string[] = [];
    const a = queue.run(() => (started.push('a'), first.promise));
    const b = queue.run(async () => (started.push('b'), 'b'));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect(queue.busy).toBe(true);
    first.resolve('a');
    expect(await a).toBe('a');
    expect(await b).toBe('b');
    expect(started).toEqual(['a', 'b']);
    expect(queue.busy).toBe(false);
  });

  it('goes on after a save that failed, and gives its caller the failure', async () => {
    const queue = new SaveQueue();
    const failed = queue.run(() => Promise.reject(new Error('offline')));
    const next = queue.run(async () => 'saved');
    await expect(failed).rejects.toThrow('offline');
    expect(await next).toBe('saved');
  });

  it('settles once everything queued so far has answered', async () => {
    const queue = new SaveQueue();
    const slow = deferred<void>();
    let done = false;
    void queue.run(() => slow.promise.then(() => void (done = true)));
    const settled = queue.settled();
    slow.resolve();
    await settled;
    expect(done).toBe(true);
  });
});
