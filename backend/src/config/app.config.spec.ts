import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app.config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'svp-config-'));

describe('loadConfig', () => {
  it('runs with no configuration: port 3000, SQLite in ./data-like DATA_DIR, a generated secret kept on disk', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, storage: 'local', mailUrl: null, production: false });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '8080',
      DATABASE_URL: 'mysql://svp:secret@db:3306/svportal',
      MAIL_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://sv.example.org/',
      CONTACT_EMAIL: 'sv@example.org',
      ADMIN_EMAIL: ' Chair@Example.org ',
      ADMIN_PASSWORD: 'long enough password',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'mysql://svp:secret@db:3306/svportal',
      mailUrl: 'smtp://mail:25',
      publicUrl: 'https://sv.example.org',
      contactEmail: 'sv@example.org',
      adminEmail: 'chair@example.org',
    });
  });

  it('lists every bad value at once', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', DATABASE_URL: 'postgres://x', STORAGE: 'ftp' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: '70000', DATABASE_URL: 'postgres://x', STORAGE: 's3' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must look like mysql://');
      expect(message).toContain('S3_BUCKET is required when STORAGE=s3');
    }
  });

  it('runs the deadline jobs unless NODE_ENV=test, and JOBS_ENABLED says otherwise either way', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).jobsEnabled).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).jobsEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', JOBS_ENABLED: 'true' }).jobsEnabled).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), JOBS_ENABLED: '0' }).jobsEnabled).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOBS_ENABLED: 'sometimes' })).toThrow(/JOBS_ENABLED must be true or false/);
  });

  it('refuses to start in production without a JWT secret, a public URL or a mail server', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set in production/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://sv.example.org',
        MAIL_URL: 'smtp://mail.example.org:587',
      }),
    ).not.toThrow();
  });

  it('refuses to start in production without MAIL_URL: codes and reset links would go nowhere', () => {
    const production = { DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://sv.example.org' };
    expect(() => loadConfig(production)).toThrow(/MAIL_URL must be set in production/);
    expect(() => loadConfig({ ...production, MAIL_URL: '  ' })).toThrow(/MAIL_URL must be set in production/);
    expect(loadConfig({ DATA_DIR: tempDir() }).mailUrl).toBeNull();
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and ranges, and refuses "trust everyone"', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a hop count .*\(not "true"\)/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'my balancer' })).toThrow(/TRUST_PROXY/);
  });

  it('allows cross-origin calls from PUBLIC_URL and ADMIN_ORIGIN only', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://sv.example.org/portal/',
      ADMIN_ORIGIN: 'https://admin.example.org, https://ops.example.org',
    });
    expect(config.corsOrigins).toEqual(['https://sv.example.org', 'https://admin.example.org', 'https://ops.example.org']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_ORIGIN: 'admin.example.org' })).toThrow(
      /ADMIN_ORIGIN must list http\(s\) origins/,
    );
  });

  it('reads REDIS_URL, STORAGE_SHARED and API_DOCS', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://127.0.0.1:6379', STORAGE_SHARED: 'true', API_DOCS: 'false' });
    expect(config).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', storageShared: true, apiDocs: false });
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ redisUrl: null, storageShared: false, apiDocs: true });
    expect(() => loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must look like redis:\/\/host:6379/);
    expect(loadConfig({ DATA_DIR: tempDir() }).redisKeyPrefix).toBe('svp:');
    expect(loadConfig({ DATA_DIR: tempDir(), REDIS_KEY_PREFIX: 'portal-b:' }).redisKeyPrefix).toBe('portal-b:');
    expect(() => loadConfig({ DATA_DIR: tempDir(), REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX must be/);
  });
});
