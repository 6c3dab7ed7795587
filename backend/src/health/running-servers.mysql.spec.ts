import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ManualClock } from '../clock/clock.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://sv.example.org', MAIL_URL: 'smtp://127.0.0.1:2525' };

// Two machines, each with its own DATA_DIR, on one MySQL/MariaDB database (a *.mysql.spec.ts file:
// on SQLite the database lives in DATA_DIR, so servers sharing it share the uploads folder too).
describe('a second server with STORAGE=local and a disk of its own (MariaDB)', () => {
  let database: TestDatabase;
  let otherDataDir: string;
  const clock = new ManualClock('2026-01-15T12:00:00.000Z');
  const running: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDataDir = mkdtempSync(join(tmpdir(), 'svp-test-other-'));
  });
  afterAll(async () => {
    for (const server of running) await server.close();
    await database?.drop();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  it('refuses to start in production while the first runs, and starts once the first has stopped', async () => {
    const first = await openTestApp(database, { clock, env: PRODUCTION });
    running.push(first);
    const onTheOtherMachine = { ...database, dataDir: otherDataDir };
    let close: (() => Promise<void>) | undefined;
    const refused = await openTestApp(onTheOtherMachine, { clock, env: PRODUCTION, beforeInit: (_app, stop) => (close = stop) }).catch(
      (error: Error) => error,
    );
    await close?.();
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(
      /^Refusing to start: STORAGE=local keeps proofs of enrollment on this server's disk .* could not be read through the other\. Set STORAGE=s3 on every server/,
    );

    await first.close();
    running.splice(0, 1);
    running.push(await openTestApp(onTheOtherMachine, { clock, env: PRODUCTION }));
  });
});
