/**
 * Every write route of the API (POST, PUT, PATCH, DELETE) called through a client generated from the OpenAPI document
 * (openapi-typescript + openapi-fetch, test/api-client/generate.mjs), against the real built server. The calls are compiled
 * against the generated types, so a document that lies about a request body fails the type-check (run.mjs runs tsc first);
 * each answer must be below 500 and a status the document gives for that route (its own, or the 4XX it documents for
 * refusals). The last test reads the routes from the document and fails when one is not called here.
 *
 * Some calls are meant to be refused (a referee's link that does not exist, a decline with no application): what is checked
 * then is that the refusal is a documented 4xx, not a crash. The story is one edition, in order: accounts, the application,
 * the jury, the schedule, swaps, the builder, records, messages, personal data, and a new edition last.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { SmtpSink, codeIn } from '../../backend/src/testing/smtp-sink.js';
import { type ServerProcess, startServer } from '../support/server.mjs';
import { type TimelinePhase, timelineFor } from '@svp/domain';
import type { paths } from './generated/api.js';

type Json = Record<string, unknown>;
type Api = Client<paths>;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
const ADMIN = { email: 'chair@example.org', password: 'chair-password-api-client' };
const MISSING = 999_999;

const document = JSON.parse(readFileSync(new URL('generated/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

/** Every write route of the document, as 'POST /api/…' with its path template. */
const writeRoutes = Object.entries(document.paths).flatMap(([path, item]) =>
  WRITE_METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
);

/** What each call got: route → statuses. */
const called = new Map<string, number[]>();
const problems: string[] = [];

const recorder: Middleware = {
  onResponse({ request, response, schemaPath }) {
    const route = `${request.method} ${schemaPath}`;
    called.set(route, [...(called.get(route) ?? []), response.status]);
    const documented = document.paths[schemaPath]?.[request.method.toLowerCase()]?.responses ?? {};
    const status = String(response.status);
    if (response.status >= 500) problems.push(`${route} answered ${status}`);
    else if (!(status in documented) && !(`${status[0]}XX` in documented))
      problems.push(`${route} answered ${status}, which the document does not give (${Object.keys(documented).join(', ')})`);
  },
};

let server: ServerProcess;
let smtp: SmtpSink;
let dataDir: string;

