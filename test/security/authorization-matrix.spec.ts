/**
 * Who may call what: every route of the API, read from the Nest application itself, called as each
 * kind of caller, with the exact status each must get. A route added without an entry here fails
 * the suite, so no route ships without its role and ownership decided and tested.
 *
 * Runs with the backend suites (backend/jest.config.js roots), on SQLite and on MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../../backend/src/testing/factories.js';
import { pdfBytes } from '../../backend/src/testing/fixtures.js';
import { APPLICATIONS_OPEN_AT, createTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { uploadProof } from '../../backend/src/testing/uploads.js';
import { Application } from '../../backend/src/applications/application.entity.js';
import { referenceKey, referenceToken } from '../../backend/src/references/reference-token.js';
import { ReferencesService } from '../../backend/src/references/references.service.js';
import { SettingsService } from '../../backend/src/settings/settings.service.js';
import { CallerCache } from '../../backend/src/users/caller-cache.js';
import { AfterAnswer } from '../../backend/src/common/after-answer.js';
import { juryItemId, juryItemKey } from '../../backend/src/jury/jury-item-id.js';
import { type Actor, ACTORS, type Entry, type Expectation, isErrorEnvelope, listRoutes, sendAs } from './matrix-support.js';

const IN_JURY = '2026-04-20T12:00:00.000Z';
const IN_DECISIONS = '2026-05-25T12:00:00.000Z';
const SCHEDULES_OUT = '2026-08-07T12:00:00.000Z';
/** 08:30 Pacific on 10 August: the world's shift (08:00–12:00) is under way. */
const DURING_SHIFT = '2026-08-10T15:30:00.000Z';
/** Applications have closed and referees can answer. */
const IN_REFERENCES = '2026-03-10T12:00:00.000Z';
const BOUNCE_SECRET = 'matrix-bounce-secret-0123456789';
/** A week after the conference's last day: certificates of service can be had. */
const AFTER_CONFERENCE = '2026-08-20T12:00:00.000Z';

/** Everyone signed in gets `ok`; anonymous callers 401. */
const signedIn = (ok: number): Expectation => ({ anonymous: 401, others: ok });
/** Only the named callers get `ok`; other signed-in callers `refused`, anonymous 401. */
const only = (allowed: Actor[], ok: number, refused = 403): Expectation => ({
  anonymous: 401,
  others: refused,
  ...Object.fromEntries(allowed.map((actor) => [actor, ok])),
});
const adminOnly = (ok: number) => only(['admin'], ok);
const everyone = (status: number): Expectation => ({ others: status });

interface World {
  t: TestApp;
  users: Record<Exclude<Actor, 'anonymous'>, CreatedUser>;
  /** An application assigned to `teamLeader` on the jury, and one assigned only to `otherTeamLeader`. */
  juryMine: CreatedUser;
  juryTheirs: CreatedUser;
  /** The opaque ids the jury knows those applications by: `teamLeader`'s for juryMine, `otherTeamLeader`'s for juryTheirs. */
  juryMineItem: string;
  juryTheirsItem: string;
  venueId: number;
  shiftId: number;
  feedToken: string;
  auditId: number;
  /** An open swap request of `volunteer`'s shift, made if there is none. */
  openSwap(): Promise<number>;
  /** A throwaway user for calls that change or remove things, so the world stays as it was. */
  spare(): Promise<CreatedUser>;
}

let w: World;
let serial = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${(serial += 1)}`;

/** A message the administrator sent to the confirmed volunteer (made once, on first use). */
async function messageId(): Promise<number> {
  const [made] = await w.t.dataSource.query('SELECT id FROM messages WHERE author_kind = ? ORDER BY id LIMIT 1', ['organisers']);
  if (made) return Number(made.id);
  const response = await w.t
    .http()
    .post('/api/admin/messages')
    .set('Authorization', w.t.factories.auth(w.users.admin.user))
    .send({ subject: 'Hello', body: 'Hi', audience: { kind: 'confirmed' } });
  if (response.status !== 201) throw new Error(`Could not send a message: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

async function buildWorld(): Promise<World> {
  const t = await createTestApp({ now: APPLICATIONS_OPEN_AT, env: { MAIL_BOUNCE_SECRET: BOUNCE_SECRET } });
  const f = t.factories;
  const admin = await f.admin({ firstName: 'Ada', lastName: 'Admin' });
  const applicant = await f.applicant({ firstName: 'Alice', lastName: 'Applicant' });
  const otherApplicant = await f.applicant({ firstName: 'Oscar', lastName: 'Other' });
  const volunteer = await f.applicant({ firstName: 'Vera', lastName: 'Volunteer' });
  const teamLeader = await f.teamLeader({ firstName: 'Tara', lastName: 'Leader' });
  const otherTeamLeader = await f.teamLeader({ firstName: 'Theo', lastName: 'Leader' });
  // The proof goes up while the application can still change.
  const { ticket } = await uploadProof(t, applicant, pdfBytes());
  expect(ticket.status).toBe(200);
  await f.application(applicant.user);
  await f.application(otherApplicant.user);
  await f.application(volunteer.user, { status: 'confirmed' });
  const users = { admin, applicant, otherApplicant, volunteer, teamLeader, otherTeamLeader };

  // Applications close: each submitted application gets its two references (no mail server: nothing is sent).
  t.clock.set(IN_REFERENCES);
  const references = t.app.get(ReferencesService);
  const settings = await t.app.get(SettingsService).get();
  for (const who of [applicant, otherApplicant, volunteer]) {
    const application = await t.dataSource
      .getRepository(Application)
      .findOneOrFail({ where: { userId: who.user.id }, relations: { user: true } });
    await t.dataSource.transaction((manager) =>
      references.prepareRequests(manager, application as Application & { user: typeof who.user }, settings, t.clock.now()),
    );
  }

  // The jury: one team leader per application, so each has applications the other may not see.
  t.clock.set(IN_JURY);
  const jurors = [admin, teamLeader, otherTeamLeader].map((u) => f.auth(u.user));
  await t.http().post('/api/jury/assign-jury').set('Authorization', jurors[0]!).send({ TLsPerApp: 1, seed: 7 }).expect(200);
  const rows: { tl: number | string; sv: number | string }[] = await t.dataSource.query(
    'SELECT ja.team_leader_id AS tl, app.user_id AS sv FROM jury_assignments ja JOIN applications app ON app.id = ja.application_id',
  );
  const assignedTo = (tl: CreatedUser) => rows.filter((r) => Number(r.tl) === tl.user.id).map((r) => Number(r.sv));
  const candidates = [applicant, otherApplicant, volunteer];
  const juryMine = candidates.find((c) => assignedTo(teamLeader).includes(c.user.id));
  const juryTheirs = candidates.find((c) => assignedTo(otherTeamLeader).includes(c.user.id));
  if (!juryMine || !juryTheirs) throw new Error(`The jury draw left a team leader without applications: ${JSON.stringify(rows)}`);
  const juryItem = async (tl: CreatedUser, who: CreatedUser) => {
    const [row] = await t.dataSource.query('SELECT id, edition_id FROM applications WHERE user_id = ?', [who.user.id]);
    return juryItemId(juryItemKey(t.config.jwtSecret), Number(row.edition_id), tl.user.id, Number(row.id));
  };
  const juryMineItem = await juryItem(teamLeader, juryMine);
  const juryTheirsItem = await juryItem(otherTeamLeader, juryTheirs);

  // The conference week: a venue led by `teamLeader`, one shift, `volunteer` on it.
  t.clock.set(SCHEDULES_OUT);
  const adminAuth = f.auth(admin.user);
  const venue = await t
    .http()
    .post('/api/admin/venues')
    .set('Authorization', adminAuth)
    .send({ name: 'Registration', location: 'West Building', teamLeaderIds: [teamLeader.user.id] });
  const shift = await t
    .http()
    .post('/api/admin/shifts')
    .set('Authorization', adminAuth)
    .send({ venueId: venue.body.id, startTime: '2026-08-10 08:00', endTime: '2026-08-10 12:00', role: 'Greeter', svSlots: 3 });
  await t
    .http()
    .post('/api/admin/shift-assignments')
    .set('Authorization', adminAuth)
    .send({ shiftId: shift.body.id, volunteerId: volunteer.user.id })
    .expect(201);
  await t.http().put('/api/admin/settings').set('Authorization', adminAuth).send({ swapsEnabled: true }).expect(200);
  const feed = await t
    .http()
    .post(`/api/schedule/${volunteer.user.id}/calendar-feed`)
    .set('Authorization', f.auth(volunteer.user))
    .expect(201);
  const audit = await t.http().get('/api/admin/audit').set('Authorization', adminAuth).expect(200);

  return {
    t,
    users,
    juryMine,
    juryTheirs,
    juryMineItem,
    juryTheirsItem,
    venueId: venue.body.id,
    shiftId: shift.body.id,
    feedToken: new URL(feed.body.data.url).searchParams.get('token')!,
    auditId: audit.body[0].id,
    openSwap: async () => {
      const [open] = await t.dataSource.query('SELECT id FROM shift_swap_requests WHERE status IS NULL AND closed_reason IS NULL');
      if (open) return Number(open.id);
      const made = await t
        .http()
        .post('/api/schedule/swap/create')
        .set('Authorization', f.auth(volunteer.user))
        .send({ shift_id: shift.body.id });
      if (made.status !== 201) throw new Error(`Could not make an open swap request: ${JSON.stringify(made.body)}`);
      return made.body.data.id as number;
    },
    spare: async () => {
      const spare = await f.applicant({ firstName: 'Sam', lastName: 'Spare' });
      await f.application(spare.user);
      return spare;
    },
  };
}

