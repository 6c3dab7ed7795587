import { describe, expect, it, jest } from '@jest/globals';
import { holdElapsedTime } from '../testing/elapsed-time.js';
import { KeptValues } from './kept-values.js';

describe('KeptValues', () => {
  it('reads a key once within the time to keep, and again after it', async () => {
    // Held, so that a pause of the machine between the first two reads cannot count as the 40 ms passing.
    const elapsed = holdElapsedTime();
    const kept = new KeptValues<string, number>(40);
    const load = jest.fn(async (_key: string) => 1);
    await kept.get('a', load);
    await kept.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    elapsed.pass(60);
    await kept.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps what this process wrote itself, over a reading that was on its way', async () => {
    const kept = new KeptValues<string, string>(60_000);
    let finish!: (value: string) => void;
    const slow = kept.get('settings', () => new Promise<string>((resolve) => (finish = resolve)));
    kept.set('settings', 'new');
    finish('old');
    expect(await slow).toBe('old');
    expect(await kept.get('settings', async () => 'read again')).toBe('new');
  });

  it('lets go of everything beyond its size, and forgets one key at once', async () => {
    const kept = new KeptValues<number, number>(60_000, 2);
    for (const key of [1, 2, 3]) await kept.get(key, async (k) => k * 10);
    const load = jest.fn(async (k: number) => k * 100);
    expect(await kept.get(3, load)).toBe(30);
    expect(await kept.get(1, load)).toBe(100);
    kept.forget(3);
    expect(await kept.get(3, load)).toBe(300);
  });
});
