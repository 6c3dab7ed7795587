import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ManualClock } from '../clock/clock.js';
import { NamedLock } from '../database/named-lock.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { pdfBytes } from '../testing/fixtures.js';
import { APPLICATIONS_OPEN_AT, openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { PROOF_LOCK_LEASE_MS, proofLock } from './files.service.js';

// Two servers of one deployment on one database and one uploads folder (SQLite file or MariaDB).
describe('two uploads of one applicant’s proof at once', () => {
  let database: TestDatabase;
  let servers: TestApp[];
  const clock = new ManualClock(APPLICATIONS_OPEN_AT);

  beforeAll(async () => {
    database = await createTestDatabase();
    servers = [await openTestApp(database, { clock }), await openTestApp(database, { clock })];
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await database?.drop();
  });

  const ticket = async (server: TestApp, me: CreatedUser) =>
    (
      await server
        .http()
        .post('/api/files/upload')
        .set('Authorization', me.auth)
        .send({ user_id: me.user.id, file_type: 'application/pdf' })
        .expect(200)
    ).body.data.url as string;
  const put = (server: TestApp, url: string, bytes: Buffer) => server.http().put(url).set('Content-Type', 'application/pdf').send(bytes);
  const proofRows = async (me: CreatedUser) =>
    (await servers[0]!.dataSource.query('SELECT storage_key, size FROM proof_files WHERE user_id = ?', [me.user.id])) as {
      storage_key: string;
      size: number;
    }[];

  it(
    'saves every one of them whole or answers 409 UPLOAD_IN_PROGRESS, never a 500, ' + 'and keeps one proof that matches its file',
    async () => {
      const me = await servers[0]!.factories.applicant();
      const sizes = [100_000, 200_000, 300_000, 400_000, 500_000, 600_000];
      const files = sizes.map((size) => pdfBytes(size));
      const urls = await Promise.all(files.map((_, i) => ticket(servers[i % 2]!, me)));
      const answers = await Promise.all(files.map((bytes, i) => put(servers[i % 2]!, urls[i]!, bytes)));

      for (const answer of answers) {
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 409)
          expect(answer.body.data).toMatchObject({
            err: 'UPLOAD_IN_PROGRESS',
            message: expect.stringMatching(/^Another upload of your proof of enrollment is being saved/),
          });
      }
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      const rows = await proofRows(me);
      expect(rows).toHaveLength(1);
      const onDisk = readFileSync(join(database.dataDir, 'uploads', rows[0]!.storage_key));
      expect(onDisk.length).toBe(Number(rows[0]!.size));
      expect(files.some((bytes) => bytes.equals(onDisk))).toBe(true);
    },
  );

  it('answers 409 UPLOAD_IN_PROGRESS while another server is saving the same applicant’s proof, and stores nothing', async () => {
    const me = await servers[0]!.factories.applicant();
    const locks = servers[1]!.app.get<Repository<NamedLock>>(getRepositoryToken(NamedLock));
    await locks.insert({
      name: proofLock(me.user.id),
      holder: 'proof upload on server-a',
      leaseUntil: new Date(clock.now().getTime() + PROOF_LOCK_LEASE_MS),
    });
    try {
      const refused = await put(servers[1]!, await ticket(servers[1]!, me), pdfBytes(50_000)).expect(409);
      expect(refused.body.data.err).toBe('UPLOAD_IN_PROGRESS');
      expect(await proofRows(me)).toEqual([]);
    } finally {
      await locks.delete({ name: proofLock(me.user.id) });
    }
    await put(servers[1]!, await ticket(servers[1]!, me), pdfBytes(50_000)).expect(200);
    expect(await proofRows(me)).toHaveLength(1);
  });
});
