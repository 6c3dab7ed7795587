import { Global, Injectable, Module } from '@nestjs/common';

/** The one source of "now" for server code, so deadlines can be tested at pinned instants. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stays where a test puts it. */
export class ManualClock extends Clock {
  private current: Date;

  constructor(start: Date | string = new Date()) {
    super();
    this.current = new Date(start);
  }

  override now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string): void {
    this.current = new Date(at);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
