import 'reflect-metadata';
import type { LogLevel } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request, { type Test as SupertestRequest } from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { type AppConfig, loadConfig } from '../config/app.config.js';
import { Clock, ManualClock } from '../clock/clock.js';
import { FirstEditionService } from '../editions/first-edition.service.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { Factories } from './factories.js';
import { buildApiDocument } from '../openapi/api-document.js';
import { AnswerCheck, type CheckedResponse } from './answer-check.js';
import { PasswordService } from '../users/password.service.js';
import { TestPasswordService } from './test-passwords.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  clock: ManualClock;
  dataSource: DataSource;
  database: TestDatabase;
  factories: Factories;
  /**
   * A supertest client bound to the app. Every answer is checked against the OpenAPI document (its
   * path, method and status): a body the document does not describe fails the request's test.
   */
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
  /**
   * Start as a real server's first start does (backend/src/main.ts): on an empty database the first
   * edition becomes the coming one at the clock's time, before the deadline jobs first look at it.
   */
  firstStart?: boolean;
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
    // Suites download certificates many times as one person; the certificates suite sets its own limit.
    CERTIFICATE_RATE_LIMIT: '10000',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(options.now ?? APPLICATIONS_OPEN_AT);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock)
    // argon2id at its lowest cost: the production cost is asserted on its own (test-passwords.ts).
    .overrideProvider(PasswordService)
    .useClass(TestPasswordService)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: options.logger ?? ['error', 'warn'] });
  configureApp(app, config);
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= app.close());
  options.beforeInit?.(app, close);
  if (options.firstStart) await app.get(FirstEditionService).ensureComingEdition();
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  // The document is the same for every app of the suite: built once, from the first.
  answerChecks ??= new AnswerCheck(buildApiDocument(app));
  const answerCheck = answerChecks;
  const server = app.getHttpServer();
  return {
    app,
    config,
    clock,
    dataSource,
    database,
    factories: new Factories(app),
    http: () => checkedAgent(server, answerCheck),
    close,
  };
}

let answerChecks: AnswerCheck | null = null;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type Done = (error: Error | null, response: unknown) => void;
type Assert = (error: Error | null, response: CheckedResponse | undefined, done?: Done) => void;

/**
 * A supertest client whose every request, once its own expectations have passed, also checks the
 * answer against the OpenAPI document (AnswerCheck): the test then fails with the mismatch.
 */
function checkedAgent(server: ReturnType<NestExpressApplication['getHttpServer']>, check: AnswerCheck): ReturnType<typeof request> {
  const agent = request(server);
  for (const method of METHODS) {
    const open = agent[method].bind(agent) as (url: string) => SupertestRequest;
    (agent as unknown as Record<string, (url: string) => SupertestRequest>)[method] = (url: string) => {
      const test = open(url);
      const original = (test as unknown as { assert: Assert }).assert.bind(test);
      (test as unknown as { assert: Assert }).assert = (error, response, done) =>
        original(error, response, (failure, answered) => {
          const mismatch = failure ?? (response ? check.check(method, url, response) : null);
          done?.call(test, mismatch, answered);
        });
      return test;
    };
  }
  return agent;
}
