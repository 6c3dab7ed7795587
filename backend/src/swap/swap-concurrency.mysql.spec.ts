import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pacificDay, parsePacific } from '@svp/domain';
import type { User } from '../users/user.entity.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const CLIENTS = 20;
const ROUNDS = 50;
const HOUR = 3_600_000;
const NOW = '2026-08-06T12:00:00.000Z';

// Row locks are what this suite tests; SQLite runs one writer at a time, so it only runs on MySQL/MariaDB (a *.mysql.spec.ts file:
// jest.config.js runs it only with TEST_DATABASE_URL).

describe('shift swaps under contention (MariaDB)', () => {
  let t: TestApp;
  let creator: User;
  const acceptors: User[] = [];
  const tokens = new Map<number, string>();
  /** Per round: the creator's offered shift and each acceptor's shift to give, by acceptor index. */
  const rounds: { offered: number; given: number[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const admin = await t.factories.admin();
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ swapsEnabled: true }).expect(200);
    const confirmed = async (firstName: string) => {
      const created = await t.factories.applicant({ firstName, lastName: 'Volunteer' });
      await t.factories.application(created.user, { status: 'confirmed' });
      tokens.set(created.user.id, t.factories.auth(created.user));
      return created.user;
    };
    creator = await confirmed('Cora');
    for (let i = 0; i < CLIENTS; i += 1) acceptors.push(await confirmed(`Acceptor${i}`));
    const venue = (
      await t
        .http()
        .post('/api/admin/venues')
        .set('Authorization', admin.auth)
        .send({ name: 'Exhibit Hall', location: 'East Hall A' })
        .expect(201)
    ).body.id;

    // Shifts straight into the database (a thousand through the admin API would take most of the run).
    // Round r: the creator's shift at base+0h..2h, one shift per acceptor at base+3h..5h; rounds 8 h apart, one place each.
    const start = parsePacific('2026-08-10 00:00')!.getTime();
    const now = new Date(NOW);
    const shiftRows: unknown[][] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const base = start + r * 8 * HOUR;
      for (let k = 0; k <= CLIENTS; k += 1) {
        const startsAt = new Date(k === 0 ? base : base + 3 * HOUR);
        shiftRows.push([
          1,
          venue,
          pacificDay(startsAt),
          startsAt,
          new Date(startsAt.getTime() + 2 * HOUR),
          `Round ${r} shift ${k}`,
          '',
          1,
          true,
          now,
          now,
        ]);
      }
    }
    await t.dataSource.query(
      `INSERT INTO shifts (edition_id, venue_id, day, starts_at, ends_at, role, report_to, sv_slots, swappable, created_at, ` +
        `updated_at) VALUES ${shiftRows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      shiftRows.flat(),
    );
    const ids: number[] = (await t.dataSource.query("SELECT id FROM shifts WHERE role LIKE 'Round %' ORDER BY id")).map(
      (row: { id: number }) => Number(row.id),
    );
    const assignments: unknown[][] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const block = ids.slice(r * (CLIENTS + 1), (r + 1) * (CLIENTS + 1));
      rounds.push({ offered: block[0]!, given: block.slice(1) });
      assignments.push([block[0], creator.id, now, now], ...acceptors.map((a, i) => [block[i + 1], a.id, now, now]));
    }
    await t.dataSource.query(
      `INSERT INTO shift_assignments (shift_id, volunteer_id, created_at, updated_at) ` +
        `VALUES ${assignments.map(() => '(?, ?, ?, ?)').join(', ')}`,
      assignments.flat(),
    );
  }, 60_000);
  afterAll(() => t?.close());

  const post = (path: string, user: User, body: object) =>
    t.http().post(`/api/schedule/swap/${path}`).set('Authorization', tokens.get(user.id)!).send(body);

  async function assertScheduleInvariants(): Promise<void> {
    const overfull = await t.dataSource.query(
      `SELECT s.id FROM shifts s JOIN shift_assignments a ON a.shift_id = s.id GROUP BY s.id, s.sv_slots HAVING COUNT(*) > s.sv_slots`,
    );
    expect(overfull).toEqual([]);
    const overlapping = await t.dataSource.query(
      `SELECT a.volunteer_id FROM shift_assignments a JOIN shift_assignments b ON a.volunteer_id = b.volunteer_id AND a.id < b.id
         JOIN shifts x ON x.id = a.shift_id JOIN shifts y ON y.id = b.shift_id
        WHERE x.starts_at < y.ends_at AND y.starts_at < x.ends_at`,
    );
    expect(overlapping).toEqual([]);
  }

  it(`lets exactly one of ${CLIENTS} simultaneous acceptances win, ${ROUNDS} times over, and keeps the schedule sound`, async () => {
    for (let r = 0; r < ROUNDS; r += 1) {
      const { offered, given } = rounds[r]!;
      const request = (await post('create', creator, { shift_id: offered }).expect(201)).body.data;
      const answers = await Promise.all(
        acceptors.map((a, i) => post('accept', a, { shift_swap_request_id: request.id, swapped_shift_id: given[i] })),
      );

      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CLIENTS - 1);
      for (const res of answers.filter((a) => a.status === 409))
        expect(res.body.data).toEqual({ message: 'This swap request is no longer open.', err: 'SWAP_NOT_OPEN' });

      const winner = answers.findIndex((res) => res.status === 200);
      expect(answers[winner]!.body.data.request).toMatchObject({ id: request.id, status: true, swapped_sv: { id: acceptors[winner]!.id } });
      const holders = await t.dataSource.query(
        'SELECT shift_id, volunteer_id FROM shift_assignments WHERE shift_id IN (?, ?) ORDER BY shift_id',
        [offered, given[winner]],
      );
      expect(holders.map((h: { shift_id: number; volunteer_id: number }) => [Number(h.shift_id), Number(h.volunteer_id)])).toEqual([
        [offered, acceptors[winner]!.id],
        [given[winner], creator.id],
      ]);
      await assertScheduleInvariants();
    }
  }, 120_000);
});
