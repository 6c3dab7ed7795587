import { afterAll, afterEach, beforeAll, jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import { MailService, type MailMessage } from '../mail/mail.service.js';
import { SmtpSink } from './smtp-sink.js';
import { openTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { JobsCron } from '../jobs/jobs.cron.js';
import { JobsService } from '../jobs/jobs.service.js';

/**
 * One server of the jobs suites (a test app with its job runner at hand) on a database that outlives
 * it, so a suite can stop a server and start another (a restart), or start two at once (two servers
 * sharing MySQL).
 */
export interface JobsApp extends TestApp {
  jobs: JobsService;
  cron: JobsCron;
}

export interface JobsAppOptions extends Pick<TestAppOptions, 'clock' | 'beforeInit'> {
  now: string;
  /** JOBS_ENABLED=true starts the timer (a catch-up at start); off by default, as in every other suite. */
  jobsEnabled?: boolean;
  mailUrl?: string;
}

export async function openJobsApp(database: TestDatabase, options: JobsAppOptions): Promise<JobsApp> {
  const t = await openTestApp(database, {
    now: options.now,
    clock: options.clock,
    beforeInit: options.beforeInit,
    logger: ['error'],
    env: { JOBS_ENABLED: options.jobsEnabled ? 'true' : 'false', ...(options.mailUrl ? { MAIL_URL: options.mailUrl } : {}) },
  });
  return { ...t, jobs: t.app.get(JobsService), cron: t.app.get(JobsCron) };
}

/** A database and a first server on it; `restart` stops the server and starts a new one on the same data. */
export async function jobsWorld(options: JobsAppOptions) {
  const database = await createTestDatabase();
  let current = await openJobsApp(database, options);
  return {
    database,
    get app() {
      return current;
    },
    async restart(next: JobsAppOptions): Promise<JobsApp> {
      await current.close();
      current = await openJobsApp(database, next);
      return current;
    },
    async close(): Promise<void> {
      await current.close();
      await database.drop();
    },
  };
}

/** Every row of job_runs, oldest first, with counts parsed. */
export async function jobRuns(dataSource: DataSource) {
  const rows = await dataSource.query('SELECT * FROM job_runs ORDER BY id');
  return (rows as Record<string, unknown>[]).map((row) => ({
    ...row,
    counts: row.counts ? JSON.parse(String(row.counts)) : null,
  })) as {
    id: number;
    job: string;
    slot: string;
    outcome: string;
    triggered_by: string;
    attempts: number;
    message: string | null;
    counts: Record<string, number> | null;
  }[];
}

/** Wraps the mailer of an app before it starts: `plan(n)` decides what the n-th send (1-based) does. */
export function wrapMailer(app: NestExpressApplication, plan: (n: number, send: () => Promise<void>) => Promise<void>) {
  const mailer = app.get(MailService);
  const real = mailer.send.bind(mailer);
  let calls = 0;
  jest.spyOn(mailer, 'send').mockImplementation((message: MailMessage) => plan(++calls, () => real(message)));
}

/**
 * The hooks of a suite of job worlds: one mail sink for the suite, read clean after each test, and
 * the servers (`extra`) and then the databases (`worlds`) a test opened, closed after it.
 */
export function jobWorldsHarness() {
  const harness = { sink: undefined as unknown as SmtpSink, worlds: [] as { close(): Promise<void> }[], extra: [] as JobsApp[] };
  beforeAll(async () => {
    harness.sink = await SmtpSink.start();
  });
  // Servers first, then their databases.
  afterEach(async () => {
    for (const app of harness.extra.splice(0)) await app.close();
    for (const world of harness.worlds.splice(0)) await world.close();
    harness.sink.clear();
  });
  afterAll(() => harness.sink.close());
  return harness;
}
