import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { DEFAULT_FONT_DIR, REQUIRED_FONT_FILES, findFontFiles } from './font-files.js';

/** Every setting the process reads from its environment, typed and checked once at start. */
export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  dataDir: string;
  /** `mysql://…` selects MySQL/MariaDB; null means the embedded SQLite file in `dataDir`. */
  databaseUrl: string | null;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** Sign-in, registration, code and reset attempts allowed per minute, per client and per email. */
  authRateLimit: number;
  mailUrl: string | null;
  mailFrom: string;
  contactEmail: string;
  publicUrl: string;
  storage: 'local' | 's3';
  s3: { bucket?: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  adminEmail: string | null;
  adminPassword: string | null;
  applicantUiDir: string;
  adminUiDir: string;
  /** Whether this process runs the deadline jobs on their timer (JOBS_ENABLED); off by default only under NODE_ENV=test. */
  jobsEnabled: boolean;
  /** The shared secret of the bounce webhook (POST /api/references/bounces); null: the route answers 404. */
  mailBounceSecret: string | null;
  /** Organisers' messages handed to the mail server per second, across every server (MAIL_RATE_PER_SECOND). */
  mailRatePerSecond: number;
  /**
   * Which proxies in front of the servers are trusted to say who the client is (TRUST_PROXY), in
   * Express's terms: a hop count, or addresses and ranges ('loopback', '10.0.0.0/8', …). The client
   * address is the first untrusted one in X-Forwarded-For, read from the right.
   */
  trustProxy: number | string[];
  /** Redis shared by every server (REDIS_URL); null: shared state lives in the database. */
  redisUrl: string | null;
  /** Put before every key this portal writes in Redis (REDIS_KEY_PREFIX), so portals can share one Redis. */
  redisKeyPrefix: string;
  /** STORAGE=local only: the uploads folder is shared by every server (STORAGE_SHARED). */
  storageShared: boolean;
  /** Whether /api/docs serves the OpenAPI page (API_DOCS); on unless switched off. */
  apiDocs: boolean;
  /** The browser origins allowed to call the API from another origin: PUBLIC_URL's and ADMIN_ORIGIN's. */
  corsOrigins: string[];
  /** Where the fonts certificates are drawn with are looked for (CERTIFICATE_FONT_DIR). */
  certificateFontDir: string;
  /** Certificate downloads a minute per account (CERTIFICATE_RATE_LIMIT), counted across every server. */
  certificateRateLimit: number;
  /**
   * How notifications and texts leave (docs: README, 'Configuration'): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
   * VAPID_SUBJECT, PUSH_ENDPOINT_HOSTS, SMS_URL, SMS_USER, SMS_PASSWORD, SMS_FROM as given; read by
   * mail/notifications/notifications.config.ts.
   */
  notifications: Record<(typeof NOTIFICATION_VARIABLES)[number], string | undefined>;
  /**
   * Outside production only (CLOCK_START): the instant the server's clock reads when the process starts;
   * it runs on from there. Null: the machine's time. A journey or a demonstration starts a portal on a
   * chosen day with it (a fresh install on 1 December, a season's catch-up after the conference).
   */
  clockStart: Date | null;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

class EnvironmentVariables {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional() @IsInt() @Min(1) @Max(65535) PORT?: number;
  @IsOptional() @IsString() DATA_DIR?: string;
  @IsOptional()
  @Matches(/^(mysql|mariadb):\/\/.+/, { message: 'DATABASE_URL must look like mysql://user:pass@host:3306/db' })
  DATABASE_URL?: string;
  @IsOptional() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' }) JWT_SECRET?: string;
  @IsOptional() @IsInt() @Min(60) ACCESS_TOKEN_TTL?: number;
  @IsOptional() @IsInt() @Min(1) AUTH_RATE_LIMIT?: number;
  @IsOptional() @Matches(/^smtps?:\/\/.+/, { message: 'MAIL_URL must look like smtp://host:port' }) MAIL_URL?: string;
  @IsOptional() @IsString() MAIL_FROM?: string;
  @IsOptional() @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'CONTACT_EMAIL must be an email address' }) CONTACT_EMAIL?: string;
  @IsOptional() @Matches(/^https?:\/\/[^\s]+$/, { message: 'PUBLIC_URL must be an http(s) URL' }) PUBLIC_URL?: string;
  @IsOptional() @IsIn(['local', 's3'], { message: 'STORAGE must be local or s3' }) STORAGE?: string;
  @IsOptional() @IsString() S3_BUCKET?: string;
  @IsOptional() @IsString() S3_ENDPOINT?: string;
  @IsOptional() @IsString() S3_REGION?: string;
  @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  @IsOptional() @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'ADMIN_EMAIL must be an email address' }) ADMIN_EMAIL?: string;
  @IsOptional() @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' }) ADMIN_PASSWORD?: string;
  @IsOptional() @IsString() APPLICANT_UI_DIR?: string;
  @IsOptional() @IsString() ADMIN_UI_DIR?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'JOBS_ENABLED must be true or false' }) JOBS_ENABLED?: string;
  @IsOptional() @MinLength(16, { message: 'MAIL_BOUNCE_SECRET must be at least 16 characters' }) MAIL_BOUNCE_SECRET?: string;
  @IsOptional()
  @IsNumber({}, { message: 'MAIL_RATE_PER_SECOND must be a number of messages per second' })
  @Min(0.1, { message: 'MAIL_RATE_PER_SECOND must be at least 0.1' })
  @Max(10_000, { message: 'MAIL_RATE_PER_SECOND must be at most 10000' })
  MAIL_RATE_PER_SECOND?: number;
  @IsOptional() @IsString() TRUST_PROXY?: string;
  @IsOptional() @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must look like redis://host:6379' }) REDIS_URL?: string;
  @IsOptional()
  @Matches(/^[A-Za-z0-9:._-]{1,64}$/, { message: 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or : . _ -' })
  REDIS_KEY_PREFIX?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'STORAGE_SHARED must be true or false' }) STORAGE_SHARED?: string;
  @IsOptional() @IsIn(['true', 'false', '1', '0'], { message: 'API_DOCS must be true or false' }) API_DOCS?: string;
  @IsOptional() @IsString() ADMIN_ORIGIN?: string;
  @IsOptional() @IsString() CERTIFICATE_FONT_DIR?: string;
  @IsOptional() @IsInt() @Min(1) CERTIFICATE_RATE_LIMIT?: number;
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, {
    message: 'CLOCK_START must be an ISO-8601 instant with its zone, e.g. 2026-12-01T09:00:00Z',
  })
  CLOCK_START?: string;
}

