import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ScheduleWorldService } from '../schedule/schedule-world.service.js';
import type { CreatedUser } from '../testing/factories.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { ScheduleBuildsService } from './schedule-builds.service.js';

// Two servers sharing one MySQL/MariaDB database (a *.mysql.spec.ts file: it runs only with TEST_DATABASE_URL).

describe('the schedule builder: two servers against one MySQL database', () => {
  let database: TestDatabase;
  let servers: TestApp[] = [];
  let admin: CreatedUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    servers = [await openTestApp(database, { now: '2026-07-01T12:00:00.000Z' })];
    servers.push(await openTestApp(database, { clock: servers[0]!.clock }));
    const [a] = servers;
    admin = await a!.factories.admin();
    const venue = (
      await a!.http().post('/api/admin/venues').set('Authorization', admin.auth).send({ name: 'Hall', location: 'East' }).expect(201)
    ).body.id;
    await a!
      .http()
      .post('/api/admin/shifts')
      .set('Authorization', admin.auth)
      .send({ venueId: venue, startTime: '2026-08-09 08:00', endTime: '2026-08-09 12:00', role: 'Greeter', svSlots: 2 })
      .expect(201);
    for (let i = 0; i < 3; i++) {
      const person = await a!.factories.applicant();
      await a!.factories.application(person.user, { status: 'confirmed' });
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
  });

  it('lets one server build at a time: the other answers 409 while the first is building, then builds itself', async () => {
    const [a, b] = servers as [TestApp, TestApp];
    // Server A is slow to read the schedule: its build is still running when B is asked.
    const world = a.app.get(ScheduleWorldService);
    const real = world.world.bind(world);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = jest.spyOn(world, 'world').mockImplementationOnce(async (...args) => {
      await gate;
      return real(...args);
    });
    const started = await a
      .http()
      .post('/api/admin/schedule-builds')
      .set('Authorization', a.factories.auth(admin.user))
      .send({ keep: 'all' })
      .expect(201);
    const refused = await b
      .http()
      .post('/api/admin/schedule-builds')
      .set('Authorization', b.factories.auth(admin.user))
      .send({ keep: 'all' })
      .expect(409);
    expect(refused.body.err).toBe('BUILD_RUNNING');
    const alsoRefused = await b
      .http()
      .post(`/api/admin/schedule-builds/${started.body.id}/apply`)
      .set('Authorization', b.factories.auth(admin.user))
      .expect(409);
    expect(alsoRefused.body.err).toBe('BUILD_RUNNING');
    release();
    await a.app.get(ScheduleBuildsService).whenIdle();
    spy.mockRestore();
    const done = await b
      .http()
      .get(`/api/admin/schedule-builds/${started.body.id}`)
      .set('Authorization', b.factories.auth(admin.user))
      .expect(200);
    expect(done.body.status).toBe('preview');
    await b.http().post('/api/admin/schedule-builds').set('Authorization', b.factories.auth(admin.user)).send({ keep: 'all' }).expect(201);
    await b.app.get(ScheduleBuildsService).whenIdle();
  });
});
