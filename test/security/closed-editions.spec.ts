/**
 * An edition, once closed, is read-only for everyone: every write route of the API, read from the
 * Nest application itself, is tried against a record of last year's edition after the next one has
 * started, by the caller who could change it while it was current. Each route is either refused with
 * the read-only answer, or says why it cannot name last year's records (it writes the current
 * edition's only, or nothing that belongs to an edition). A route added without a verdict here fails
 * the suite; at the end, last year's records are exactly as they were.
 *
 * Runs with the backend suites (backend/jest.config.js roots), on SQLite and on MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EditionSettings } from '@svp/domain';
import { Application } from '../../backend/src/applications/application.entity.js';
import { referenceKey, referenceToken } from '../../backend/src/references/reference-token.js';
import { ReferencesService } from '../../backend/src/references/references.service.js';
import { ScheduleBuildsService } from '../../backend/src/builder/schedule-builds.service.js';
import { SettingsService } from '../../backend/src/settings/settings.service.js';
import type { CreatedUser } from '../../backend/src/testing/factories.js';
import { completeApplicationData, pdfBytes } from '../../backend/src/testing/fixtures.js';
import { APPLICATIONS_OPEN_AT, createTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { uploadProof } from '../../backend/src/testing/uploads.js';
import type { User } from '../../backend/src/users/user.entity.js';
import { juryItemId, juryItemKey } from '../../backend/src/jury/jury-item-id.js';
import { type Call, listRoutes, sendAs } from './matrix-support.js';

const IN_REFERENCES = '2026-03-10T12:00:00.000Z';
const IN_JURY = '2026-04-20T12:00:00.000Z';
const SCHEDULES_OUT = '2026-08-07T12:00:00.000Z';
const BOUNCE_SECRET = 'closed-editions-bounce-secret-0123';
/** Winter between two seasons: last year's references closed long ago, this year's close in spring. */
const THIS_YEARS_REFERENCES_OPEN = '2026-12-01T12:00:00.000Z';
const SCORE = { essay1: 3, essay2: 3, essay3: 3, overall: 1, red_flag: 0 };

/** What a write route does with last year's records. */
type Verdict =
  /** It names one: refused with `status` and `err`, nothing changed; `at`: where the clock stands (the new edition's schedules out). */
  | { closed: () => Promise<{ as: Caller; call: Call }>; status: number; err: string; at?: string }
  /** It changes last year's records never: it ignores them (a webhook answers as usual), nothing changed. */
  | { ignores: () => Promise<{ as: Caller; call: Call }>; status: number }
  /** It can only write the current edition's records: why. */
  | { currentOnly: string }
  /** It writes nothing that belongs to an edition: why. */
  | { noEdition: string }
  /** It changes last year's records on purpose, the one exception to their being read-only: why. */
  | { deliberately: string };

type Caller = 'admin' | 'applicant' | 'volunteer' | 'colleague' | 'teamLeader' | 'anonymous';

interface World {
  t: TestApp;
  users: Record<Exclude<Caller, 'anonymous'>, CreatedUser>;
  applicationId: number;
  referenceId: number;
  refereeToken: string;
  juryItem: string;
  scoreId: number;
  venueId: number;
  shiftId: number;
  assignmentId: number;
  offerId: number;
  askId: number;
  proposalId: number;
  buildId: number;
  messageId: number;
  /** The new edition's schedules are out: schedule calls are open to its volunteers and team leaders. */
  nextSchedulesOut: string;
}

let w: World;

const READ_ONLY = { status: 409, err: 'EDITION_READ_ONLY' };