/** The variables of notifications and texts, checked where they are used (mail/notifications/notifications.config.ts). */
export const NOTIFICATION_VARIABLES = [
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'PUSH_ENDPOINT_HOSTS',
  'SMS_URL',
  'SMS_USER',
  'SMS_PASSWORD',
  'SMS_FROM',
] as const;

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, unknown> = { ...env };
  for (const key of ['PORT', 'ACCESS_TOKEN_TTL', 'AUTH_RATE_LIMIT', 'MAIL_RATE_PER_SECOND', 'CERTIFICATE_RATE_LIMIT']) {
    if (raw[key] !== undefined && raw[key] !== '') raw[key] = Number(raw[key]);
  }
  // Surrounding spaces are a copy-paste accident; an empty variable is the same as an unset one.
  for (const key of Object.keys(raw)) {
    if (typeof raw[key] === 'string') raw[key] = (raw[key] as string).trim();
    if (raw[key] === '') delete raw[key];
  }
  const vars = plainToInstance(EnvironmentVariables, raw, { excludeExtraneousValues: false });
  const problems = validateSync(vars, { skipMissingProperties: false, whitelist: false }).flatMap((e) =>
    Object.values(e.constraints ?? {}),
  );
  const nodeEnv = vars.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const storage = (vars.STORAGE ?? 'local') as 'local' | 's3';
  if (storage === 's3' && !vars.S3_BUCKET) problems.push('S3_BUCKET is required when STORAGE=s3');
  if (production) {
    if (!vars.JWT_SECRET) problems.push('JWT_SECRET must be set in production (at least 32 random characters)');
    if (!vars.PUBLIC_URL) problems.push('PUBLIC_URL must be set in production (the links in emails use it)');
    if (!vars.MAIL_URL)
      problems.push('MAIL_URL must be set in production (smtp://host:port): without it no email (codes, reset links) would reach anyone');
    if (vars.ADMIN_PASSWORD && vars.ADMIN_PASSWORD.length < 12)
      problems.push('ADMIN_PASSWORD must be at least 12 characters in production');
  }
  if (production && vars.CLOCK_START) problems.push('CLOCK_START is for development and tests only: a production server runs on real time');
  const trustProxy = parseTrustProxy(vars.TRUST_PROXY, problems);
  const adminOrigins = (vars.ADMIN_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of adminOrigins)
    if (!originOf(origin)) problems.push(`ADMIN_ORIGIN must list http(s) origins such as https://admin.example.org (got "${origin}")`);
  const certificateFontDir = resolve(vars.CERTIFICATE_FONT_DIR ?? DEFAULT_FONT_DIR);
  certificateFontProblems(certificateFontDir, vars.CERTIFICATE_FONT_DIR !== undefined, production, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);

  const port = vars.PORT ?? 3000;
  const dataDir = resolve(vars.DATA_DIR ?? './data');
  return {
    nodeEnv,
    production,
    port,
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    jwtSecret: vars.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL ?? 12 * 3600,
    authRateLimit: vars.AUTH_RATE_LIMIT ?? 10,
    mailUrl: vars.MAIL_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'SV Portal <no-reply@svportal.local>',
    contactEmail: vars.CONTACT_EMAIL ?? 'sv@siggraph.org',
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    storage,
    s3: {
      bucket: vars.S3_BUCKET,
      endpoint: vars.S3_ENDPOINT,
      region: vars.S3_REGION,
      accessKeyId: vars.S3_ACCESS_KEY_ID,
      secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    },
    adminEmail: vars.ADMIN_EMAIL?.trim().toLowerCase() ?? null,
    adminPassword: vars.ADMIN_PASSWORD ?? null,
    applicantUiDir: resolve(vars.APPLICANT_UI_DIR ?? join(REPO_ROOT, 'applicant-ui/dist')),
    adminUiDir: resolve(vars.ADMIN_UI_DIR ?? join(REPO_ROOT, 'admin-ui/dist')),
    // Test suites build many apps on throwaway databases; only a suite that asks runs the timer.
    jobsEnabled: vars.JOBS_ENABLED === undefined ? nodeEnv !== 'test' : vars.JOBS_ENABLED === 'true' || vars.JOBS_ENABLED === '1',
    mailBounceSecret: vars.MAIL_BOUNCE_SECRET ?? null,
    mailRatePerSecond: vars.MAIL_RATE_PER_SECOND ?? 10,
    trustProxy,
    redisUrl: vars.REDIS_URL ?? null,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX ?? 'svp:',
    storageShared: isTrue(vars.STORAGE_SHARED),
    apiDocs: vars.API_DOCS === undefined ? true : isTrue(vars.API_DOCS),
    corsOrigins: [
      ...new Set([originOf(vars.PUBLIC_URL ?? `http://localhost:${port}`), ...adminOrigins.map(originOf)].filter((o): o is string => !!o)),
    ],
    certificateFontDir,
    certificateRateLimit: vars.CERTIFICATE_RATE_LIMIT ?? 10,
    notifications: Object.fromEntries(
      NOTIFICATION_VARIABLES.map((name) => [name, raw[name] as string | undefined]),
    ) as AppConfig['notifications'],
    clockStart: vars.CLOCK_START ? new Date(vars.CLOCK_START) : null,
  };
}

