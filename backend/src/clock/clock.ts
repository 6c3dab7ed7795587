import { Global, Injectable, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';

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

/**
 * A clock that read `start` when the process started and runs on at the pace of real time: a server
 * started with CLOCK_START (outside production) lives on the chosen day.
 */
export class StartedClock extends Clock {
  private readonly offset: number;

  constructor(start: Date, realNow: number = Date.now()) {
    super();
    this.offset = start.getTime() - realNow;
  }

  override now(): Date {
    return new Date(Date.now() + this.offset);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: Clock,
      useFactory: (config: AppConfig) => (config.clockStart ? new StartedClock(config.clockStart) : new Clock()),
      inject: [APP_CONFIG],
    },
  ],
  exports: [Clock],
})
export class ClockModule {}
