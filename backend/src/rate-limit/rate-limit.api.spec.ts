import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { normaliseEmail } from '@svp/domain';
import { isMysql } from '../database/dialect.js';
import { ManualClock } from '../clock/clock.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { APPLICATIONS_OPEN_AT, createTestApp, openTestApp, type TestApp, type TestAppOptions } from '../testing/test-app.js';
import { User } from '../users/user.entity.js';
import { AuthService } from '../users/auth.service.js';
import { RateLimitStore } from './rate-limit.store.js';
import { SWEEP_EVERY_MS } from './database-rate-limit.store.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOO_MANY = { success: false, data: { message: 'Too many attempts. Please wait a minute and try again.', err: 'TOO_MANY_REQUESTS' } };

let unique = 0;
/** A sign-in attempt with a wrong password, from `forwardedFor` as the balancer would say it, for a fresh email unless one is given. */
function signIn(t: TestApp, forwardedFor: string, email = `nobody${++unique}@example.org`) {
  return t.http().post('/api/users/login').set('X-Forwarded-For', forwardedFor).send({ email, password: 'not-the-password' });
}

describe('rate limits behind a load balancer', () => {
  const apps: TestApp[] = [];
  const databases: TestDatabase[] = [];
  const start = async (options: TestAppOptions) => {
    const t = await createTestApp(options);
    apps.push(t);
    return t;
  };
  /** Two servers of one deployment: one database, one clock. */
  const twoServers = async (env: Record<string, string>) => {
    const database = await createTestDatabase();
    databases.push(database);
    const clock = new ManualClock(APPLICATIONS_OPEN_AT);
    const servers = [await openTestApp(database, { clock, env }), await openTestApp(database, { clock, env })] as const;
    apps.push(...servers);
    return { servers, clock };
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const database of databases.splice(0)) await database.drop();
  });

  it('tells clients apart by the address the trusted balancer forwards', async () => {
    const t = await start({ env: { AUTH_RATE_LIMIT: '2' } });
    await signIn(t, '198.51.100.1').expect(401);
    await signIn(t, '198.51.100.1').expect(401);
    const refused = await signIn(t, '198.51.100.1').expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another client behind the same balancer still signs in.
    await signIn(t, '198.51.100.2').expect(401);
  });

  it('does not believe X-Forwarded-For from a hop TRUST_PROXY does not name', async () => {
    const t = await start({ env: { AUTH_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.0/8' } });
    await signIn(t, '198.51.100.1').expect(401);
    await signIn(t, '198.51.100.2').expect(401);
    // The test client (127.0.0.1) is not in 10.0.0.0/8: all three come from it, whatever they claim.
    await signIn(t, '198.51.100.3').expect(429);
  });

  it('with a hop count, takes the address the last proxy added and ignores what the client wrote before it', async () => {
    const t = await start({ env: { AUTH_RATE_LIMIT: '2', TRUST_PROXY: '1' } });
    await signIn(t, '203.0.113.1, 198.51.100.1').expect(401);
    await signIn(t, '203.0.113.2, 198.51.100.1').expect(401);
    await signIn(t, '203.0.113.3, 198.51.100.1').expect(429);
    await signIn(t, '198.51.100.2').expect(401);
  });

  it('counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as itself', async () => {
    const t = await start({ env: { AUTH_RATE_LIMIT: '2' } });
    await signIn(t, '2001:db8:1:2::10').expect(401);
    await signIn(t, '2001:db8:1:2:ffff:ffff:ffff:ffff').expect(401);
    await signIn(t, '2001:db8:1:2::11').expect(429);
    await signIn(t, '2001:db8:1:3::10').expect(401);

    await signIn(t, '::ffff:198.51.100.9').expect(401);
    await signIn(t, '198.51.100.9').expect(401);
    await signIn(t, '::ffff:c633:6409').expect(429);
  });

  it('counts one client and one account across two servers on one database', async () => {
    const {
      servers: [a, b],
      clock,
    } = await twoServers({ AUTH_RATE_LIMIT: '3' });
    await signIn(a, '198.51.100.1').expect(401);
    await signIn(b, '198.51.100.1').expect(401);
    await signIn(a, '198.51.100.1').expect(401);
    expect((await signIn(b, '198.51.100.1').expect(429)).body).toEqual(TOO_MANY);

    // One account tried from many addresses, on both servers.
    const { user } = await a.factories.user({ email: 'ada@example.org' });
    await signIn(a, '198.51.100.11', user.email).expect(401);
    await signIn(b, '198.51.100.12', user.email).expect(401);
    await signIn(a, '198.51.100.13', user.email).expect(401);
    await signIn(b, '198.51.100.14', user.email).expect(429);
    await signIn(a, '198.51.100.15', user.email).expect(429);

    // A minute on, the windows have ended on both servers.
    clock.advance(61_000);
    await signIn(b, '198.51.100.1').expect(401);
    await signIn(a, '198.51.100.16', user.email).expect(401);

    // Ended windows are deleted now and then, so the table does not grow with every address ever seen.
    const rows = async () => Number((await a.dataSource.query('SELECT COUNT(*) AS n FROM rate_limits'))[0].n);
    expect(await rows()).toBeGreaterThanOrEqual(6);
    clock.advance(SWEEP_EVERY_MS + 1);
    await signIn(a, '198.51.100.20').expect(401);
    expect(await rows()).toBe(2);
  });

  it("counts a held session's current-password guesses across two servers: five in all, not five on each", async () => {
    const {
      servers: [a, b],
    } = await twoServers({});
    const me = await a.factories.user();
    const limiter = (t: TestApp) => t.app.get(AuthService);
    for (let i = 0; i < 5; i++)
      await expect(limiter(i % 2 ? b : a).checkCurrentPassword(me.user.id, `guess-${i}`)).rejects.toMatchObject({ status: 400 });
    await expect(limiter(b).checkCurrentPassword(me.user.id, me.password)).rejects.toMatchObject({ status: 429 });
    await expect(limiter(a).checkCurrentPassword(me.user.id, me.password)).rejects.toMatchObject({ status: 429 });
  });

  it('counts in Redis across two servers when REDIS_URL is set, and closes the connection with the app', async () => {
    const prefix = `svp-test-${randomUUID()}:`;
    const inspect = new Redis(REDIS_URL, { lazyConnect: true });
    await inspect.connect();
    try {
      const {
        servers: [a, b],
      } = await twoServers({ AUTH_RATE_LIMIT: '3', REDIS_URL, REDIS_KEY_PREFIX: prefix });
      const { user } = await a.factories.user({ email: 'grace@example.org' });
      await signIn(a, '198.51.100.1', user.email).expect(401);
      await signIn(b, '198.51.100.2', user.email).expect(401);
      await signIn(a, '198.51.100.3', user.email).expect(401);
      await signIn(b, '198.51.100.4', user.email).expect(429);
      await signIn(a, '198.51.100.4').expect(401);
      await signIn(b, '198.51.100.4').expect(401);
      await signIn(a, '198.51.100.4').expect(429);

      const keys = await inspect.keys(`${prefix}rate-limit:*`);
      expect(keys.length).toBe(8);
      expect(keys.join(' ')).not.toContain('198.51.100');
      expect(await inspect.pttl(keys[0]!)).toBeGreaterThan(0);
      expect(await inspect.pttl(keys[0]!)).toBeLessThanOrEqual(60_000);
      expect(Number((await a.dataSource.query('SELECT COUNT(*) AS n FROM rate_limits'))[0].n)).toBe(0);

      const store = a.app.get(RateLimitStore);
      expect(store).toBeInstanceOf(RedisRateLimitStore);
      await a.close();
      expect((store as RedisRateLimitStore).redis.status).toBe('end');
    } finally {
      const keys = await inspect.keys(`${prefix}*`);
      if (keys.length) await inspect.del(...keys);
      await inspect.quit();
    }
  });

  it('keeps limiting, on each server alone, while Redis cannot be reached, and says so once', async () => {
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const t = await start({ env: { AUTH_RATE_LIMIT: '2', REDIS_URL: 'redis://127.0.0.1:1' } });
      await signIn(t, '198.51.100.1').expect(401);
      await signIn(t, '198.51.100.1').expect(401);
      await signIn(t, '198.51.100.1').expect(429);
      await signIn(t, '198.51.100.2').expect(401);
      const said = warnings.mock.calls.map(([message]) => String(message));
      expect(said.filter((message) => message.includes('this server counts attempts on its own'))).toHaveLength(1);
      expect(said.filter((message) => message.includes('Redis at redis://127.0.0.1:1 cannot be reached'))).toHaveLength(1);
    } finally {
      warnings.mockRestore();
    }
  });

  it("counts an account's attempts together however its email is written, exactly as the database finds the account", async () => {
    const t = await start({ env: { AUTH_RATE_LIMIT: '3' } });
    const { user: victim } = await t.factories.user({ email: 'victim@example.org' });
    const findsVictim = async (email: string) =>
      (await t.dataSource.getRepository(User).findOneBy({ email: normaliseEmail(email) }))?.id === victim.id;
    // MySQL's utf8mb4_unicode_ci ignores case, accents, full width and characters such as a zero-width space; SQLite compares bytes.
    const variants = [
      'VICTIM@Example.org',
      ' victim@example.org ',
      'víctim@example.org',
      'ｖíctim@example.org',
      'vi\u200bctim@example.org',
      'other@example.org',
    ];
    const expected = isMysql(t.dataSource) ? [true, true, true, true, true, false] : [true, true, false, false, false, false];
    expect(await Promise.all(variants.map(findsVictim))).toEqual(expected);

    let address = 0;
    const attempt = (email: string) => signIn(t, `198.51.100.${++address}`, email);
    for (const [i, variant] of variants.entries()) {
      await attempt(variant).expect(401);
      await attempt('victim@example.org').expect(401);
      await attempt(variant).expect(401);
      // The fourth attempt on the account is refused exactly when the variant found it.
      await attempt('victim@example.org').expect(expected[i] ? 429 : 401);
      t.clock.advance(61_000);
    }
  });
});
