/** One counter after a hit: how many hits its window holds, and how long until the window ends. */
export interface WindowCount {
  hits: number;
  resetInMs: number;
}

/**
 * Fixed-window counters: a counter's window starts at its first hit and lasts `windowMs`; a hit after
 * that starts a new window. `hit` counts one hit on each key, atomically per key, and answers the
 * counts in the order of the keys. Keys are opaque, at most 64 characters.
 */
export abstract class RateLimitStore {
  abstract hit(keys: string[], windowMs: number): Promise<WindowCount[]>;
}

/** Counters in this process's memory: what a server counts with while its shared store cannot be reached. */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  constructor(private readonly now: () => number) {
    super();
  }

  async hit(keys: string[], windowMs: number): Promise<WindowCount[]> {
    const now = this.now();
    if (this.windows.size > 50_000) this.sweep(now);
    return keys.map((key) => {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { hits: 0, resetAt: now + windowMs };
        this.windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, resetInMs: window.resetAt - now };
    });
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
