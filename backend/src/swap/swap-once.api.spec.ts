import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import { formatPacific, parsePacific } from '@svp/domain';
import type { Repository } from 'typeorm';
import { ManualClock } from '../clock/clock.js';
import type { CreatedUser } from '../testing/factories.js';
import { openTestApp, type TestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { User } from '../users/user.entity.js';
import { ShiftSwapRequest } from './shift-swap-request.entity.js';
import { SwapParties } from './swap-parties.service.js';

/** After schedules are released (default timeline), before the conference. */
const NOW = '2026-08-06T12:00:00.000Z';
const AT_ONCE = 6;

// Two servers of one deployment on one database (SQLite file or MariaDB), as behind a load balancer.
describe('swap requests made twice at once, and an exchange that cannot move its shifts', () => {
  let database: TestDatabase;
  let servers: TestApp[];
  let admin: CreatedUser;
  let venueId: number;
  let cursor = parsePacific('2026-08-10 00:00')!.getTime();
  const clock = new ManualClock(NOW);

  const as = (user: User) => servers[0]!.factories.auth(user);
  const adminPost = (path: string, body: object) =>
    servers[0]!.http().post(`/api/admin/${path}`).set('Authorization', admin.auth).send(body);
  const confirmed = async (firstName: string) => {
    const created = await servers[0]!.factories.applicant({ firstName, lastName: 'Volunteer' });
    await servers[0]!.factories.application(created.user, { status: 'confirmed' });
    return created.user;
  };
  /** A new two-hour shift of its own, held by `user`. */
  const shiftOf = async (user: User): Promise<number> => {
    const start = cursor;
    cursor += 3 * 3_600_000;
    const shift = (
      await adminPost('shifts', {
        venueId,
        role: 'Greeter',
        svSlots: 3,
        startTime: formatPacific(new Date(start)),
        endTime: formatPacific(new Date(start + 2 * 3_600_000)),
      }).expect(201)
    ).body;
    await adminPost('shift-assignments', { shiftId: shift.id, volunteerId: user.id }).expect(201);
    return shift.id;
  };
  /** The same call sent AT_ONCE times at the same moment, alternating between the two servers. */
  const atOnce = (user: User, path: string, body: object) =>
    Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        servers[i % 2]!.http().post(`/api/schedule/swap/${path}`).set('Authorization', as(user)).send(body),
      ),
    );
  const openRequests = async (creator: User, shiftId: number) =>
    Number(
      (
        await servers[0]!.dataSource.query(
          'SELECT COUNT(*) AS n FROM shift_swap_requests WHERE creator_id = ? AND shift_id = ? AND status IS NULL',
          [creator.id, shiftId],
        )
      )[0].n,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    servers = [await openTestApp(database, { clock }), await openTestApp(database, { clock })];
    admin = await servers[0]!.factories.admin();
    await servers[0]!.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ swapsEnabled: true }).expect(200);
    venueId = (await adminPost('venues', { name: 'Exhibit Hall', location: 'East Hall A' }).expect(201)).body.id;
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    await database?.drop();
  });

  it('stores an open offer sent six times at once exactly once; the others get 409 SWAP_ALREADY_OFFERED', async () => {
    const ann = await confirmed('Ann');
    const shiftId = await shiftOf(ann);
    const answers = await atOnce(ann, 'create', { shift_id: shiftId });
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(AT_ONCE - 1).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.data).toMatchObject({
        err: 'SWAP_ALREADY_OFFERED',
        message: 'You have already offered this shift in an open request.',
      });
    }
    expect(await openRequests(ann, shiftId)).toBe(1);

    // Once withdrawn, the same shift can be offered again.
    const id = answers.find((answer) => answer.status === 201)!.body.data.id;
    await servers[1]!.http().post('/api/schedule/swap/delete').set('Authorization', as(ann)).send({ id }).expect(200);
    await servers[1]!.http().post('/api/schedule/swap/create').set('Authorization', as(ann)).send({ shift_id: shiftId }).expect(201);
    expect(await openRequests(ann, shiftId)).toBe(1);
  });

  it('stores a request to one volunteer sent six times at once exactly once; the others get 409 SWAP_ALREADY_ASKED', async () => {
    const ben = await confirmed('Ben');
    const cat = await confirmed('Cat');
    const [given, wanted] = [await shiftOf(ben), await shiftOf(cat)];
    const answers = await atOnce(ben, 'create', { shift_id: given, swapped_shift_id: wanted, swapped_svid: cat.svid });
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(AT_ONCE - 1).fill(409)]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.data).toMatchObject({
        err: 'SWAP_ALREADY_ASKED',
        message: 'You have already asked Cat Volunteer for this shift.',
      });
    }
    expect(await openRequests(ben, given)).toBe(1);
  });

  it('refuses the second of two identical requests whose checks both passed (as two at the same moment do), by the database', async () => {
    const gus = await confirmed('Gus');
    const shiftId = await shiftOf(gus);
    // Both calls find nothing stored yet, as each of two simultaneous calls does before either has saved.
    const requests = servers[0]!.app.get<Repository<ShiftSwapRequest>>(getRepositoryToken(ShiftSwapRequest));
    const blind = jest.spyOn(requests, 'existsBy').mockResolvedValue(false);
    try {
      await servers[0]!.http().post('/api/schedule/swap/create').set('Authorization', as(gus)).send({ shift_id: shiftId }).expect(201);
      const second = await servers[0]!
        .http()
        .post('/api/schedule/swap/create')
        .set('Authorization', as(gus))
        .send({ shift_id: shiftId })
        .expect(409);
      expect(second.body.data.err).toBe('SWAP_ALREADY_OFFERED');
    } finally {
      blind.mockRestore();
    }
    expect(await openRequests(gus, shiftId)).toBe(1);
  });

  it(
    'answers 409 SWAP_SHIFT_NOT_HELD, and changes nothing, ' + 'when a shift can no longer be moved at the moment of the exchange',
    async () => {
      const dan = await confirmed('Dan');
      const eve = await confirmed('Eve');
      const offered = await shiftOf(dan);
      const fay = await confirmed('Fay');
      const notHers = await shiftOf(fay);
      const request = (
        await servers[0]!.http().post('/api/schedule/swap/create').set('Authorization', as(dan)).send({ shift_id: offered }).expect(201)
      ).body.data;

      // The checks read Eve as holding Fay's shift (a read that no longer matches the rows), so only the move finds out.
      const parties = servers[0]!.app.get(SwapParties);
      const realOf = parties.of.bind(parties);
      const stale = jest.spyOn(parties, 'of').mockImplementation(async (volunteerId, manager) => {
        const party = await realOf(volunteerId, manager);
        if (volunteerId !== eve.id) return party;
        const fays = (await realOf(fay.id, manager)).ownShifts.filter((shift) => shift.id === notHers);
        return { ...party, ownShifts: [...party.ownShifts, ...fays] };
      });
      try {
        const refused = await servers[0]!
          .http()
          .post('/api/schedule/swap/accept')
          .set('Authorization', as(eve))
          .send({ shift_swap_request_id: request.id, swapped_shift_id: notHers })
          .expect(409);
        expect(refused.body.data).toEqual({
          err: 'SWAP_SHIFT_NOT_HELD',
          message:
            'The swap could not be made: one of the two shifts is no longer held by its volunteer. Nothing was changed; ' +
            'reload the swaps to see them as they are now.',
        });
      } finally {
        stale.mockRestore();
      }
      const holders = async (shiftId: number) =>
        (await servers[0]!.dataSource.query('SELECT volunteer_id FROM shift_assignments WHERE shift_id = ?', [shiftId])).map(
          (row: { volunteer_id: number }) => Number(row.volunteer_id),
        );
      expect(await holders(offered)).toEqual([dan.id]);
      expect(await holders(notHers)).toEqual([fay.id]);
      expect(await openRequests(dan, offered)).toBe(1);
    },
  );
});
