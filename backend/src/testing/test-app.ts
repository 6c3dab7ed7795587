import 'reflect-metadata';
import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { type AppConfig, loadConfig } from '../config/app.config.js';
import { Clock, ManualClock } from '../clock/clock.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { Factories } from './factories.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  clock: ManualClock;
  dataSource: DataSource;
  database: TestDatabase;
  factories: Factories;
  /** A supertest client bound to the app. */
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Where the clock starts; defaults to while applications are open in the default timeline. */
  now?: string;
  env?: Record<string, string>;
  /** A clock shared with another app (two servers of one deployment); else a new one at `now`. */
  clock?: ManualClock;
  /** Called once the providers exist and before the app starts: where a test wraps a provider. */
  beforeInit?: (app: NestExpressApplication, close: () => Promise<void>) => void;
  logger?: LogLevel[];
}

export const APPLICATIONS_OPEN_AT = '2026-01-15T12:00:00.000Z';

/** The whole API on a database of its own, with a clock the test controls. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const t = await openTestApp(database, options);
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
}

/**
 * The whole API on an existing test database, which outlives it: `close` stops this app only (once,
 * however often it is called), so a suite can restart a server on the same data or run two at once.
 */
export async function openTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    APPLICANT_UI_DIR: `${database.dataDir}/no-applicant-ui`,
    ADMIN_UI_DIR: `${database.dataDir}/no-admin-ui`,
    // Suites sign in many times from one address; the throttling suite sets its own limit.
    AUTH_RATE_LIMIT: '10000',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(options.now ?? APPLICATIONS_OPEN_AT);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: options.logger ?? ['error', 'warn'] });
  configureApp(app, config);
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= app.close());
  options.beforeInit?.(app, close);
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const server = app.getHttpServer();
  return {
    app,
    config,
    clock,
    dataSource,
    database,
    factories: new Factories(app),
    http: () => request(server),
    close,
  };
}