const docs = (route: string): Entry => ({
  route,
  cases: [
    {
      name: 'the public API documentation',
      call: () => ({ path: route.split(' ')[1]!.replace('/docs/docs/', '/docs/') }),
      expect: everyone(200),
    },
  ],
});

/** The table: each route, the call each caller makes, and the status each must get. */
const ENTRIES: Entry[] = [
  ...[
    'GET /api/docs',
    'GET /api/docs/',
    'GET /api/docs/index.html',
    'GET /api/docs/swagger-ui-init.js',
    'GET /api/docs-json',
    'GET /api/docs-yaml',
  ].map(docs),
  {
    route: 'GET /api/docs/LICENSE',
    // Registered by @nestjs/swagger, but the swagger-ui-dist it serves from ships no LICENSE file.
    cases: [{ name: 'swagger-ui’s licence', call: () => ({ path: '/api/docs/LICENSE' }), expect: everyone(404) }],
  },
  {
    route: 'GET /api/docs/docs/swagger-ui-init.js',
    cases: [
      {
        name: 'swagger-ui’s own script, as the docs page asks for it',
        call: () => ({ path: '/api/docs/docs/swagger-ui-init.js' }),
        expect: everyone(200),
      },
    ],
  },
  { route: 'GET /api/health', cases: [{ name: 'the health check', call: () => ({ path: '/api/health' }), expect: everyone(200) }] },
  { route: 'GET /api/settings', cases: [{ name: 'the public settings', call: () => ({ path: '/api/settings' }), expect: everyone(200) }] },
  {
    route: 'GET /api/admin/settings',
    cases: [{ name: 'the settings to edit', call: () => ({ path: '/api/admin/settings' }), expect: adminOnly(200) }],
  },
  {
    route: 'PUT /api/admin/settings',
    cases: [
      {
        name: 'a change of contact address',
        call: () => ({ path: '/api/admin/settings', body: { contactEmail: 'sv@siggraph.org' } }),
        expect: adminOnly(200),
      },
    ],
  },
  { route: 'GET /api/admin/audit', cases: [{ name: 'the audit log', call: () => ({ path: '/api/admin/audit' }), expect: adminOnly(200) }] },
  {
    route: 'GET /api/admin/audit/actions',
    cases: [{ name: 'the audit actions', call: () => ({ path: '/api/admin/audit/actions' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/audit/:id',
    cases: [{ name: 'one audit entry', call: () => ({ path: `/api/admin/audit/${w.auditId}` }), expect: adminOnly(200) }],
  },

  // Accounts. The public calls answer the same to everyone: being signed in changes nothing.
  {
    route: 'POST /api/users/login',
    cases: [
      {
        name: 'the right password',
        call: () => ({ path: '/api/users/login', body: { email: w.users.applicant.user.email, password: w.users.applicant.password } }),
        expect: everyone(200),
      },
      {
        name: 'a wrong password',
        call: () => ({ path: '/api/users/login', body: { email: w.users.applicant.user.email, password: 'not-the-password' } }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'POST /api/users/register',
    cases: [
      {
        name: 'a new address',
        call: () => ({
          path: '/api/users/register',
          body: { first_name: 'New', last_name: 'Person', email: `${unique('new')}@example.edu`, password: 'a-long-password-1' },
        }),
        expect: everyone(201),
      },
    ],
  },
  {
    route: 'POST /api/users/confirm-registration',
    cases: [
      // The address is confirmed already: refused as any code that does not work is, whoever asks (400).
      {
        name: 'a guessed code for someone else’s confirmed address',
        call: () => ({ path: '/api/users/confirm-registration', body: { email: w.users.applicant.user.email, code: '000000' } }),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'POST /api/users/resend-code',
    cases: [
      {
        name: 'any address',
        call: () => ({ path: '/api/users/resend-code', body: { email: w.users.applicant.user.email } }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/users/forgot-password',
    cases: [
      {
        name: 'any address',
        call: () => ({ path: '/api/users/forgot-password', body: { email: w.users.applicant.user.email } }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'POST /api/users/change-password',
    cases: [
      {
        name: 'a made-up reset token',
        call: () => ({ path: '/api/users/change-password', body: { token: 'made-up', password: 'another-long-password-2' } }),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'POST /api/users/check-reset-token',
    cases: [
      {
        name: 'a made-up reset token',
        call: () => ({ path: '/api/users/check-reset-token', body: { token: 'made-up' } }),
        expect: everyone(400),
      },
    ],
  },
  {
    route: 'POST /api/users/logout',
    cases: [
      {
        name: 'the caller’s own sessions',
        call: () => ({ path: '/api/users/logout' }),
        expect: signedIn(200),
        // Signing out raises each caller's token version: put it back, so the world's tokens work for the cases after.
        after: async () => {
          for (const { user } of Object.values(w.users)) {
            await w.t.dataSource.query('UPDATE users SET token_version = ? WHERE id = ?', [user.tokenVersion, user.id]);
            w.t.app.get(CallerCache).forget(user.id);
          }
        },
      },
    ],
  },
  {
    route: 'GET /api/users/profile',
    cases: [{ name: 'the caller’s own profile', call: () => ({ path: '/api/users/profile' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/profile',
    cases: [
      {
        name: 'the caller’s own profile, complete',
        call: () => ({ path: '/api/users/profile', body: { ...profileBody() } }),
        expect: signedIn(200),
      },
    ],
  },
  { route: 'GET /api/admin/users', cases: [{ name: 'every user', call: () => ({ path: '/api/admin/users' }), expect: adminOnly(200) }] },
  {
    route: 'GET /api/admin/users/:id',
    cases: [{ name: 'another user', call: () => ({ path: `/api/admin/users/${w.users.applicant.user.id}` }), expect: adminOnly(200) }],
  },
  {
    route: 'PUT /api/admin/users/:id',
    cases: [
      {
        name: 'granting a role',
        call: async () => ({ path: `/api/admin/users/${(await w.spare()).user.id}`, body: { role: 'Team-Leader' } }),
        expect: adminOnly(200),
      },
    ],
  },

  // Applications.
  {
    route: 'GET /api/application/statistics',
    cases: [{ name: 'the statistics', call: () => ({ path: '/api/application/statistics' }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/application/search',
    cases: [
      {
        name: 'a search by last name',
        call: () => ({ path: '/api/application/search', body: { criterion: 'lastName', text: 'Applicant' } }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/application/search',
    cases: [{ name: 'a search', call: () => ({ path: '/api/application/search' }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/application/status/:username',
    cases: [
      {
        name: 'an offer to someone',
        call: async () => ({ path: `/api/application/status/${(await w.spare()).user.username}`, body: { statusId: 1 } }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/application/save',
    cases: [
      {
        name: 'saving one’s own application while applications are open',
        at: APPLICATIONS_OPEN_AT,
        call: () => ({ path: '/api/application/save', body: { data: { essay1: 'A draft.' }, completed: false } }),
        // The body names no user: each caller can only ever save their own. Submitted and decided
        // applications are closed to changes (409); the others have none yet and start one.
        expect: { anonymous: 401, applicant: 409, otherApplicant: 409, volunteer: 409, others: 200 },
      },
    ],
  },
  {
    route: 'GET /api/application/:key',
    cases: [
      {
        name: 'the applicant’s username',
        at: IN_JURY,
        call: () => ({ path: `/api/application/${w.users.applicant.user.username}` }),
        // The jury reads an application by the applicant's profile id only: a username or SV ID
        // is refused to every team leader, assigned or not.
        expect: { anonymous: 401, applicant: 200, admin: 200, others: 403 },
      },
      {
        name: 'the applicant’s svid, guessed',
        at: IN_JURY,
        call: () => ({ path: `/api/application/${w.users.applicant.user.svid}` }),
        expect: { anonymous: 401, applicant: 200, admin: 200, others: 403 },
      },
      {
        name: 'an application on the jury of the team leader, by its opaque id (blind), and not on the other’s',
        at: IN_JURY,
        call: () => ({ path: `/api/application/${w.juryMineItem}` }),
        // The id names no user: an administrator finds nobody by it (404).
        expect: { anonymous: 401, teamLeader: 200, admin: 404, others: 403 },
      },
      {
        name: 'the other team leader’s opaque id for an application on their jury',
        at: IN_JURY,
        call: () => ({ path: `/api/application/${w.juryTheirsItem}` }),
        expect: { anonymous: 401, otherTeamLeader: 200, admin: 404, others: 403 },
      },
      {
        name: 'an application on the jury of the team leader, by the applicant’s user id',
        at: IN_JURY,
        call: () => ({ path: `/api/application/${w.juryMine.user.id}` }),
        // The jury knows it only by the opaque id: the user id is refused to every team leader.
        expect: () => ({ anonymous: 401, admin: 200, [actorOf(w.juryMine)]: 200, others: 403 }),
      },
    ],
  },
  {
    route: 'POST /api/users/confirm',
    cases: [
      {
        name: 'confirming with someone else’s SV ID',
        at: IN_DECISIONS,
        call: () => ({ path: '/api/users/confirm', body: { sv_id: w.users.otherApplicant.user.svid } }),
        // Only the owner of an offer may confirm it; otherApplicant has no offer (409).
        expect: { anonymous: 401, otherApplicant: 409, others: 403 },
      },
    ],
  },
  {
    route: 'POST /api/users/decline',
    cases: [
      {
        name: 'declining with someone else’s SV ID',
        at: IN_DECISIONS,
        call: () => ({ path: '/api/users/decline', body: { sv_id: w.users.otherApplicant.user.svid } }),
        expect: { anonymous: 401, otherApplicant: 409, others: 403 },
      },
    ],
  },
  {
    route: 'GET /api/admin/applications',
    cases: [{ name: 'every application', call: () => ({ path: '/api/admin/applications' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/applications/export.csv',
    cases: [{ name: 'the export', call: () => ({ path: '/api/admin/applications/export.csv' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/applications/:id',
    cases: [
      {
        name: 'another user’s application',
        call: async () => ({ path: `/api/admin/applications/${await applicationOf(w.users.applicant)}` }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/applications/status',
    cases: [
      {
        name: 'offers made to several from the list',
        call: async () => ({
          path: '/api/admin/applications/status',
          body: { ids: [await applicationOf(await w.spare()), await applicationOf(await w.spare())], statusId: 1 },
        }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/admin/applications/:id',
    cases: [
      {
        name: 'an offer made from the list',
        call: async () => ({ path: `/api/admin/applications/${await applicationOf(await w.spare())}`, body: { statusId: 1 } }),
        expect: adminOnly(200),
      },
    ],
  },

  // The jury.
  {
    route: 'POST /api/jury/assign-jury',
    cases: [
      {
        name: 'an impossible draw (reaches the checks, changes nothing)',
        at: IN_JURY,
        call: () => ({ path: '/api/jury/assign-jury', body: { TLsPerApp: 0 } }),
        expect: adminOnly(400),
      },
    ],
  },
  {
    route: 'GET /api/jury/preview',
    cases: [{ name: 'a preview', at: IN_JURY, call: () => ({ path: '/api/jury/preview?TLsPerApp=1' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/jury/statistics',
    cases: [{ name: 'the statistics', at: IN_JURY, call: () => ({ path: '/api/jury/statistics' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/jury/tl-assignments/:tlProfileId',
    cases: [
      {
        name: 'the team leader’s list',
        at: IN_JURY,
        call: () => ({ path: `/api/jury/tl-assignments/${w.users.teamLeader.user.id}` }),
        expect: only(['teamLeader'], 200),
      },
      // Closed after the jury deadline, to its owner too.
      {
        name: 'the team leader’s list after the jury deadline',
        at: IN_DECISIONS,
        call: () => ({ path: `/api/jury/tl-assignments/${w.users.teamLeader.user.id}` }),
        expect: only(['teamLeader'], 409),
      },
    ],
  },
  {
    route: 'POST /api/jury/score',
    cases: [
      {
        name: 'scoring an application on the team leader’s jury, as that team leader',
        at: IN_JURY,
        call: (actor) => ({
          path: '/api/jury/score',
          body: { ...SCORE, tl_id: w.users[actor === 'anonymous' ? 'teamLeader' : actor].user.id, sv_id: w.juryMineItem },
        }),
        expect: { anonymous: 401, teamLeader: 200, others: 403 },
      },
      {
        name: 'scoring by the applicant’s user id, as each team leader',
        at: IN_JURY,
        call: (actor) => ({
          path: '/api/jury/score',
          body: { ...SCORE, tl_id: w.users[actor === 'anonymous' ? 'teamLeader' : actor].user.id, sv_id: w.juryTheirs.user.id },
        }),
        expect: { anonymous: 401, others: 403 },
      },
    ],
  },
  {
    route: 'POST /api/jury/score/:scoreId',
    cases: [
      {
        name: 'changing the team leader’s score',
        at: IN_JURY,
        call: async (actor) => ({
          path: `/api/jury/score/${await onlyScoreId()}`,
          body: { ...SCORE, tl_id: w.users[actor === 'anonymous' ? 'teamLeader' : actor].user.id, sv_id: w.juryMineItem },
        }),
        expect: { anonymous: 401, teamLeader: 200, others: 403 },
      },
    ],
  },

  // Schedules.
  {
    route: 'GET /api/schedule/:id',
    cases: [
      {
        name: 'the volunteer’s schedule',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}` }),
        expect: only(['volunteer'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/tl/:id',
    cases: [
      {
        name: 'the team leader’s schedule',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/tl/${w.users.teamLeader.user.id}` }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/shift/:id',
    cases: [
      {
        name: 'a shift at the team leader’s venue',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/shift/${w.shiftId}` }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/shifts/:day',
    cases: [
      {
        name: 'the shifts of a day',
        at: SCHEDULES_OUT,
        call: () => ({ path: '/api/schedule/shifts/2026-08-10' }),
        expect: only(['volunteer', 'teamLeader', 'otherTeamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/schedule/pr',
    cases: [
      {
        name: 'performance records of the volunteer on the team leader’s shift',
        // During the shift: check-in opens 30 minutes before it.
        at: DURING_SHIFT,
        call: () => ({
          path: '/api/schedule/pr',
          body: {
            performance_records: [
              {
                id: null,
                shift_id: w.shiftId,
                student_volunteer_id: w.users.volunteer.user.id,
                check_in: true,
                check_out: false,
                rating: 4,
                notes: 'On time.',
              },
            ],
          },
        }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/schedule/pr/sync',
    // A team leader's phone sending what it kept offline; another team leader leads none of these shifts.
    cases: [
      {
        name: 'a check-in kept offline on the team leader’s shift',
        at: DURING_SHIFT,
        call: (actor) => ({
          path: '/api/schedule/pr/sync',
          body: {
            sent_at: DURING_SHIFT,
            actions: [
              {
                key: `matrix-${actor}-check-in`,
                kind: 'check-in',
                shift_id: w.shiftId,
                student_volunteer_id: w.users.volunteer.user.id,
                tapped_at: DURING_SHIFT,
                base_version: 0,
              },
            ],
          },
        }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/checkin/codes',
    // Anyone whose schedule is out: confirmed volunteers and team leaders.
    cases: [
      {
        name: 'the caller’s check-in codes',
        at: SCHEDULES_OUT,
        call: () => ({ path: '/api/checkin/codes' }),
        expect: only(['volunteer', 'teamLeader', 'otherTeamLeader'], 200),
      },
    ],
  },
  // What reaches each person's phone: their own choices and devices, whoever they are.
  {
    route: 'GET /api/notifications/settings',
    cases: [{ name: 'the caller’s notification choices', call: () => ({ path: '/api/notifications/settings' }), expect: signedIn(200) }],
  },
  {
    route: 'PUT /api/notifications/settings',
    cases: [
      {
        name: 'the caller’s notification choices, changed',
        call: () => ({
          path: '/api/notifications/settings',
          body: { shiftChanges: true, swaps: false, reminders: true, reminderMinutes: 30, urgent: true, texts: false },
        }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'POST /api/notifications/devices',
    cases: [
      {
        name: 'a browser of the caller’s, added',
        call: (actor) => ({
          path: '/api/notifications/devices',
          body: {
            endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}`,
            keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
          },
        }),
        expect: signedIn(201),
      },
    ],
  },
  {
    route: 'DELETE /api/notifications/devices',
    // Only the caller's own device is removed (an endpoint of someone else's removes nothing: notifications.api.spec.ts).
    cases: [
      {
        name: 'a browser of the caller’s, removed',
        call: (actor) => ({
          path: '/api/notifications/devices',
          body: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}` },
        }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/board',
    // Team leaders see their own venues' shifts (another team leader gets an empty board, not a refusal).
    cases: [
      {
        name: 'the live board during a shift',
        at: DURING_SHIFT,
        call: () => ({ path: '/api/schedule/board' }),
        expect: only(['admin', 'teamLeader', 'otherTeamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/roster',
    // The venue's team leaders and administrators; a team leader of another venue is refused, as are volunteers.
    cases: [
      {
        name: 'the roster of the team leader’s venue on the shift’s day',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/roster?venueId=${w.venueId}&day=2026-08-10` }),
        expect: only(['admin', 'teamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/schedule/:id/calendar-feed',
    cases: [
      {
        name: 'a new feed link for the volunteer',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}/calendar-feed` }),
        expect: only(['volunteer'], 201),
      },
    ],
  },
  {
    route: 'GET /api/schedule/:id/calendar-feed',
    cases: [
      {
        name: 'the volunteer’s feed link',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}/calendar-feed` }),
        expect: only(['volunteer'], 200),
      },
    ],
  },
  {
    route: 'DELETE /api/schedule/:id/calendar-feed',
    cases: [
      {
        name: 'revoking the volunteer’s feed',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}/calendar-feed` }),
        expect: only(['volunteer'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/:id/calendar.ics',
    cases: [
      // The feed is a capability URL for calendar apps: its token, not a session, decides.
      {
        name: 'without a token',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}/calendar.ics` }),
        expect: { anonymous: 401, volunteer: 200, others: 403 },
      },
      {
        name: 'with a guessed token',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.volunteer.user.id}/calendar.ics?token=guessed-token`, anonymous: true }),
        expect: everyone(401),
      },
      {
        name: 'with another user’s id and the volunteer’s token',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/${w.users.applicant.user.id}/calendar.ics?token=${w.feedToken}`, anonymous: true }),
        expect: everyone(401),
      },
    ],
  },

  // Shift swaps (switched on in this world; the switch's own case turns it off for a moment).
  {
    route: 'POST /api/schedule/swap/create',
    cases: [
      {
        name: 'offering the volunteer’s shift to anyone',
        call: async () => {
          await w.t.dataSource.query(
            "UPDATE shift_swap_requests SET status = 0, closed_reason = 'deleted', open_key = NULL WHERE status IS NULL",
          );
          return { path: '/api/schedule/swap/create', body: { shift_id: w.shiftId } };
        },
        // Only the confirmed volunteer holding the shift may offer it; a team leader sees schedules but holds no shift.
        expect: only(['volunteer'], 201),
      },
      {
        name: 'any swap call while swaps are switched off',
        before: () => setSwaps(false),
        after: () => setSwaps(true),
        call: () => ({ path: '/api/schedule/swap/create', body: { shift_id: w.shiftId } }),
        expect: signedIn(403),
      },
    ],
  },
  {
    route: 'GET /api/schedule/swap/:username',
    cases: [
      {
        name: 'the volunteer’s swap requests',
        call: () => ({ path: `/api/schedule/swap/${w.users.volunteer.user.username}` }),
        expect: only(['volunteer'], 200),
      },
      {
        name: 'the applicant’s, guessed',
        call: () => ({ path: `/api/schedule/swap/${w.users.applicant.user.username}` }),
        expect: signedIn(403),
      },
    ],
  },
  {
    route: 'POST /api/schedule/swap/accept',
    cases: [
      {
        name: 'accepting the volunteer’s open request with the volunteer’s own shift',
        call: async () => ({
          path: '/api/schedule/swap/accept',
          body: { shift_swap_request_id: await w.openSwap(), swapped_shift_id: w.shiftId },
        }),
        // Nobody else holds a shift to give, and the volunteer may not take their own request.
        expect: signedIn(403),
      },
    ],
  },
  {
    route: 'POST /api/schedule/swap/decline',
    cases: [
      {
        name: 'declining an open request (only a request made to you can be declined)',
        call: async () => ({ path: '/api/schedule/swap/decline', body: { shift_swap_request_id: await w.openSwap() } }),
        expect: signedIn(403),
      },
    ],
  },
  {
    route: 'POST /api/schedule/swap/delete',
    cases: [
      {
        name: 'deleting the volunteer’s open request',
        call: async () => ({ path: '/api/schedule/swap/delete', body: { shift_swap_request_id: await w.openSwap() } }),
        expect: only(['volunteer'], 200),
      },
    ],
  },
  {
    route: 'GET /api/admin/shift-swaps',
    cases: [{ name: 'every swap request', call: () => ({ path: '/api/admin/shift-swaps' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/shift-swaps/:id',
    cases: [
      { name: 'one swap request', call: async () => ({ path: `/api/admin/shift-swaps/${await w.openSwap()}` }), expect: adminOnly(200) },
    ],
  },
  {
    route: 'POST /api/admin/shift-swaps/:id/cancel',
    cases: [
      {
        name: 'cancelling an open request',
        call: async () => ({ path: `/api/admin/shift-swaps/${await w.openSwap()}/cancel`, body: {} }),
        expect: adminOnly(200),
      },
    ],
  },

  // References: the referee's link needs no account; the applicant sees their own; the rest is the organisers'.
  {
    route: 'GET /api/referee/:token',
    cases: [
      {
        name: 'the form behind a referee’s link',
        at: IN_REFERENCES,
        call: async () => ({ path: `/api/referee/${await tokenOf(w.users.volunteer, 1)}` }),
        expect: everyone(200),
      },
      { name: 'a guessed link', at: IN_REFERENCES, call: () => ({ path: `/api/referee/${'x'.repeat(43)}` }), expect: everyone(401) },
      {
        name: 'a link after references closed',
        at: IN_JURY,
        call: async () => ({ path: `/api/referee/${await tokenOf(w.users.volunteer, 1)}` }),
        expect: everyone(410),
      },
    ],
  },
  {
    route: 'PUT /api/referee/:token',
    cases: [
      // The link is the referee's key, whoever sends it: an answer, then corrections until the closing date.
      {
        name: 'an answer through the link',
        at: IN_REFERENCES,
        call: async () => ({ path: `/api/referee/${await tokenOf(w.users.volunteer, 1)}`, body: REFERENCE_ANSWER }),
        expect: everyone(200),
      },
      {
        name: 'an answer through a guessed link',
        at: IN_REFERENCES,
        call: () => ({ path: `/api/referee/${'y'.repeat(43)}`, body: REFERENCE_ANSWER }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'POST /api/referee/:token/decline',
    cases: [
      {
        name: 'declining a reference already given',
        at: IN_REFERENCES,
        before: async () => {
          await w.t
            .http()
            .put(`/api/referee/${await tokenOf(w.users.volunteer, 1)}`)
            .send(REFERENCE_ANSWER)
            .expect(200);
        },
        call: async () => ({ path: `/api/referee/${await tokenOf(w.users.volunteer, 1)}/decline`, body: {} }),
        expect: everyone(409),
      },
      {
        name: 'declining through a guessed link',
        at: IN_REFERENCES,
        call: () => ({ path: `/api/referee/${'z'.repeat(43)}/decline`, body: {} }),
        expect: everyone(401),
      },
    ],
  },
  {
    route: 'GET /api/users/references',
    // Each caller reads only their own application's references (none without a submitted one).
    cases: [
      { name: 'the caller’s own references', at: IN_REFERENCES, call: () => ({ path: '/api/users/references' }), expect: signedIn(200) },
    ],
  },
  {
    route: 'PUT /api/users/references/:slot',
    cases: [
      {
        name: 'another referee for the first, who could not be reached (the applicant’s)',
        at: IN_REFERENCES,
        before: async () => {
          await w.t.dataSource.query("UPDATE application_references SET state = 'not-reachable' WHERE id = ?", [
            await referenceOf(w.users.applicant, 1),
          ]);
        },
        call: () => ({
          path: '/api/users/references/1',
          body: { referenceType: 'mentor', firstName: 'New', lastName: 'Referee', email: `${unique('referee')}@example.org` },
        }),
        // The slot names only the caller's own reference: the applicant's is replaced; the others' own
        // references can still answer (409); callers without a submitted application have none (404).
        expect: { anonymous: 401, applicant: 200, otherApplicant: 409, volunteer: 409, teamLeader: 404, otherTeamLeader: 404, admin: 404 },
      },
    ],
  },
  {
    route: 'POST /api/references/bounces',
    cases: [
      {
        name: 'a bounce with a session instead of the bounce secret',
        call: () => ({ path: '/api/references/bounces', body: { recipient: 'ivan@example.edu' } }),
        expect: everyone(401),
      },
      {
        name: 'a bounce with the secret',
        call: () => ({
          path: '/api/references/bounces',
          body: { recipient: 'nobody-here@example.edu' },
          anonymous: true,
          headers: { Authorization: `Bearer ${BOUNCE_SECRET}` },
        }),
        expect: everyone(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/references',
    cases: [{ name: 'every reference', call: () => ({ path: '/api/admin/references' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/references/:id',
    cases: [
      {
        name: 'one reference',
        call: async () => ({ path: `/api/admin/references/${await referenceOf(w.users.applicant, 2)}` }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/admin/references/:id',
    cases: [
      {
        name: 'a corrected name',
        call: async () => ({ path: `/api/admin/references/${await referenceOf(w.users.applicant, 2)}`, body: { firstName: 'Evelyn' } }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/references/:id/resend',
    cases: [
      {
        name: 'asking a referee again',
        at: IN_REFERENCES,
        call: async () => ({ path: `/api/admin/references/${await referenceOf(w.users.volunteer, 2)}/resend` }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/references/:id/withdraw',
    cases: [
      {
        name: 'withdrawing a request',
        at: IN_REFERENCES,
        call: async () => ({ path: `/api/admin/references/${await referenceOf(w.users.otherApplicant, 2)}/withdraw` }),
        expect: adminOnly(200),
      },
    ],
  },

  // Deadline jobs.
  {
    route: 'GET /api/admin/jobs',
    cases: [{ name: 'the jobs and their runs', call: () => ({ path: '/api/admin/jobs' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/jobs/:job',
    cases: [{ name: 'one job', call: () => ({ path: '/api/admin/jobs/schedules-release' }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/jobs/:job/run',
    cases: [
      {
        name: 'running an idempotent job now',
        call: () => ({ path: '/api/admin/jobs/schedules-release/run', body: {} }),
        expect: adminOnly(201),
      },
      // Before its date a job is refused to the administrator too (409): running it early would act before the deadline.
      {
        name: 'running a job that is not due',
        at: APPLICATIONS_OPEN_AT,
        call: () => ({ path: '/api/admin/jobs/decisions-release/run', body: {} }),
        expect: adminOnly(409),
      },
    ],
  },

  // The schedule builder.
  {
    route: 'GET /api/admin/schedule-builds',
    cases: [{ name: 'the builds', call: () => ({ path: '/api/admin/schedule-builds' }), expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/schedule-builds',
    // A scope it cannot read: reaches the checks, starts nothing.
    cases: [
      {
        name: 'a build with a scope it cannot read',
        call: () => ({ path: '/api/admin/schedule-builds', body: { keep: 'nothing' } }),
        expect: adminOnly(400),
      },
    ],
  },
  {
    route: 'GET /api/admin/schedule-builds/:id',
    cases: [{ name: 'a build that does not exist', call: () => ({ path: '/api/admin/schedule-builds/999999' }), expect: adminOnly(404) }],
  },
  ...(['apply', 'undo', 'discard'] as const).map((action) => ({
    route: `POST /api/admin/schedule-builds/:id/${action}`,
    cases: [
      {
        name: `${action} of a build that does not exist`,
        call: () => ({ path: `/api/admin/schedule-builds/999999/${action}`, body: {} }),
        expect: adminOnly(404),
      },
    ],
  })),
  {
    route: 'GET /api/admin/shifts/:id/candidates',
    cases: [
      {
        name: 'who could fill the shift',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/admin/shifts/${w.shiftId}/candidates` }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/shift-proposals',
    cases: [{ name: 'the proposals', call: () => ({ path: '/api/admin/shift-proposals' }), expect: adminOnly(200) }],
  },
  ...(['accept', 'decline'] as const).map((action) => ({
    route: `POST /api/admin/shift-proposals/:id/${action}`,
    cases: [
      {
        name: `${action} a proposal that does not exist`,
        call: () => ({ path: `/api/admin/shift-proposals/999999/${action}`, body: {} }),
        expect: adminOnly(404),
      },
    ],
  })),
  {
    route: 'GET /api/admin/volunteer-constraints/:userId',
    cases: [
      {
        name: 'a volunteer’s availability',
        call: () => ({ path: `/api/admin/volunteer-constraints/${w.users.volunteer.user.id}` }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/admin/volunteer-constraints/:userId',
    cases: [
      {
        name: 'a spare volunteer’s availability',
        call: async () => ({
          path: `/api/admin/volunteer-constraints/${(await w.spare()).user.id}`,
          body: { unavailable: [], maxHoursPerDay: 8, minRestMinutes: null },
        }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/volunteer-preferences',
    cases: [{ name: 'the preferences overview', call: () => ({ path: '/api/admin/volunteer-preferences' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/volunteer-preferences/export.csv',
    cases: [
      {
        name: 'the preferences overview as CSV',
        call: () => ({ path: '/api/admin/volunteer-preferences/export.csv' }),
        expect: adminOnly(200),
      },
    ],
  },
  // Editions: only administrators list and start them; every signed-in person reads their own volunteer history.
  {
    route: 'GET /api/admin/editions',
    cases: [{ name: 'the editions', call: () => ({ path: '/api/admin/editions' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/editions/next',
    cases: [
      { name: 'what the next edition would start from', call: () => ({ path: '/api/admin/editions/next' }), expect: adminOnly(200) },
      {
        name: 'the same, with the conference’s first day picked',
        call: () => ({ path: '/api/admin/editions/next?startDate=2027-08-14' }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/editions',
    // Dates out of order: reaches the checks, starts nothing (a started edition would change every later case's world).
    cases: [
      {
        name: 'an edition whose dates are out of order',
        call: () => ({
          path: '/api/admin/editions',
          body: {
            copyVenues: false,
            settings: { timeline: { applicationEndDate: '2027-01-01T00:00:00Z', teamLeaderEndDate: '2027-02-01T00:00:00Z' } },
          },
        }),
        expect: adminOnly(400),
      },
    ],
  },
  {
    route: 'GET /api/admin/statistics/comparison',
    cases: [{ name: 'this edition beside the last', call: () => ({ path: '/api/admin/statistics/comparison' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/users/volunteer-history',
    cases: [{ name: 'the caller’s years on the portal', call: () => ({ path: '/api/users/volunteer-history' }), expect: signedIn(200) }],
  },
  // Messages to volunteers: the organisers write to any audience, a team leader to their own venue's volunteers.
  {
    route: 'POST /api/admin/messages/audience',
    cases: [
      {
        name: 'counting an audience',
        call: () => ({ path: '/api/admin/messages/audience', body: { audience: { kind: 'confirmed' } } }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/messages/preview',
    cases: [
      {
        name: 'previewing a message',
        call: () => ({
          path: '/api/admin/messages/preview',
          body: { subject: 'Hi {firstName}', body: 'Hello', audience: { kind: 'confirmed' } },
        }),
        expect: adminOnly(200),
      },
    ],
  },
  // Without a mail server the test goes to the development outbox (.eml files).
  {
    route: 'POST /api/admin/messages/test',
    cases: [
      {
        name: 'a test to oneself',
        call: () => ({ path: '/api/admin/messages/test', body: { subject: 'Test', body: 'Hello' } }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/messages',
    cases: [
      {
        name: 'a message to the confirmed volunteers',
        call: () => ({
          path: '/api/admin/messages',
          body: { subject: 'Hello', body: 'Welcome, {firstName}.', audience: { kind: 'confirmed' } },
        }),
        expect: adminOnly(201),
      },
    ],
  },
  {
    route: 'GET /api/admin/messages',
    cases: [{ name: 'the messages', call: () => ({ path: '/api/admin/messages' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/messages/:id',
    cases: [{ name: 'one message', call: async () => ({ path: `/api/admin/messages/${await messageId()}` }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/messages/:id/recipients',
    cases: [
      {
        name: 'its recipients',
        call: async () => ({ path: `/api/admin/messages/${await messageId()}/recipients` }),
        expect: adminOnly(200),
      },
    ],
  },
  ...(['cancel', 'resume'] as const).map((action) => ({
    route: `POST /api/admin/messages/:id/${action}`,
    cases: [
      {
        name: `${action} a message that does not exist`,
        call: () => ({ path: `/api/admin/messages/999999/${action}`, body: {} }),
        expect: adminOnly(404),
      },
    ],
  })),
  {
    route: 'POST /api/admin/messages/:id/retry',
    cases: [
      {
        name: 'retry a message that does not exist',
        call: () => ({ path: '/api/admin/messages/999999/retry', body: { include: ['failed'] } }),
        expect: adminOnly(404),
      },
    ],
  },
  {
    route: 'GET /api/messages/team/venues',
    cases: [
      {
        name: 'the venues a team leader may write to',
        call: () => ({ path: '/api/messages/team/venues' }),
        expect: only(['teamLeader', 'otherTeamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/messages/team/audience',
    // Only the venue's own team leader; another team leader is refused the venue (403 NOT_YOUR_VENUE).
    cases: [
      {
        name: 'the volunteers of the venue',
        call: () => ({ path: '/api/messages/team/audience', body: { venueId: w.venueId } }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/messages/team',
    cases: [
      {
        name: 'a message to the venue’s volunteers',
        call: () => ({ path: '/api/messages/team', body: { venueId: w.venueId, subject: 'Hi', body: 'See you at 8.' } }),
        expect: only(['teamLeader'], 201),
      },
    ],
  },
  {
    route: 'GET /api/messages/team',
    cases: [
      {
        name: 'a team leader’s own messages',
        call: () => ({ path: '/api/messages/team' }),
        expect: only(['teamLeader', 'otherTeamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/messages',
    cases: [{ name: 'the messages sent to the caller', call: () => ({ path: '/api/messages' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/messages/:id/dismiss',
    // Only a recipient can dismiss a message's banner; to anyone else it does not exist.
    cases: [
      {
        name: 'dismissing a banner',
        call: async () => ({ path: `/api/messages/${await messageId()}/dismiss` }),
        expect: { anonymous: 401, others: 404, volunteer: 200 },
      },
    ],
  },
  // The week's reports, administrators only.
  {
    route: 'GET /api/admin/reports/volunteers',
    cases: [
      { name: 'hours per volunteer', at: DURING_SHIFT, call: () => ({ path: '/api/admin/reports/volunteers' }), expect: adminOnly(200) },
    ],
  },
  {
    route: 'GET /api/admin/reports/volunteers.csv',
    cases: [
      {
        name: 'hours per volunteer as CSV',
        at: DURING_SHIFT,
        call: () => ({ path: '/api/admin/reports/volunteers.csv?filter=%7B%22underExpected%22%3Atrue%7D' }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/reports/venues',
    cases: [{ name: 'coverage per venue and day', call: () => ({ path: '/api/admin/reports/venues' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/reports/venues.csv',
    cases: [{ name: 'coverage per venue and day as CSV', call: () => ({ path: '/api/admin/reports/venues.csv' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/reports/logistics',
    cases: [{ name: 'the logistics totals', call: () => ({ path: '/api/admin/reports/logistics' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/reports/logistics.csv',
    cases: [
      { name: 'the logistics totals as CSV', call: () => ({ path: '/api/admin/reports/logistics.csv' }), expect: adminOnly(200) },
      { name: 'the people behind one count', call: () => ({ path: '/api/admin/reports/logistics.csv?key=diet' }), expect: adminOnly(200) },
    ],
  },
  // Certificates of service, after the conference: the volunteer worked the world's shift; nobody else did.
  {
    route: 'GET /api/certificate/status',
    cases: [
      {
        name: 'whether the caller’s certificate can be had',
        at: AFTER_CONFERENCE,
        call: () => ({ path: '/api/certificate/status' }),
        expect: signedIn(200),
      },
    ],
  },
  {
    route: 'GET /api/certificate',
    cases: [
      {
        name: 'the caller’s own certificate',
        at: AFTER_CONFERENCE,
        before: workedShift,
        call: () => ({ path: '/api/certificate' }),
        expect: { anonymous: 401, volunteer: 200, others: 404 },
      },
    ],
  },
  {
    route: 'GET /api/admin/certificates.pdf',
    cases: [
      {
        name: 'every certificate',
        at: AFTER_CONFERENCE,
        before: workedShift,
        call: () => ({ path: '/api/admin/certificates.pdf' }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/certificates/:userId.pdf',
    cases: [
      {
        name: 'the volunteer’s certificate',
        at: AFTER_CONFERENCE,
        before: workedShift,
        call: () => ({ path: `/api/admin/certificates/${w.users.volunteer.user.id}.pdf` }),
        expect: adminOnly(200),
      },
    ],
  },
  // Availability is asked of people with an offered or confirmed place.
  {
    route: 'GET /api/users/availability',
    cases: [{ name: 'the caller’s own availability', call: () => ({ path: '/api/users/availability' }), expect: only(['volunteer'], 200) }],
  },
  {
    route: 'PUT /api/users/availability',
    cases: [
      {
        name: 'the caller’s own availability, before schedules are out',
        at: APPLICATIONS_OPEN_AT,
        call: () => ({ path: '/api/users/availability', body: { unavailable: [], maxHoursPerDay: null, minRestMinutes: null } }),
        expect: only(['volunteer'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/shift/:id/candidates',
    cases: [
      {
        name: 'who could fill a shift of the team leader’s venue',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/shift/${w.shiftId}/candidates` }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'GET /api/schedule/shift/:id/proposals',
    cases: [
      {
        name: 'the proposals for a shift of the team leader’s venue',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/shift/${w.shiftId}/proposals` }),
        expect: only(['teamLeader'], 200),
      },
    ],
  },
  {
    route: 'POST /api/schedule/shift/:id/proposals',
    // Someone who cannot take the shift: the team leader reaches the rules (409), nobody else gets that far.
    cases: [
      {
        name: 'a proposal of someone who cannot take it',
        at: SCHEDULES_OUT,
        call: () => ({ path: `/api/schedule/shift/${w.shiftId}/proposals`, body: { volunteerId: 999999 } }),
        expect: only(['teamLeader'], 409),
      },
    ],
  },

  // Making the schedule.
  ...adminCrud(
    'venues',
    () => ({ name: unique('Venue'), location: 'East Building' }),
    () => w.venueId,
  ),
  ...adminCrud(
    'shifts',
    () => ({ venueId: w.venueId, startTime: '2026-08-11 08:00', endTime: '2026-08-11 09:00', role: unique('Usher'), svSlots: 2 }),
    () => w.shiftId,
  ),
  ...adminCrud(
    'shift-assignments',
    async () => {
      const spare = await w.spare();
      await w.t.dataSource.query("UPDATE applications SET status = 'confirmed' WHERE user_id = ?", [spare.user.id]);
      return { shiftId: w.shiftId, volunteerId: spare.user.id };
    },
    async () => Number((await w.t.dataSource.query('SELECT id FROM shift_assignments ORDER BY id LIMIT 1'))[0].id),
  ),
  {
    route: 'POST /api/admin/schedule-import/shifts',
    cases: [
      {
        name: 'a dry run',
        call: () => ({
          path: '/api/admin/schedule-import/shifts?dryRun=true',
          body: { csv: 'venue,day,start,end,role,sv_slots\nRegistration,2026-08-12,08:00,10:00,Greeter,2' },
        }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/admin/schedule-import/assignments',
    cases: [
      {
        name: 'a dry run',
        call: () => ({
          path: '/api/admin/schedule-import/assignments?dryRun=true',
          body: { csv: `svid,venue,day,start\n${w.users.volunteer.user.svid},Registration,2026-08-10,08:00` },
        }),
        // The volunteer already holds that shift: the dry run names the row (an administrator's 200 with errors).
        expect: adminOnly(200),
      },
    ],
  },

  // Files.
  {
    route: 'POST /api/files/upload',
    cases: [
      {
        name: 'an upload for oneself',
        at: APPLICATIONS_OPEN_AT,
        call: (actor) => ({
          path: '/api/files/upload',
          body: { user_id: actor === 'anonymous' ? 1 : w.users[actor].user.id, file_type: 'application/pdf', file_name: 'proof.pdf' },
        }),
        // A submitted application's proof can no longer change (409); the others have none yet.
        expect: { anonymous: 401, applicant: 409, otherApplicant: 409, volunteer: 409, others: 200 },
      },
      {
        name: 'an upload for the applicant, by someone else',
        at: APPLICATIONS_OPEN_AT,
        call: () => ({
          path: '/api/files/upload',
          body: { user_id: w.users.applicant.user.id, file_type: 'application/pdf', file_name: 'proof.pdf' },
        }),
        expect: only(['applicant'], 409),
      },
    ],
  },
  {
    route: 'PUT /api/files/upload/:token',
    // The upload URL is signed: a made-up one is refused whoever sends it.
    cases: [
      {
        name: 'a made-up upload token',
        call: () => ({ path: '/api/files/upload/made-up-token', raw: pdfBytes(), contentType: 'application/pdf' }),
        expect: everyone(403),
      },
    ],
  },
  {
    route: 'GET /api/files/:key',
    cases: [
      {
        name: 'the applicant’s proof by svid',
        call: () => ({ path: `/api/files/${w.users.applicant.user.svid}` }),
        expect: only(['applicant', 'admin'], 200),
      },
      {
        name: 'the applicant’s proof by profile id, guessed',
        call: () => ({ path: `/api/files/${w.users.applicant.user.id}` }),
        expect: only(['applicant', 'admin'], 200),
      },
      {
        name: 'the applicant’s proof by username',
        call: () => ({ path: `/api/files/${w.users.applicant.user.username}` }),
        expect: only(['applicant', 'admin'], 200),
      },
      {
        name: 'the applicant’s proof of another edition',
        // Only administrators read another edition's files (this one is unknown: 404); its owner too is refused.
        call: () => ({ path: `/api/files/${w.users.applicant.user.svid}?edition=999` }),
        expect: { anonymous: 401, admin: 404, others: 403 },
      },
    ],
  },
  {
    route: 'DELETE /api/files/:key',
    cases: [
      {
        name: 'removing the applicant’s proof',
        call: () => ({ path: `/api/files/${w.users.applicant.user.svid}` }),
        // The application is submitted: even its owner can no longer remove the proof (409); an
        // administrator does not remove applicants' files.
        expect: { anonymous: 401, applicant: 409, others: 403 },
      },
    ],
  },

  // Personal data: one's own archive and agreements; retention and erasure for administrators.
  {
    route: 'GET /api/users/my-data',
    cases: [{ name: 'the caller’s agreements and archives', call: () => ({ path: '/api/users/my-data' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/users/my-data/exports',
    cases: [
      {
        name: 'an archive of the caller’s own data',
        call: () => ({ path: '/api/users/my-data/exports', body: {} }),
        expect: signedIn(201),
      },
    ],
  },
  {
    route: 'GET /api/users/my-data/exports/:id',
    cases: [
      {
        name: 'the applicant’s archive, ready',
        call: async () => ({ path: `/api/users/my-data/exports/${await archiveOf(w.users.applicant)}` }),
        // Anyone else's archive is not found for them, administrators included: it is the owner's alone.
        expect: { anonymous: 401, applicant: 200, others: 404 },
      },
    ],
  },
  {
    route: 'GET /api/admin/retention',
    cases: [{ name: 'what retention removes when', call: () => ({ path: '/api/admin/retention' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/retention/:editionId/:kind/export.csv',
    cases: [
      {
        name: 'what the health notes’ removal will clear',
        call: () => ({ path: '/api/admin/retention/1/health/export.csv' }),
        expect: adminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/admin/erasures',
    cases: [{ name: 'the erasures', call: () => ({ path: '/api/admin/erasures' }), expect: adminOnly(200) }],
  },
  {
    route: 'GET /api/admin/erasures/:id',
    cases: [
      { name: 'one erasure', call: async () => ({ path: `/api/admin/erasures/${await erasureOf('admin')}` }), expect: adminOnly(200) },
    ],
  },
  {
    route: 'POST /api/admin/erasures',
    cases: [
      {
        name: 'asking to erase a person',
        call: async () => ({ path: '/api/admin/erasures', body: { userId: (await w.spare()).user.id, reason: 'Asked by email' } }),
        expect: adminOnly(201),
      },
    ],
  },
  {
    route: 'POST /api/admin/erasures/:id/confirm',
    cases: [
      {
        name: 'an erasure another administrator asked for',
        // The administrator confirms a fresh one; everyone else aims at one waiting.
        call: async (actor) => ({ path: `/api/admin/erasures/${await erasureOf('second', actor === 'admin')}/confirm`, body: {} }),
        expect: adminOnly(200),
      },
      {
        name: 'an erasure the administrator asked for themselves',
        // A second administrator must confirm: the one who asked is refused too.
        call: async () => ({ path: `/api/admin/erasures/${await erasureOf('admin')}/confirm`, body: {} }),
        expect: only([], 403),
      },
    ],
  },
  {
    route: 'POST /api/admin/erasures/:id/cancel',
    cases: [
      {
        name: 'cancelling an erasure that waits',
        call: async (actor) => ({ path: `/api/admin/erasures/${await erasureOf('admin', actor === 'admin')}/cancel`, body: {} }),
        expect: adminOnly(200),
      },
    ],
  },
];

/** The id of a ready archive of `who`'s data (asked for and prepared once). */
const archives = new Map<number, number>();
async function archiveOf(who: CreatedUser): Promise<number> {
  const known = archives.get(who.user.id);
  if (known) return known;
  const asked = await w.t.http().post('/api/users/my-data/exports').set('Authorization', w.t.factories.auth(who.user)).send({});
  if (asked.status !== 201) throw new Error(`Could not ask for an archive: ${JSON.stringify(asked.body)}`);
  await w.t.app.get(AfterAnswer).settled();
  archives.set(who.user.id, asked.body.data.id);
  return asked.body.data.id as number;
}

/** Another administrator than the matrix's, to ask for erasures the matrix's administrator may confirm. */
let secondAdmin: CreatedUser | null = null;
/** Erasures waiting, by who asked: reused unless a fresh one is wanted (the call that decides it). */
const waiting: Partial<Record<'admin' | 'second', number>> = {};
async function erasureOf(askedBy: 'admin' | 'second', fresh = false): Promise<number> {
  if (!fresh && waiting[askedBy]) return waiting[askedBy]!;
  secondAdmin ??= await w.t.factories.admin({ firstName: 'Sam', lastName: 'Second' });
  const asker = askedBy === 'admin' ? w.users.admin : secondAdmin;
  const res = await w.t
    .http()
    .post('/api/admin/erasures')
    .set('Authorization', w.t.factories.auth(asker.user))
    .send({ userId: (await w.spare()).user.id, reason: 'Asked by email' });
  if (res.status !== 201) throw new Error(`Could not ask for an erasure: ${JSON.stringify(res.body)}`);
  if (!fresh) waiting[askedBy] = res.body.id;
  return res.body.id as number;
}

const REFERENCE_ANSWER = {
  relationship: 'professor',
  knownFor: '1-2-years',
  ratings: { reliability: 5, teamwork: 4, communication: 4, initiative: null },
  statement: 'Dependable and kind.',
};

/** The id of a caller's reference in a slot. */
const referenceOf = async (who: CreatedUser, slot: number) =>
  Number(
    (
      await w.t.dataSource.query(
        'SELECT r.id AS id FROM application_references r JOIN applications a ON a.id = r.application_id WHERE a.user_id = ? AND r.slot = ?',
        [who.user.id, slot],
      )
    )[0].id,
  );

/** The referee's current link token of a caller's reference, as the email would carry it. */
async function tokenOf(who: CreatedUser, slot: number): Promise<string> {
  const [row] = await w.t.dataSource.query('SELECT id, token_nonce FROM application_references WHERE id = ?', [
    await referenceOf(who, slot),
  ]);
  return referenceToken(referenceKey(w.t.config.jwtSecret), Number(row.id), row.token_nonce);
}

/** The team leader records the volunteer's check-in and check-out of the world's shift (08:00–12:00 Pacific on 10 August). */
async function workedShift(): Promise<void> {
  const record = {
    shift_id: w.shiftId,
    student_volunteer_id: w.users.volunteer.user.id,
    check_in: true,
    check_out: true,
    rating: 4,
    notes: 'On time.',
  };
  const times = {
    check_in_at: '2026-08-10T15:00:00.000Z',
    check_out_at: '2026-08-10T19:00:00.000Z',
    time_note: 'Times from the paper roster.',
  };
  const res = await w.t
    .http()
    .post('/api/schedule/pr')
    .set('Authorization', w.t.factories.auth(w.users.teamLeader.user))
    .send({ performance_records: [{ ...record, ...times }] });
  if (res.status !== 200) throw new Error(`Could not record the volunteer's worked shift: ${JSON.stringify(res.body)}`);
}

/** The score the team leader gave in the matrix's POST /api/jury/score case. */
const onlyScoreId = async () => Number((await w.t.dataSource.query('SELECT id FROM jury_scores'))[0].id);

/** Switches swapping online on or off, as an administrator would. */
async function setSwaps(on: boolean): Promise<void> {
  await w.t
    .http()
    .put('/api/admin/settings')
    .set('Authorization', w.t.factories.auth(w.users.admin.user))
    .send({ swapsEnabled: on })
    .expect(200);
}

const SCORE = { essay1: 3, essay2: 3, essay3: 3, overall: 1, red_flag: 0 };

const profileBody = () => ({
  given_name: 'Given',
  family_name: 'Family',
  birthdate: '2002-04-17',
  gender: ['she/her'],
  disability: 'no',
  address: { address1: '12 Analytical Street', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
  languages: ['English'],
  phone_number: '+1 604 555 0100',
});

/** Which actor the application is (for the blind-jury case, where the owner also reads their own). */
function actorOf(who: CreatedUser | undefined): Actor {
  const found = who && (Object.entries(w.users) as [Actor, CreatedUser][]).find(([, u]) => u.user.id === who.user.id);
  return found ? found[0] : 'anonymous';
}
const applicationOf = async (who: CreatedUser) =>
  Number((await w.t.dataSource.query('SELECT id FROM applications WHERE user_id = ?', [who.user.id]))[0].id);

/** The five routes of a react-admin resource under /api/admin, administrators only. */
function adminCrud(resource: string, body: () => object | Promise<object>, existingId: () => number | Promise<number>): Entry[] {
  const base = `/api/admin/${resource}`;
  const created = async () => {
    const res = await w.t
      .http()
      .post(base)
      .set('Authorization', w.t.factories.auth(w.users.admin.user))
      .send(await body());
    if (res.status !== 201) throw new Error(`Could not create a throwaway ${resource}: ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  return [
    { route: `GET ${base}`, cases: [{ name: 'the list', at: SCHEDULES_OUT, call: () => ({ path: base }), expect: adminOnly(200) }] },
    {
      route: `GET ${base}/:id`,
      cases: [
        { name: 'one row', at: SCHEDULES_OUT, call: async () => ({ path: `${base}/${await existingId()}` }), expect: adminOnly(200) },
      ],
    },
    {
      route: `POST ${base}`,
      cases: [{ name: 'a new row', at: SCHEDULES_OUT, call: async () => ({ path: base, body: await body() }), expect: adminOnly(201) }],
    },
    {
      route: `PUT ${base}/:id`,
      cases: [
        {
          name: 'a change',
          at: SCHEDULES_OUT,
          call: async () => ({ path: `${base}/${await existingId()}`, body: {} }),
          expect: adminOnly(200),
        },
      ],
    },
    {
      route: `DELETE ${base}/:id`,
      cases: [
        {
          name: 'removing a row',
          at: SCHEDULES_OUT,
          // Refused callers aim at the world's own row; the administrator removes a throwaway one.
          call: async (actor) => ({ path: `${base}/${actor === 'admin' ? await created() : await existingId()}` }),
          expect: adminOnly(200),
        },
      ],
    },
  ];
}

beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
afterAll(() => w?.t.close());

describe('the authorization matrix', () => {
  it('has an entry for every route of the API, and none for a route that does not exist', () => {
    const routes = listRoutes(w.t.app);
    const covered = new Set(ENTRIES.map((e) => e.route));
    // One entry per route, so its cases are read in one place.
    expect(ENTRIES.map((e) => e.route).filter((route, i, all) => all.indexOf(route) !== i)).toEqual([]);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  for (const entry of ENTRIES) {
    for (const kase of entry.cases) {
      it(`${entry.route}: ${kase.name}`, async () => {
        w.t.clock.set(kase.at ?? SCHEDULES_OUT);
        await kase.before?.();
        const answers: Record<string, number> = {};
        const expected: Record<string, number> = {};
        for (const actor of ACTORS) {
          const call = await kase.call(actor);
          const res = await sendAs(
            w.t,
            entry.route.split(' ')[0]!,
            call,
            call.anonymous || actor === 'anonymous' ? null : w.users[actor].user,
          );
          answers[actor] = res.status;
          const expectation = typeof kase.expect === 'function' ? kase.expect() : kase.expect;
          expected[actor] = expectation[actor] ?? expectation.others ?? -1;
          if (res.status >= 400) expect([actor, isErrorEnvelope(call.path, res.body)]).toEqual([actor, true]);
        }
        await kase.after?.();
        expect(answers).toEqual(expected);
      });
    }
  }
});
