import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ManualClock } from '../clock/clock.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { RunningServer } from './running-server.entity.js';
import { SEEN_WITHIN_MS } from './running-servers.service.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://sv.example.org', MAIL_URL: 'smtp://127.0.0.1:2525' };

// Servers of one deployment on one database (SQLite file or MariaDB), with STORAGE=local.
describe('servers sharing a database, with proofs on their local disk', () => {
  let database: TestDatabase;
  const clock = new ManualClock('2026-01-15T12:00:00.000Z');
  const running: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const server of running) await server.close();
    await database?.drop();
  });

  /** Starts a server, or answers the error it refused to start with. */
  async function start(env: Record<string, string>): Promise<TestApp | Error> {
    let close: (() => Promise<void>) | undefined;
    try {
      const server = await openTestApp(database, { clock, env, beforeInit: (_app, stop) => (close = stop) });
      running.push(server);
      return server;
    } catch (error) {
      await close?.();
      return error as Error;
    }
  }
  const started = async (env: Record<string, string>) => {
    const server = await start(env);
    if (server instanceof Error) throw server;
    return server;
  };
  const table = () => running[0]!.app.get<Repository<RunningServer>>(getRepositoryToken(RunningServer));
  /** Another server's heartbeat, as it would write it from another machine. */
  const elsewhere = (fields: Partial<RunningServer>) =>
    table().insert({
      id: 'server-b:4242:cafe',
      host: 'server-b',
      storage: 'local',
      uploadsFolderId: 'a-folder-of-its-own',
      startedAt: clock.now(),
      seenAt: new Date(clock.now().getTime() - 5_000),
      ...fields,
    });

  it('lets servers that share the uploads folder run side by side in production, each with its heartbeat, gone at shutdown', async () => {
    const first = await started(PRODUCTION);
    const second = await started(PRODUCTION);
    expect(await table().count()).toBe(2);
    const [a, b] = await table().find({ order: { id: 'ASC' } });
    expect(a!.uploadsFolderId).toBe(b!.uploadsFolderId);
    expect(a!.storage).toBe('local');
    await second.close();
    running.splice(running.indexOf(second), 1);
    expect((await table().find()).map((row) => row.id)).toHaveLength(1);
    expect(running).toEqual([first]);
  });

  it('refuses to start in production beside a server that keeps its proofs in another folder, saying why and what to set', async () => {
    await elsewhere({});
    try {
      const refused = await start(PRODUCTION);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toMatch(
        /^Refusing to start: STORAGE=local keeps proofs of enrollment on this server's disk \(.+uploads\), but another server using the same database \(server-b, seen 5 s ago\) keeps them in an uploads folder of its own: a proof uploaded through one server could not be read through the other\. Set STORAGE=s3 on every server, or mount one folder shared by every server as DATA_DIR\/uploads; STORAGE_SHARED=true tells a server that its uploads folder is shared and skips this check\.$/,
      );
      // The server that refused left no heartbeat behind.
      expect(await table().count()).toBe(2);

      // Told the folder is shared, or outside production (a warning only), it starts.
      await started({ ...PRODUCTION, STORAGE_SHARED: 'true' });
      await started({});
    } finally {
      await table().delete({ id: 'server-b:4242:cafe' });
    }
  });

  it('refuses beside a server keeping proofs on S3, and no longer once the other server has been silent for a while', async () => {
    await elsewhere({ storage: 's3', uploadsFolderId: null });
    try {
      const refused = await start(PRODUCTION);
      expect((refused as Error).message).toContain(
        '(server-b, seen 5 s ago) keeps them with STORAGE=s3: a proof uploaded through one server could not be read through the other.',
      );
      clock.advance(SEEN_WITHIN_MS);
      await started(PRODUCTION);
    } finally {
      await table().delete({ id: 'server-b:4242:cafe' });
    }
  });
});
