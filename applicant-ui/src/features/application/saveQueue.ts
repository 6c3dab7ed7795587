/**
 * Saves of one window, one at a time: each starts when the one before it has answered, so it is
 * based on the version that answer returned (two saves in flight would refuse each other as stale).
 */
export class SaveQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Runs `save` after every save queued before it, whether those went through or failed. */
  run<T>(save: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(save).finally(() => {
      this.waiting -= 1;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** A save is under way or waiting. */
  get busy(): boolean {
    return this.waiting > 0;
  }

  /** Settles once every save queued so far has answered. */
  async settled(): Promise<void> {
    await this.tail;
  }
}
