import { afterEach, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { BootstrapAdminService } from './bootstrap-admin.service.js';

describe('bootstrap administrator', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database, once, and can sign in', async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'Chair@Example.org', ADMIN_PASSWORD: 'chair-password' } });
    const bootstrap = t.app.get(BootstrapAdminService);
    expect(await bootstrap.ensureAdministrator()).toEqual({ email: 'chair@example.org', generatedPassword: null, choosePasswordAt: null });
    expect(await bootstrap.ensureAdministrator()).toBeNull();

    const login = await t.http().post('/api/users/login').send({ email: 'chair@example.org', password: 'chair-password' }).expect(200);
    expect(login.body.data.user).toMatchObject({ isAdmin: true, verified: true });
    await t.http().get('/api/admin/settings').set('Authorization', `Bearer ${login.body.data.session.access_token}`).expect(200);
  });

  it('is created once when several servers start together on the empty database; none of them fails', async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'chair@example.org', ADMIN_PASSWORD: 'chair-password' } });
    const bootstrap = t.app.get(BootstrapAdminService);
    const results = await Promise.all([bootstrap.ensureAdministrator(), bootstrap.ensureAdministrator(), bootstrap.ensureAdministrator()]);
    expect(results.filter((r) => r !== null)).toEqual([{ email: 'chair@example.org', generatedPassword: null, choosePasswordAt: null }]);
    expect(await t.dataSource.query('SELECT email FROM users')).toEqual([{ email: 'chair@example.org' }]);
  });

  it('gets a generated password, returned once to be printed, when none is configured (in development)', async () => {
    t = await createTestApp();
    const result = await t.app.get(BootstrapAdminService).ensureAdministrator();
    expect(result?.email).toBe('admin@svportal.local');
    expect(result?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await t.http().post('/api/users/login').send({ email: result!.email, password: result!.generatedPassword }).expect(200);
    const [row] = await t.dataSource.query('SELECT password_hash FROM users');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(result!.generatedPassword);
  });

  describe('in production', () => {
    const production = (env: Record<string, string>) =>
      createTestApp({
        env: {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://sv.example.org',
          MAIL_URL: 'smtp://127.0.0.1:9',
          JOBS_ENABLED: 'false',
          ...env,
        },
      });

    it('never hands out a generated password to be printed: the administrator chooses one through "Forgot password?"', async () => {
      t = await production({ ADMIN_EMAIL: 'chair@example.org' });
      const result = await t.app.get(BootstrapAdminService).ensureAdministrator();
      expect(result).toEqual({ email: 'chair@example.org', generatedPassword: null, choosePasswordAt: 'https://sv.example.org/login' });
      const [row] = await t.dataSource.query('SELECT password_hash FROM users');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses to create an administrator nobody could reach: no ADMIN_EMAIL and no ADMIN_PASSWORD', async () => {
      t = await production({});
      await expect(t.app.get(BootstrapAdminService).ensureAdministrator()).rejects.toThrow(
        /ADMIN_EMAIL must be set for the first start in production/,
      );
      expect(await t.dataSource.query('SELECT id FROM users')).toEqual([]);
    });
  });

  it('is not created when the database already has users', async () => {
    t = await createTestApp();
    await t.factories.user();
    expect(await t.app.get(BootstrapAdminService).ensureAdministrator()).toBeNull();
  });
});
