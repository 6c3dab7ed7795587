/**
 * Values a process keeps for a short while, by key, in front of a database read that hot paths make
 * on every call (the caller's row, the settings, the schedule revision, a caller's application status).
 *
 * - A value is reused for `ttlMs` of real elapsed time (not the injected clock: tests move that clock
 *   by months), so a change written by another server shows within that time.
 * - Calls that need a key while it is being read wait for that one reading instead of each sending
 *   the same query at the same moment (at 50 clients, 50 identical queries left together every time
 *   a value ran out, and queued for the database's connections).
 * - forget() drops a key at once, for changes written through this process; a reading already on its
 *   way when any key is forgotten is answered but not kept, since it may have seen the database before
 *   the change.
 * - At most `max` keys are kept; beyond it all are let go at once.
 */
export class KeptValues<K, V> {
  private readonly held = new Map<K, { value: V; readAt: number }>();
  private readonly readings = new Map<K, Promise<V>>();
  /** Raised by every forget: a reading that began before one does not keep what it read. */
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  /** The value of `key`: kept, being read, or read now by `load`. */
  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const startedAt = performance.now();
    const held = this.held.get(key);
    if (held && startedAt - held.readAt < this.ttlMs) return Promise.resolve(held.value);
    const pending = this.readings.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const done = () => {
      if (this.readings.get(key) === reading) this.readings.delete(key);
    };
    const reading = load(key).then(
      (value) => {
        done();
        if (epoch === this.epoch) this.keep(key, value, startedAt);
        return value;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    this.readings.set(key, reading);
    return reading;
  }

  /** Keeps `value` for `key` as of now: for a value this process has just written itself. */
  set(key: K, value: V): void {
    this.epoch += 1;
    this.readings.delete(key);
    this.keep(key, value, performance.now());
  }

  forget(key: K): void {
    this.epoch += 1;
    this.held.delete(key);
    this.readings.delete(key);
  }

  private keep(key: K, value: V, readAt: number): void {
    if (!this.held.has(key) && this.held.size >= this.max) this.held.clear();
    this.held.set(key, { value, readAt });
  }
}
