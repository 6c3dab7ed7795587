import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../app.module.js';
import { configureApp } from '../../app.setup.js';
import { Clock, ManualClock } from '../../clock/clock.js';
import { loadConfig } from '../../config/app.config.js';
import { Factories } from '../../testing/factories.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { JobsCron } from '../jobs.cron.js';
import { JobsService } from '../jobs.service.js';

/**
 * One server of the jobs suites: the whole app on a database that outlives it, so a suite can stop
 * a server and start another (a restart), or start two at once (two servers sharing MySQL).
 */
export interface JobsApp {
  app: NestExpressApplication;
  clock: ManualClock;
  dataSource: DataSource;
  factories: Factories;
  jobs: JobsService;
  cron: JobsCron;
  http(): ReturnType<typeof request>;
  /** Stops this server; the database stays. */
  close(): Promise<void>;
}

export interface JobsAppOptions {
  now: string;
  /** JOBS_ENABLED=true starts the timer (a catch-up at start); off by default, as in every other suite. */
  jobsEnabled?: boolean;
  mailUrl?: string;
  clock?: ManualClock;
  /** Called once the providers exist and before the app starts (and its timer with it): where a test wraps the mailer. */
  beforeInit?: (app: NestExpressApplication, close: () => Promise<void>) => void;
}

export async function openJobsApp(database: TestDatabase, options: JobsAppOptions): Promise<JobsApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    APPLICANT_UI_DIR: `${database.dataDir}/no-applicant-ui`,
    ADMIN_UI_DIR: `${database.dataDir}/no-admin-ui`,
    AUTH_RATE_LIMIT: '10000',
    JOBS_ENABLED: options.jobsEnabled ? 'true' : 'false',
    ...(options.mailUrl ? { MAIL_URL: options.mailUrl } : {}),
  });
  const clock = options.clock ?? new ManualClock(options.now);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error'] });
  configureApp(app, config);
  // Stopping twice (a test stops a server mid-run, then the suite cleans up) stops it once.
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= app.close());
  options.beforeInit?.(app, close);
  await app.init();
  const server = app.getHttpServer();
  return {
    app,
    clock,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    factories: new Factories(app),
    jobs: app.get(JobsService),
    cron: app.get(JobsCron),
    http: () => request(server),
    close,
  };
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
  })) as { id: number; job: string; slot: string; outcome: string; triggered_by: string; attempts: number; message: string | null; counts: Record<string, number> | null }[];
}
