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

  it('refuses to start in production without a JWT secret or a public URL', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set in production/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://sv.example.org' }),
    ).not.toThrow();
  });
});