/**
 * CERTIFICATE_FONT_DIR, when set, must be a directory; in production it must hold Noto Sans
 * (Debian's fonts-noto-core), without which no certificate could be drawn. Outside production a
 * machine without the fonts still starts: only certificates fail, saying which font is missing.
 */
function certificateFontProblems(directory: string, chosen: boolean, production: boolean, problems: string[]): void {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    if (chosen || production) problems.push(`CERTIFICATE_FONT_DIR must be a directory of fonts (${directory} is not one)`);
    return;
  }
  if (!production) return;
  const files = findFontFiles(directory);
  const missing = REQUIRED_FONT_FILES.filter((name) => !files.has(name));
  if (missing.length)
    problems.push(
      `CERTIFICATE_FONT_DIR (${directory}) must hold ${missing.join(' and ')} to draw certificates: ` +
        `install fonts-noto-core (and fonts-noto-cjk, fonts-noto-color-emoji for every script) or point it at a directory that has them`,
    );
}

function isTrue(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

const TRUST_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ADDRESS_OR_RANGE = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: unset means 'loopback' (a balancer on the same machine); a whole number is how many
 * proxies stand in front of the servers; otherwise a comma-separated list of addresses, ranges
 * (CIDR) and the names loopback, linklocal and uniquelocal. 'true' (trust anything) is refused:
 * any client could then choose its own address and escape the rate limits.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): number | string[] {
  if (value === undefined) return ['loopback'];
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !TRUST_NAMES.has(entry) && !ADDRESS_OR_RANGE.test(entry));
  if (!entries.length || wrong.length) {
    problems.push(
      `TRUST_PROXY must be a hop count (such as 1) or a comma-separated list of addresses, CIDR ranges, loopback, ` +
        `linklocal or uniquelocal${wrong.length ? ` (not "${wrong.join('", "')}")` : ''}`,
    );
  }
  return entries;
}

/** Without JWT_SECRET, a random key is generated on first start and kept in the data folder. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