/** Every row of last year's edition in the tables that hold an edition's records. */
async function lastYear(t: TestApp): Promise<Record<string, unknown[]>> {
  const q = (sql: string) => t.dataSource.query(sql) as Promise<unknown[]>;
  return {
    applications: await q('SELECT * FROM applications WHERE edition_id = 1 ORDER BY id'),
    references: await q(
      'SELECT r.* FROM application_references r JOIN applications a ON a.id = r.application_id WHERE a.edition_id = 1 ORDER BY r.id',
    ),
    venues: await q('SELECT * FROM venues WHERE edition_id = 1 ORDER BY id'),
    venueLeaders: await q('SELECT l.* FROM venue_team_leaders l JOIN venues v ON v.id = l.venue_id WHERE v.edition_id = 1 ORDER BY l.id'),
    shifts: await q('SELECT * FROM shifts WHERE edition_id = 1 ORDER BY id'),
    assignments: await q('SELECT a.* FROM shift_assignments a JOIN shifts s ON s.id = a.shift_id WHERE s.edition_id = 1 ORDER BY a.id'),
    records: await q('SELECT r.* FROM performance_records r JOIN shifts s ON s.id = r.shift_id WHERE s.edition_id = 1 ORDER BY r.id'),
    swaps: await q('SELECT r.* FROM shift_swap_requests r JOIN shifts s ON s.id = r.shift_id WHERE s.edition_id = 1 ORDER BY r.id'),
    proposals: await q('SELECT p.* FROM shift_proposals p JOIN shifts s ON s.id = p.shift_id WHERE s.edition_id = 1 ORDER BY p.id'),
    builds: await q('SELECT * FROM schedule_builds WHERE edition_id = 1 ORDER BY id'),
    scores: await q('SELECT * FROM jury_scores WHERE edition_id = 1 ORDER BY id'),
    proofs: await q('SELECT * FROM proof_files WHERE edition_id = 1 ORDER BY id'),
    messages: await q("SELECT * FROM messages WHERE edition = '2026' ORDER BY id"),
  };
}

const one = async (t: TestApp, sql: string, params: unknown[] = []) => Number((await t.dataSource.query(sql, params))[0].id);

