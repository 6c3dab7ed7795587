import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Work a route starts but does not wait for: it runs once the route has answered, so the answer is
 * neither slower nor different because of it (a stranger must not tell from the answer whether an
 * email has an account, and an SMTP server that is slow must not hold the answer up). A failure is
 * logged, never left unhandled; the app waits for unfinished work before it closes its database.
 */
@Injectable()
export class AfterAnswer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('AfterAnswer');
  private readonly pending = new Set<Promise<void>>();

  /** Runs `work` after the current request's answer; `what` names it in the log if it fails. */
  run(what: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once all work started so far (and any it started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }
}
