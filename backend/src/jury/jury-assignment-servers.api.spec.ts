import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ManualClock } from '../clock/clock.js';
import { NamedLock } from '../database/named-lock.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { ASSIGNMENT_LEASE_MS, ASSIGNMENT_LOCK } from './jury-assignment.service.js';

/** After the application deadline, before the jury opens (default timeline). */
const BEFORE_RELEASE = '2026-03-15T12:00:00.000Z';
const TLS_PER_APP = 2;

// Two servers of one deployment on one database (SQLite file or MariaDB): an assignment runs once across both.
describe('jury assignment: one run at a time across servers', () => {
  let database: TestDatabase;
  let servers: TestApp[];
  let admin: CreatedUser;
  const clock = new ManualClock(BEFORE_RELEASE);
  const pool: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    servers = [await openTestApp(database, { clock }), await openTestApp(database, { clock })];
    const f = servers[0]!.factories;
    admin = await f.admin();
    for (let i = 0; i < 4; i++) await f.teamLeader({ firstName: 'Lead', lastName: `Er${i}` });
    for (let i = 0; i < 12; i++) pool.push((await f.application((await f.applicant()).user)).id);
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await database?.drop();
  });

  const assign = (server: TestApp, seed: number) =>
    server.http().post('/api/jury/assign-jury').set('Authorization', admin.auth).send({ TLsPerApp: TLS_PER_APP, seed, reset: true });
  const pairs = async () =>
    (
      (await servers[0]!.dataSource.query('SELECT team_leader_id, application_id FROM jury_assignments')) as {
        team_leader_id: number;
        application_id: number;
      }[]
    ).map((row) => ({
      leader: Number(row.team_leader_id),
      application: Number(row.application_id),
    }));

  it('refuses with 409 ASSIGNMENT_RUNNING while another server holds the run, and runs once that server’s lease lapses', async () => {
    const locks = servers[1]!.app.get<Repository<NamedLock>>(getRepositoryToken(NamedLock));
    await locks.insert({
      name: ASSIGNMENT_LOCK,
      holder: 'an assignment by user 1 (server-a:1234)',
      leaseUntil: new Date(clock.now().getTime() + ASSIGNMENT_LEASE_MS),
    });
    try {
      const refused = await assign(servers[1]!, 1).expect(409);
      expect(refused.body.data).toMatchObject({
        err: 'ASSIGNMENT_RUNNING',
        message: expect.stringMatching(
          /^An assignment is already running \(an assignment by user 1 \(server-a:1234\)\)\. Wait for it to finish/,
        ),
      });
      expect(await pairs()).toEqual([]);

      // The server holding it stopped: once its lease has run out, the next run takes over.
      clock.advance(ASSIGNMENT_LEASE_MS + 1000);
      await assign(servers[1]!, 1).expect(200);
      expect(await pairs()).toHaveLength(pool.length * TLS_PER_APP);
    } finally {
      await locks.delete({ name: ASSIGNMENT_LOCK });
    }
  });

  it('lets one of several runs started at once on two servers through, and leaves a sound assignment', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => assign(servers[seed % 2]!, seed)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.data.err).toBe('ASSIGNMENT_RUNNING');

    const rows = await pairs();
    expect(new Set(rows.map((row) => `${row.leader}:${row.application}`)).size).toBe(rows.length);
    const perApplication = new Map<number, number>();
    for (const row of rows) perApplication.set(row.application, (perApplication.get(row.application) ?? 0) + 1);
    expect([...perApplication.keys()].sort((a, b) => a - b)).toEqual(pool);
    expect([...perApplication.values()].every((jurors) => jurors === TLS_PER_APP)).toBe(true);
    // Every run let the lock go.
    expect(await servers[0]!.app.get<Repository<NamedLock>>(getRepositoryToken(NamedLock)).countBy({ name: ASSIGNMENT_LOCK })).toBe(0);
  });
});