async function buildWorld(): Promise<World> {
  const t = await createTestApp({ now: APPLICATIONS_OPEN_AT, env: { MAIL_BOUNCE_SECRET: BOUNCE_SECRET } });
  const f = t.factories;
  const admin = await f.admin({ firstName: 'Ada', lastName: 'Admin' });
  const applicant = await f.applicant({ firstName: 'Alice', lastName: 'Applicant' });
  const volunteer = await f.applicant({ firstName: 'Vera', lastName: 'Volunteer' });
  const colleague = await f.applicant({ firstName: 'Cole', lastName: 'Colleague' });
  const teamLeader = await f.teamLeader({ firstName: 'Tara', lastName: 'Leader' });
  const adminAuth = () => f.auth(admin.user);
  const ok = async (call: Promise<{ status: number; body: { id?: number; data?: { id?: number } } }>, what: string) => {
    const res = await call;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  // Last year's season: an application with its proof and references, a jury score, a week of shifts.
  const { ticket } = await uploadProof(t, applicant, pdfBytes());
  expect(ticket.status).toBe(200);
  const application = await f.application(applicant.user, {
    data: completeApplicationData({ firstReferenceEmail: 'ivan@example.edu', secondReferenceEmail: 'evelyn@example.com' }),
  });
  for (const who of [volunteer, colleague]) await f.application(who.user, { status: 'confirmed' });
  await f.application(teamLeader.user, { status: 'confirmed', teamLeader: true });
  t.clock.set(IN_REFERENCES);
  const settings = await t.app.get(SettingsService).get();
  const withUser = await t.dataSource
    .getRepository(Application)
    .findOneOrFail({ where: { id: application.id }, relations: { user: true } });
  await t.dataSource.transaction((manager) =>
    t.app.get(ReferencesService).prepareRequests(manager, withUser as Application & { user: User }, settings, t.clock.now()),
  );
  const reference = (
    await t.dataSource.query('SELECT id, token_nonce FROM application_references WHERE application_id = ? AND slot = 1', [application.id])
  )[0];

  t.clock.set(IN_JURY);
  await ok(t.http().post('/api/jury/assign-jury').set('Authorization', adminAuth()).send({ TLsPerApp: 1, seed: 7 }), 'Assigning the jury');
  const juryItem = juryItemId(juryItemKey(t.config.jwtSecret), 1, teamLeader.user.id, application.id);
  await ok(
    t
      .http()
      .post('/api/jury/score')
      .set('Authorization', f.auth(teamLeader.user))
      .send({ ...SCORE, tl_id: teamLeader.user.id, sv_id: juryItem }),
    'Scoring',
  );

  t.clock.set(SCHEDULES_OUT);
  const admin$ = (path: string, body: object) => ok(t.http().post(`/api/admin/${path}`).set('Authorization', adminAuth()).send(body), path);
  const venueId = (await admin$('venues', { name: 'Registration', location: 'West Building', teamLeaderIds: [teamLeader.user.id] })).id!;
  const shift = async (start: string, end: string) =>
    (await admin$('shifts', { venueId, startTime: start, endTime: end, role: 'Greeter', svSlots: 3 })).id!;
  const shiftId = await shift('2026-08-10 08:00', '2026-08-10 12:00');
  const otherShiftId = await shift('2026-08-11 08:00', '2026-08-11 12:00');
  const spareShiftId = await shift('2026-08-12 08:00', '2026-08-12 12:00');
  const assignmentId = (await admin$('shift-assignments', { shiftId, volunteerId: volunteer.user.id })).id!;
  await admin$('shift-assignments', { shiftId: otherShiftId, volunteerId: colleague.user.id });
  await ok(t.http().put('/api/admin/settings').set('Authorization', adminAuth()).send({ swapsEnabled: true }), 'Swaps on');
  const swap = (user: CreatedUser, body: object) =>
    ok(t.http().post('/api/schedule/swap/create').set('Authorization', f.auth(user.user)).send(body), 'A swap request');
  const offerId = (await swap(colleague, { shift_id: otherShiftId })).data!.id!;
  const askId = (await swap(volunteer, { shift_id: shiftId, swapped_shift_id: otherShiftId, swapped_svid: colleague.user.svid })).data!.id!;
  await ok(
    t
      .http()
      .post('/api/schedule/pr')
      .set('Authorization', f.auth(teamLeader.user))
      .send({
        performance_records: [
          {
            id: null,
            shift_id: shiftId,
            student_volunteer_id: volunteer.user.id,
            check_in: false,
            check_out: false,
            rating: 4,
            notes: 'Kind.',
          },
        ],
      }),
    'A performance record',
  );
  const proposalId = (
    await ok(
      t
        .http()
        .post(`/api/schedule/shift/${spareShiftId}/proposals`)
        .set('Authorization', f.auth(teamLeader.user))
        .send({ volunteerId: colleague.user.id }),
      'A proposal',
    )
  ).data!.id!;
  const buildId = (await admin$('schedule-builds', { keep: 'all', seed: 3 })).id!;
  await t.app.get(ScheduleBuildsService).whenIdle();
  const messageId = (await admin$('messages', { subject: 'Welcome', body: 'See you soon.', audience: { kind: 'confirmed' } })).id!;

  // The next edition starts; its schedules come out a year later.
  const next = (await ok(t.http().get('/api/admin/editions/next').set('Authorization', adminAuth()), 'The next edition')) as unknown as {
    settings: EditionSettings;
    teamLeaders: { id: number }[];
  };
  // The team leaders lead again this year: what refuses them last year's records is the edition, not a role they lost.
  const keepTeamLeaders = next.teamLeaders.map((leader) => leader.id);
  await ok(
    t
      .http()
      .post('/api/admin/editions')
      .set('Authorization', adminAuth())
      .send({ copyVenues: true, settings: next.settings, keepTeamLeaders }),
    'Starting the next edition',
  );
  await ok(t.http().put('/api/admin/settings').set('Authorization', adminAuth()).send({ swapsEnabled: true }), 'Swaps on this year');
  // This year they come back: their schedule reads are open.
  for (const who of [volunteer, colleague, teamLeader]) await f.application(who.user, { status: 'confirmed', editionId: 2 });
  const nextSchedulesOut = new Date(Date.parse(next.settings.timeline.schedulesReleaseDate) + 86_400_000).toISOString();

  return {
    t,
    users: { admin, applicant, volunteer, colleague, teamLeader },
    applicationId: application.id,
    referenceId: Number(reference.id),
    refereeToken: referenceToken(referenceKey(t.config.jwtSecret), Number(reference.id), reference.token_nonce),
    juryItem,
    scoreId: await one(t, 'SELECT id FROM jury_scores ORDER BY id LIMIT 1'),
    venueId,
    shiftId,
    assignmentId,
    offerId,
    askId,
    proposalId,
    buildId,
    messageId,
    nextSchedulesOut,
  };
}

const as = (caller: Caller, call: Call) => async () => ({ as: caller, call });
const admin = (call: Call) => as('admin', call);

/** Every write route, and what it does with last year's records. */
const VERDICTS: Record<string, Verdict> = {
  // Last year's schedule, as the organisers keep it.
  'PUT /api/admin/venues/:id': {
    closed: async () => admin({ path: `/api/admin/venues/${w.venueId}`, body: { location: 'East' } })(),
    ...READ_ONLY,
  },
  'DELETE /api/admin/venues/:id': { closed: async () => admin({ path: `/api/admin/venues/${w.venueId}` })(), ...READ_ONLY },
  'PUT /api/admin/shifts/:id': {
    closed: async () => admin({ path: `/api/admin/shifts/${w.shiftId}`, body: { description: 'Changed' } })(),
    ...READ_ONLY,
  },
  'DELETE /api/admin/shifts/:id': { closed: async () => admin({ path: `/api/admin/shifts/${w.shiftId}` })(), ...READ_ONLY },
  'POST /api/admin/shift-assignments': {
    closed: async () =>
      admin({ path: '/api/admin/shift-assignments', body: { shiftId: w.shiftId, volunteerId: w.users.applicant.user.id } })(),
    ...READ_ONLY,
  },
  'PUT /api/admin/shift-assignments/:id': {
    closed: async () => admin({ path: `/api/admin/shift-assignments/${w.assignmentId}`, body: { accommodations: 'A chair' } })(),
    ...READ_ONLY,
  },
  'DELETE /api/admin/shift-assignments/:id': {
    closed: async () => admin({ path: `/api/admin/shift-assignments/${w.assignmentId}` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/shift-proposals/:id/accept': {
    closed: async () => admin({ path: `/api/admin/shift-proposals/${w.proposalId}/accept` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/shift-proposals/:id/decline': {
    closed: async () => admin({ path: `/api/admin/shift-proposals/${w.proposalId}/decline` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/shift-swaps/:id/cancel': {
    closed: async () => admin({ path: `/api/admin/shift-swaps/${w.offerId}/cancel` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/schedule-builds/:id/apply': {
    closed: async () => admin({ path: `/api/admin/schedule-builds/${w.buildId}/apply` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/schedule-builds/:id/undo': {
    closed: async () => admin({ path: `/api/admin/schedule-builds/${w.buildId}/undo` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/schedule-builds/:id/discard': {
    closed: async () => admin({ path: `/api/admin/schedule-builds/${w.buildId}/discard` })(),
    ...READ_ONLY,
  },
  // The team leader's and the volunteers' week.
  'POST /api/schedule/pr/sync': {
    closed: async () =>
      as('teamLeader', {
        path: '/api/schedule/pr/sync',
        body: {
          sent_at: w.nextSchedulesOut,
          actions: [
            {
              key: 'closed-edition-rating',
              kind: 'rating',
              shift_id: w.shiftId,
              student_volunteer_id: w.users.volunteer.user.id,
              tapped_at: w.nextSchedulesOut,
              base_version: 1,
              rating: 1,
            },
          ],
        },
      })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/pr': {
    closed: async () =>
      as('teamLeader', {
        path: '/api/schedule/pr',
        body: {
          performance_records: [
            {
              shift_id: w.shiftId,
              student_volunteer_id: w.users.volunteer.user.id,
              check_in: false,
              check_out: false,
              rating: 1,
              notes: 'Rewritten',
            },
          ],
        },
      })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/shift/:id/proposals': {
    closed: async () =>
      as('teamLeader', { path: `/api/schedule/shift/${w.shiftId}/proposals`, body: { volunteerId: w.users.applicant.user.id } })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/swap/create': {
    closed: async () => as('volunteer', { path: '/api/schedule/swap/create', body: { shift_id: w.shiftId } })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/swap/accept': {
    closed: async () =>
      as('volunteer', { path: '/api/schedule/swap/accept', body: { shift_swap_request_id: w.offerId, swapped_shift_id: w.shiftId } })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/swap/decline': {
    // The volunteer asked the colleague for their shift: declining is the colleague's to do.
    closed: async () => as('colleague', { path: '/api/schedule/swap/decline', body: { shift_swap_request_id: w.askId } })(),
    ...READ_ONLY,
  },
  'POST /api/schedule/swap/delete': {
    closed: async () => as('volunteer', { path: '/api/schedule/swap/delete', body: { shift_swap_request_id: w.askId } })(),
    ...READ_ONLY,
  },
  // Last year's applications, references and jury.
  'POST /api/admin/applications/status': {
    closed: async () => admin({ path: '/api/admin/applications/status', body: { ids: [w.applicationId], statusId: 1 } })(),
    status: 200,
    err: 'EDITION_READ_ONLY',
  },
  'PUT /api/admin/applications/:id': {
    closed: async () => admin({ path: `/api/admin/applications/${w.applicationId}`, body: { statusId: 1 } })(),
    ...READ_ONLY,
  },
  'PUT /api/admin/references/:id': {
    closed: async () => admin({ path: `/api/admin/references/${w.referenceId}`, body: { firstName: 'Ivan' } })(),
    ...READ_ONLY,
  },
  'POST /api/admin/references/:id/resend': {
    closed: async () => admin({ path: `/api/admin/references/${w.referenceId}/resend` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/references/:id/withdraw': {
    closed: async () => admin({ path: `/api/admin/references/${w.referenceId}/withdraw` })(),
    ...READ_ONLY,
  },
  'PUT /api/referee/:token': {
    closed: async () =>
      as('anonymous', {
        path: `/api/referee/${w.refereeToken}`,
        body: {
          relationship: 'professor',
          knownFor: '1-2-years',
          ratings: { reliability: 5, teamwork: 4, communication: 4, initiative: null },
          statement: 'Written a year late.',
        },
      })(),
    status: 410,
    err: 'REFERENCE_CLOSED',
    at: THIS_YEARS_REFERENCES_OPEN,
  },
  'POST /api/referee/:token/decline': {
    closed: async () => as('anonymous', { path: `/api/referee/${w.refereeToken}/decline`, body: { reason: 'Too late' } })(),
    status: 410,
    err: 'REFERENCE_CLOSED',
    at: THIS_YEARS_REFERENCES_OPEN,
  },
  'POST /api/references/bounces': {
    ignores: async () =>
      as('anonymous', {
        path: '/api/references/bounces',
        body: { recipient: 'ivan@example.edu' },
        headers: { Authorization: `Bearer ${BOUNCE_SECRET}` },
      })(),
    status: 200,
  },
  'POST /api/jury/score/:scoreId': {
    closed: async () =>
      as('teamLeader', {
        path: `/api/jury/score/${w.scoreId}`,
        body: { ...SCORE, overall: 0, tl_id: w.users.teamLeader.user.id, sv_id: w.juryItem },
      })(),
    ...READ_ONLY,
  },
  // Last year's messages.
  'POST /api/admin/messages/:id/cancel': {
    closed: async () => admin({ path: `/api/admin/messages/${w.messageId}/cancel` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/messages/:id/resume': {
    closed: async () => admin({ path: `/api/admin/messages/${w.messageId}/resume` })(),
    ...READ_ONLY,
  },
  'POST /api/admin/messages/:id/retry': {
    closed: async () => admin({ path: `/api/admin/messages/${w.messageId}/retry`, body: { include: ['failed'] } })(),
    ...READ_ONLY,
  },

  // Routes that write the current edition's records only.
  'POST /api/application/save': { currentOnly: "the caller's application of the current edition" },
  'POST /api/application/status/:username': { currentOnly: "the named user's application of the current edition" },
  'POST /api/users/confirm': { currentOnly: "the caller's offered place in the current edition" },
  'POST /api/users/decline': { currentOnly: "the caller's place in the current edition" },
  'PUT /api/users/references/:slot': { currentOnly: "a referee of the caller's application of the current edition" },
  'PUT /api/users/availability': { currentOnly: "the caller's availability in the current edition" },
  'PUT /api/admin/volunteer-constraints/:userId': { currentOnly: "a volunteer's availability in the current edition" },
  'POST /api/files/upload': { currentOnly: "a ticket for the caller's proof of the current edition" },
  'PUT /api/files/upload/:token': { currentOnly: "the caller's proof of the current edition" },
  'DELETE /api/files/:key': { currentOnly: "the caller's proof of the current edition (last year's is read by administrators only)" },
  'POST /api/jury/assign-jury': { currentOnly: "the current edition's jury" },
  'POST /api/jury/score': { currentOnly: "an application of the current edition's jury (an item of another edition's names none)" },
  'POST /api/admin/venues': { currentOnly: 'a venue of the current edition' },
  'POST /api/admin/shifts': { currentOnly: 'a shift at a venue of the current edition (a venue of another edition is refused)' },
  'POST /api/admin/schedule-builds': { currentOnly: "a build of the current edition's shifts" },
  'POST /api/admin/schedule-import/shifts': { currentOnly: "shifts at the current edition's venues" },
  'POST /api/admin/schedule-import/assignments': { currentOnly: "assignments to the current edition's shifts" },
  'POST /api/admin/messages': { currentOnly: 'a message of the current edition' },
  'POST /api/admin/messages/audience': { currentOnly: 'reads the current edition: writes nothing' },
  'POST /api/admin/messages/preview': { currentOnly: 'reads the current edition: writes nothing' },
  'POST /api/admin/messages/test': { currentOnly: 'a test email to the caller of a draft of the current edition' },
  'POST /api/messages/team': { currentOnly: "a team leader's message to a venue of the current edition" },
  'POST /api/messages/team/audience': { currentOnly: 'reads the current edition: writes nothing' },
  'POST /api/admin/jobs/:job/run': { currentOnly: "the current edition's deadline jobs" },
  'PUT /api/admin/settings': { currentOnly: "the current edition's settings" },
  'POST /api/admin/editions': { currentOnly: 'starts the next edition; the one it closes becomes read-only' },

  // Routes that write nothing an edition owns.
  'POST /api/application/search': { noEdition: 'a search: reads only' },
  'POST /api/messages/:id/dismiss': { noEdition: "the reader's own choice to hide a banner; the message stays as it was" },
  'POST /api/schedule/:id/calendar-feed': { noEdition: "the caller's calendar link" },
  'DELETE /api/schedule/:id/calendar-feed': { noEdition: "the caller's calendar link" },
  'PUT /api/notifications/settings': { noEdition: "the caller's choices of what reaches their phone" },
  'POST /api/notifications/devices': { noEdition: "a browser of the caller's that receives their notifications" },
  'DELETE /api/notifications/devices': { noEdition: "a browser of the caller's that receives their notifications" },
  'PUT /api/admin/users/:id': { noEdition: 'an account: role and administrator flag' },
  'POST /api/users/login': { noEdition: 'a session' },
  'POST /api/users/logout': { noEdition: 'a session' },
  'POST /api/users/register': { noEdition: 'an account' },
  'POST /api/users/confirm-registration': { noEdition: 'an account' },
  'POST /api/users/resend-code': { noEdition: 'an account' },
  'POST /api/users/forgot-password': { noEdition: 'an account' },
  'POST /api/users/check-reset-token': { noEdition: 'an account: reads only' },
  'POST /api/users/change-password': { noEdition: 'an account' },
  'POST /api/users/profile': { noEdition: 'the caller’s profile, which every edition reads' },

  // Personal data: an archive reads every edition and changes none; an erasure reaches every edition on purpose.
  'POST /api/users/my-data/exports': { noEdition: "an archive of the caller's own data: it reads every edition and changes none" },
  'POST /api/admin/erasures': { noEdition: 'asks for an erasure: nothing changes until a second administrator confirms it' },
  'POST /api/admin/erasures/:id/cancel': { noEdition: 'a waiting erasure request; nothing of the person had changed' },
  'POST /api/admin/erasures/:id/confirm': {
    deliberately:
      "erases a person on request in every edition, closed ones too: their data may not outlive the request ('Erasure on request')",
  },
};

describe('a closed edition is read-only for everyone', () => {
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    w = await buildWorld();
    w.t.clock.set(w.nextSchedulesOut);
    before = await lastYear(w.t);
  }, 120_000);
  afterAll(() => w?.t.close());

  it('knows what every write route of the application does with last year’s records', () => {
    const writes = listRoutes(w.t.app).filter((route) => !route.startsWith('GET '));
    expect(writes.filter((route) => !(route in VERDICTS)).sort()).toEqual([]);
    expect(Object.keys(VERDICTS).filter((route) => !writes.includes(route))).toEqual([]);
  });

  type Named = Extract<Verdict, { status: number }>;
  const named = Object.entries(VERDICTS).filter((entry): entry is [string, Named] => 'closed' in entry[1] || 'ignores' in entry[1]);
  it.each(named)('%s refuses (or ignores) last year’s record', async (route, verdict) => {
    const method = route.split(' ')[0]!;
    const make = 'closed' in verdict ? verdict.closed : (verdict as { ignores: () => Promise<{ as: Caller; call: Call }> }).ignores;
    const { as: caller, call } = await make();
    w.t.clock.set(('at' in verdict && verdict.at) || w.nextSchedulesOut);
    const res = await sendAs(w.t, method, call, caller === 'anonymous' ? null : w.users[caller].user);
    expect([route, res.status]).toEqual([route, verdict.status]);
    if ('closed' in verdict) {
      // A bulk change answers 200 with each application's outcome.
      const err = res.status === 200 ? res.body.results?.[0]?.code : (res.body.err ?? res.body.data?.err);
      expect([route, err]).toEqual([route, verdict.err]);
    }
  });

  it('leaves every record of last year’s edition as it was', async () => {
    expect(await lastYear(w.t)).toEqual(before);
    // Every kind of record the calls above aimed at is there to be left alone.
    for (const [table, rows] of Object.entries(before)) expect([table, rows.length > 0]).toEqual([table, true]);
  });
});
