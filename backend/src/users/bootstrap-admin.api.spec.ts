import { afterEach, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { BootstrapAdminService } from './bootstrap-admin.service.js';

describe('bootstrap administrator', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database, once, and can sign in', async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'Chair@Example.org', ADMIN_PASSWORD: 'chair-password' } });
    const bootstrap = t.app.get(BootstrapAdminService);
    expect(await bootstrap.ensureAdministrator()).toEqual({ email: 'chair@example.org', generatedPassword: null });
    expect(await bootstrap.ensureAdministrator()).toBeNull();

    const login = await t.http().post('/api/users/login').send({ email: 'chair@example.org', password: 'chair-password' }).expect(200);
    expect(login.body.data.user).toMatchObject({ isAdmin: true, verified: true });
    await t.http().get('/api/admin/settings').set('Authorization', `Bearer ${login.body.data.session.access_token}`).expect(200);
  });

  it('gets a generated password, returned once, when none is configured', async () => {
    t = await createTestApp();
    const result = await t.app.get(BootstrapAdminService).ensureAdministrator();
    expect(result?.email).toBe('admin@svportal.local');
    expect(result?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await t.http().post('/api/users/login').send({ email: result!.email, password: result!.generatedPassword }).expect(200);
    const [row] = await t.dataSource.query('SELECT password_hash FROM users');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(result!.generatedPassword);
  });

  it('is not created when the database already has users', async () => {
    t = await createTestApp();
    await t.factories.user();
    expect(await t.app.get(BootstrapAdminService).ensureAdministrator()).toBeNull();
  });
});
