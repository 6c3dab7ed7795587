import { jest } from '@jest/globals';

export interface HeldElapsedTime {
  /** Moves performance.now() on by `ms` at once: what a caller would see after waiting that long. */
  pass(ms: number): void;
  /** performance.now() follows real time again. */
  release(): void;
}

let held: HeldElapsedTime | null = null;

/**
 * Stops performance.now() where it is, until `release()` (or the end of the test: see
 * releaseElapsedTime). It is the real elapsed time the process-wide caches keep a value by
 * (KeptValues: the caller, settings and schedule-access caches, one or two seconds). A test that
 * counts queries or reads a value twice then cannot see it run out between two requests because the
 * machine was slow, and a test of "another server's change shows within the TTL" moves the time on
 * with `pass(ms)` instead of sleeping. Timers, Date and the injected Clock are left alone.
 */
export function holdElapsedTime(): HeldElapsedTime {
  held?.release();
  let now = performance.now();
  const spy = jest.spyOn(performance, 'now').mockImplementation(() => now);
  const hold: HeldElapsedTime = {
    pass: (ms) => {
      now += ms;
    },
    release: () => {
      if (held !== hold) return;
      spy.mockRestore();
      held = null;
    },
  };
  held = hold;
  return hold;
}

/** Lets elapsed time run again if a test held it; run after every test (src/testing/after-each-test.ts). */
export function releaseElapsedTime(): void {
  held?.release();
}