function client(token?: string): Api {
  const api = createClient<paths>({
    baseUrl: server.baseUrl,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  api.use(recorder);
  return api;
}

/** The `data` of an enveloped answer, or the bare answer (the admin resources). */
// The answers are checked against the contract by the API tests; here they only feed the next call.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const read = (answer: { data?: unknown }): any => {
  const body = answer.data as Json | undefined;
  return body && typeof body === 'object' && 'success' in body ? body.data : body;
};
const idOf = (answer: { data?: unknown }): number => Number(read(answer)?.id ?? MISSING);

interface Person {
  id: number;
  email: string;
  username: string;
  svid: string;
  token: string;
  api: Api;
}

let serial = 0;
async function register(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${(serial += 1)}@example.edu`;
  const anyone = client();
  const registered = await anyone.POST('/api/users/register', {
    body: { first_name: firstName, last_name: 'Lovelace', email, password: 'a-long-password-1' },
  });
  const mail = await smtp.waitFor(email);
  const confirmed = await anyone.POST('/api/users/confirm-registration', { body: { email, code: codeIn(mail) } });
  const signedIn = read(confirmed) ?? read(registered);
  const token = signedIn.session.access_token as string;
  return { id: signedIn.user.id, email, username: signedIn.user.username, svid: signedIn.user.svid, token, api: client(token) };
}

/** A small well-formed one-page PDF. */
function pdf(): Uint8Array {
  const stream = 'BT /F1 18 Tf 72 720 Td (Enrolled) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svp-api-client-'));
  smtp = await SmtpSink.start();
  server = await startServer({ dataDir, admin: ADMIN, env: { MAIL_URL: smtp.url, AUTH_RATE_LIMIT: '1000' }, waitMs: 30_000 });
});

afterAll(async () => {
  // API_CLIENT_LOG=1: what each route answered, to see which calls were refused (a documented 4xx) rather than done.
  if (process.env.API_CLIENT_LOG) console.log([...called].map(([route, statuses]) => `${route} ${statuses.join(',')}`).join('\n'));
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every write route, through the client generated from the OpenAPI document', () => {
  let admin: Api;
  let ann: Person; // a volunteer
  let ben: Person; // a team leader
  let cy: Person; // registers, never applies
  let conferenceDay = '2026-08-10';
  let venueId = MISSING;
  const shiftIds: number[] = [];
  let assignmentId = MISSING;
  let proofKey = 'missing';
  const phase = async (name: TimelinePhase) => {
    await admin.PUT('/api/admin/settings', { body: { timeline: timelineFor(name) } });
  };

  it('signs in, registers, and keeps the accounts', async () => {
    const anyone = client();
    const login = await anyone.POST('/api/users/login', { body: ADMIN });
    admin = client(read(login).session.access_token);
    await admin.PUT('/api/admin/settings', { body: { swapsEnabled: true, juryReferences: true } });
    await phase('open');
    const settings = read(await anyone.GET('/api/settings'));
    conferenceDay = settings?.conference?.startDate ?? conferenceDay;

    ann = await register('Ann');
    ben = await register('Ben');
    cy = await register('Cy');
    await anyone.POST('/api/users/resend-code', { body: { email: cy.email } });
    await anyone.POST('/api/users/forgot-password', { body: { email: cy.email } });
    await anyone.POST('/api/users/check-reset-token', { body: { token: 'not-a-reset-token' } });
    await anyone.POST('/api/users/change-password', { body: { token: 'not-a-reset-token', password: 'another-long-password-2' } });

    const profile = {
      birthdate: '2002-04-17',
      gender: ['she/her'],
      disability: 'no' as const,
      address: { address1: '12 Analytical Street', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
      languages: ['English'],
      phone_number: '+1 604 555 0100',
    };
    for (const person of [ann, ben])
      await person.api.POST('/api/users/profile', { body: { ...profile, given_name: 'Someone', family_name: 'Lovelace' } });
    await admin.PUT('/api/admin/users/{id}', { params: { path: { id: ben.id } }, body: { role: 'Team-Leader' } });
    await admin.POST('/api/application/search', { body: { criterion: 'email', text: ann.email } });
  });

  it('uploads a proof and submits an application', async () => {
    const ticket = read(
      await ann.api.POST('/api/files/upload', { body: { user_id: ann.id, file_type: 'application/pdf', file_name: 'enrollment.pdf' } }),
    );
    const token =
      String(ticket?.url ?? '')
        .split('/')
        .pop() ?? 'missing';
    const uploaded = await client().PUT('/api/files/upload/{token}', {
      params: { path: { token } },
      // The body is the file's bytes (the document: a binary string); sent as they are.
      body: pdf() as unknown as string,
      bodySerializer: (bytes) => bytes,
      headers: { 'Content-Type': 'application/pdf' },
    });
    proofKey = String(read(uploaded)?.proofOfEnrollment?.storageKey ?? 'missing');

    const { completeApplicationData } = await import('../../backend/src/testing/fixtures.js');
    const data = { ...completeApplicationData(), step: 7 };
    await ann.api.POST('/api/application/save', { body: { data, completed: true } });
    await ben.api.POST('/api/application/save', { body: { data, completed: true } });
  });

  it('assigns the jury and scores', async () => {
    await phase('jury');
    await admin.POST('/api/jury/assign-jury', { body: { TLsPerApp: 1 } });
    const score = { tl_id: ben.id, sv_id: ann.svid, essay1: 3, essay2: 3, essay3: 3, overall: 1 as const, red_flag: 0 as const };
    const saved = await ben.api.POST('/api/jury/score', { body: score });
    await ben.api.POST('/api/jury/score/{scoreId}', { params: { path: { scoreId: idOf(saved) } }, body: { ...score, essay1: 4 } });
  });

  it('decides the application and hears the answers', async () => {
    await phase('decisions');

    await admin.POST('/api/application/status/{username}', { params: { path: { username: ann.username } }, body: { statusId: 1 } });
    const rows = read(await admin.GET('/api/admin/applications', {})) as { id: number; email?: string }[] | undefined;
    // Ben's application: Ann's is offered above and confirmed below.
    const applicationId = rows?.find((row) => row.email !== ann.email)?.id ?? MISSING;
    await admin.PUT('/api/admin/applications/{id}', { params: { path: { id: applicationId } }, body: { statusId: 1 } });
    await admin.POST('/api/admin/applications/status', { body: { ids: [applicationId], statusId: 1 } });
    await ann.api.POST('/api/users/confirm', { body: { shirtSize: 'M', emailConsent: true, photoConsent: false } });
    await cy.api.POST('/api/users/decline', { body: {} });
    await ann.api.DELETE('/api/files/{key}', { params: { path: { key: proofKey } } });
  });

  it('makes venues, shifts and assignments', async () => {
    await phase('schedulesOut');
    const venue = await admin.POST('/api/admin/venues', { body: { name: 'Room 1', location: 'Level 2', teamLeaderIds: [ben.id] } });
    venueId = idOf(venue);
    await admin.PUT('/api/admin/venues/{id}', { params: { path: { id: venueId } }, body: { location: 'Level 3' } });
    for (const [start, end] of [
      ['08:00', '12:00'],
      ['13:00', '17:00'],
      ['18:00', '20:00'],
    ]) {
      const shift = await admin.POST('/api/admin/shifts', {
        body: { venueId, startTime: `${conferenceDay} ${start}`, endTime: `${conferenceDay} ${end}`, role: 'Greeter', svSlots: 3 },
      });
      shiftIds.push(idOf(shift));
    }
    await admin.PUT('/api/admin/shifts/{id}', {
      params: { path: { id: shiftIds[0]! } },
      body: { description: 'Greets the guests', special: null, svSlots: 4 },
    });
    const assignment = await admin.POST('/api/admin/shift-assignments', {
      body: { shiftId: shiftIds[0]!, volunteerId: ann.id, accommodations: null, exceptionReason: 'The test schedules her' },
    });
    assignmentId = idOf(assignment);
    await admin.PUT('/api/admin/shift-assignments/{id}', { params: { path: { id: assignmentId } }, body: { pinned: true } });
    const csv = 'venue,day,start,end,role,slots\nRoom 1,' + conferenceDay + ',09:00,10:00,Usher,1\n';
    await admin.POST('/api/admin/schedule-import/shifts', { params: { query: { dryRun: true } }, body: { csv } });
    await admin.POST('/api/admin/schedule-import/assignments', { params: { query: { dryRun: true } }, body: { csv } });
  });

  it('swaps shifts', async () => {
    const swap = await ann.api.POST('/api/schedule/swap/create', { body: { shift_id: shiftIds[0]! } });
    const id = idOf(swap);
    await ben.api.POST('/api/schedule/swap/accept', { body: { shift_swap_request_id: id } });
    await ben.api.POST('/api/schedule/swap/decline', { body: { shift_swap_request_id: id } });
    await admin.POST('/api/admin/shift-swaps/{id}/cancel', { params: { path: { id } } });
    await ann.api.POST('/api/schedule/swap/delete', { body: { shift_swap_request_id: id } });
  });

  it('builds, applies, undoes and discards a schedule; proposals and availability', async () => {
    const waitForPreview = async (id: number) => {
      for (let i = 0; i < 120; i += 1) {
        const build = read(await admin.GET('/api/admin/schedule-builds/{id}', { params: { path: { id } } }));
        if (!build || build.status !== 'running') return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const first = idOf(await admin.POST('/api/admin/schedule-builds', { body: { keep: 'all', days: [conferenceDay], seed: 7 } }));
    await waitForPreview(first);
    await admin.POST('/api/admin/schedule-builds/{id}/apply', { params: { path: { id: first } } });
    await admin.POST('/api/admin/schedule-builds/{id}/undo', { params: { path: { id: first } } });
    const second = idOf(await admin.POST('/api/admin/schedule-builds', { body: { keep: 'pinned', venueIds: [venueId] } }));
    await waitForPreview(second);
    await admin.POST('/api/admin/schedule-builds/{id}/discard', { params: { path: { id: second } } });

    const proposal = await ben.api.POST('/api/schedule/shift/{id}/proposals', {
      params: { path: { id: shiftIds[1]! } },
      body: { volunteerId: ann.id },
    });
    await admin.POST('/api/admin/shift-proposals/{id}/accept', {
      params: { path: { id: idOf(proposal) } },
      body: { exceptionReason: null },
    });
    const another = await ben.api.POST('/api/schedule/shift/{id}/proposals', {
      params: { path: { id: shiftIds[2]! } },
      body: { volunteerId: ann.id },
    });
    await admin.POST('/api/admin/shift-proposals/{id}/decline', { params: { path: { id: idOf(another) } } });

    const constraints = { unavailable: [{ day: conferenceDay, from: '18:00', to: '20:00' }], maxHoursPerDay: 8, minRestMinutes: 30 };
    await admin.PUT('/api/admin/volunteer-constraints/{userId}', { params: { path: { userId: ann.id } }, body: constraints });
    await ann.api.PUT('/api/users/availability', { body: { ...constraints, maxHoursPerDay: null } });
  });

  it("records a shift's check-ins and keeps the calendar feed", async () => {
    await ben.api.POST('/api/schedule/pr', {
      body: {
        performance_records: [
          { shift_id: shiftIds[0]!, student_volunteer_id: ann.id, check_in: true, check_out: false, rating: 4, notes: 'On time' },
        ],
      },
    });
    await ben.api.POST('/api/schedule/pr/sync', { body: { sent_at: new Date().toISOString(), actions: [] } });
    await ann.api.POST('/api/schedule/{id}/calendar-feed', { params: { path: { id: ann.id } } });
    await ann.api.DELETE('/api/schedule/{id}/calendar-feed', { params: { path: { id: ann.id } } });
  });

  it('handles references', async () => {
    const anyone = client();
    await anyone.PUT('/api/referee/{token}', {
      params: { path: { token: 'not-a-referee-link' } },
      body: { relationship: 'professor', knownFor: '1-2-years', statement: 'A reliable student.' },
    });
    await anyone.POST('/api/referee/{token}/decline', { params: { path: { token: 'not-a-referee-link' } }, body: { reason: 'Away' } });
    await ann.api.PUT('/api/users/references/{slot}', {
      params: { path: { slot: '1' } },
      body: { referenceType: 'professor', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.edu' },
    });
    await anyone.POST('/api/references/bounces', { body: { recipient: 'grace@example.edu', reason: 'mailbox full' } });
    const references = read(await admin.GET('/api/admin/references', {})) as { id: number }[] | undefined;
    const id = references?.[0]?.id ?? MISSING;
    await admin.PUT('/api/admin/references/{id}', { params: { path: { id } }, body: { id, email: 'grace.hopper@example.edu' } });
    await admin.POST('/api/admin/references/{id}/resend', { params: { path: { id } } });
    await admin.POST('/api/admin/references/{id}/withdraw', { params: { path: { id } } });
  });

  it("sends the organisers' and the team leaders' messages", async () => {
    const audience = { kind: 'role' as const, role: 'Student-Volunteer' as const };
    await admin.POST('/api/admin/messages/audience', { body: { audience } });
    await admin.POST('/api/admin/messages/preview', { body: { subject: 'Hello', body: 'Dear {firstName}, welcome.', audience } });
    await admin.POST('/api/admin/messages/test', { body: { subject: 'Hello', body: 'A test.' } });
    const message = idOf(await admin.POST('/api/admin/messages', { body: { subject: 'Hello', body: 'Welcome aboard.', audience } }));
    await admin.POST('/api/admin/messages/{id}/cancel', { params: { path: { id: message } } });
    await admin.POST('/api/admin/messages/{id}/resume', { params: { path: { id: message } } });
    await admin.POST('/api/admin/messages/{id}/retry', { params: { path: { id: message } }, body: { include: ['failed'] } });
    await ben.api.POST('/api/messages/team/audience', { body: { venueId } });
    const team = idOf(await ben.api.POST('/api/messages/team', { body: { venueId, subject: 'Meet at 8', body: 'At the desk.' } }));
    await ann.api.POST('/api/messages/{id}/dismiss', { params: { path: { id: team === MISSING ? message : team } } });
  });

  it('keeps notifications, personal data and jobs', async () => {
    await ann.api.PUT('/api/notifications/settings', {
      body: { shiftChanges: true, swaps: true, reminders: true, reminderMinutes: 60, urgent: true, texts: false },
    });
    const endpoint = 'https://push.example.org/device/1';
    await ann.api.POST('/api/notifications/devices', { body: { endpoint, keys: { p256dh: 'BElK3rUu1pY', auth: 'c2VjcmV0' } } });
    await ann.api.DELETE('/api/notifications/devices', { body: { endpoint } });
    await ann.api.POST('/api/users/my-data/exports');
    await admin.POST('/api/admin/jobs/{job}/run', { params: { path: { job: 'application-reminder-7d' } } });

    const cancelled = idOf(await admin.POST('/api/admin/erasures', { body: { userId: cy.id, reason: 'Asked by email' } }));
    await admin.POST('/api/admin/erasures/{id}/cancel', { params: { path: { id: cancelled } } });
    const erasure = idOf(await admin.POST('/api/admin/erasures', { body: { userId: cy.id, reason: 'Asked again' } }));
    await admin.POST('/api/admin/erasures/{id}/confirm', { params: { path: { id: erasure } } });
  });

  it('deletes what it made, starts the next edition, and signs out', async () => {
    await admin.DELETE('/api/admin/shift-assignments/{id}', { params: { path: { id: assignmentId } } });
    await admin.DELETE('/api/admin/shifts/{id}', { params: { path: { id: shiftIds[2]! } } });
    const next = read(await admin.GET('/api/admin/editions/next'));
    await admin.POST('/api/admin/editions', { body: { settings: next?.settings ?? {}, copyVenues: true, copyShifts: false } });
    await admin.DELETE('/api/admin/venues/{id}', { params: { path: { id: venueId } } });
    await ann.api.POST('/api/users/logout');
  });

  it('gets answers below 500 that the document gives for each route', () => {
    expect(problems).toEqual([]);
  });

  it('calls every write route the document declares', () => {
    expect(writeRoutes.length).toBeGreaterThan(0);
    expect(writeRoutes.filter((route) => !called.has(route))).toEqual([]);
  });
});
