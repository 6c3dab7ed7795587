/**
 * Hostile input, generated: every route of the API (read from the Nest app) gets bodies, queries
 * and path parameters made of wrong types, missing and extra fields, huge strings, deep nesting,
 * unicode edge cases and SQL or HTML payloads, from callers of every kind. Whatever comes in, the
 * answer is never a 5xx, and every refusal comes in the error envelope.
 *
 * The field names come from the app's own OpenAPI document, so new DTO fields are fuzzed too.
 * Fixed seed and bounded runs (FUZZ_SEED, FUZZ_RUNS) so CI stays fast and a failure replays.
 * Cases that once broke the server are kept below as regression tests.
 *
 * Runs with the backend suites on SQLite and on MariaDB, where text lengths are enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { User } from '../../backend/src/users/user.entity.js';
import { pdfBytes } from '../../backend/src/testing/fixtures.js';
import { createTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { isErrorEnvelope, listRoutes } from './matrix-support.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
// Cases per route: each route also gets a body over the size limit of its own ('refuses a JSON body over the size limit').
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

const PAYLOADS = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '1; SELECT SLEEP(5); --',
  "admin'/*",
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00%2e%2e%2f',
  '\u0000',
  '\uFEFF\u200B\u200E\u202E',
  '\uD800',
  '\uDFFF\uD800',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦 🏳️‍🌈',
  // 60 for class-validator's MaxLength, 120 characters for a MySQL VARCHAR: over a VARCHAR(100) it was a 500 on MariaDB.
  'a\uFE0F'.repeat(60),
  'Z̸̢̛̛͈͙̖̰a̷̧̛l̸g̵o̶',
  '\r\nSet-Cookie: hacked=1',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '2026-02-30T25:61:00Z',
  ' ',
  '',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Long text: from 32,768 characters on, 'ä' (two bytes) is over a MySQL TEXT column's 65,535 bytes. Longer would only
  // make more bodies over the 1 MB limit, a case of its own below ('refuses a JSON body over the size limit').
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 40_000 }).map((n) => 'ä'.repeat(n)) },
);

/** `depth` levels of arrays and objects around `leaf`, each level an array or an object as the bits of `shape` say, in turn. */
const nested = (depth: number, shape: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = (shape >>> (level % 32)) & 1 ? [value] : { a: value };
  return value;
};

const { hostileValue } = fc.letrec((tie) => ({
  hostileValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 31, -(2 ** 63), Number.MAX_SAFE_INTEGER + 2, 1.5, 1e308),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('hostileValue'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('hostileValue'), { maxKeys: 4 }),
    fc.tuple(fc.integer({ min: 50, max: 3_000 }), fc.integer()).map(([depth, shape]) => nested(depth, shape, 'deep')),
  ),
}));

interface RouteShape {
  method: string;
  /** Express form, with :params. */
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

/** The routes with the body fields and query parameters their OpenAPI description names. */
async function routeShapes(t: TestApp): Promise<RouteShape[]> {
  const doc = (await t.http().get('/api/docs-json').expect(200)).body as OpenApi;
  const fieldsOf = (schema: Schema | undefined, seen = new Set<string>()): string[] => {
    if (!schema) return [];
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop()!;
      if (seen.has(name)) return [];
      seen.add(name);
      return fieldsOf(doc.components?.schemas?.[name], seen);
    }
    return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((s) => fieldsOf(s, seen))];
  };
  const described = new Map<string, { bodyFields: string[]; queryFields: string[] }>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const expressPath = path.replace(/\{([^}]+)\}/g, ':$1');
      described.set(`${method.toUpperCase()} ${expressPath}`, {
        bodyFields: fieldsOf(operation.requestBody?.content?.['application/json']?.schema),
        queryFields: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return listRoutes(t.app)
    .filter((route) => !route.includes('/api/docs'))
    .map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      const found = described.get(route) ?? { bodyFields: [], queryFields: [] };
      return { method, path, ...found, bodyFields: found.bodyFields.length ? found.bodyFields : (UNDOCUMENTED_FIELDS[route] ?? []) };
    });
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        parameters?: { in: string; name: string; content?: Record<string, { schema?: Schema }> }[];
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}
interface Schema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: Schema[];
}

/** A body for a route: its own fields with hostile values, some left out, some added; or no object at all. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record(Object.fromEntries([...fields, '__proto__', 'isAdmin', 'role', 'id'].map((f) => [f, hostileValue])), {
        requiredKeys: [],
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }),
          fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] }),
        )
        .map(([extra, own]) => ({ ...extra, ...own })),
    },
    { weight: 1, arbitrary: hostileValue },
  );

const rawBodies = fc.constantFrom(
  '{"unterminated": ',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
  '\u0000\u0001',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  'null',
  '"just a string"',
  '12345678901234567890123456789012345678901234567890',
);

/** Calls that take no JSON body: raw upload bytes, or nothing at all. */
const NO_BODY = [
  'PUT /api/files/upload/:token',
  'POST /api/schedule/:id/calendar-feed',
  'POST /api/admin/jobs/:job/run',
  'POST /api/admin/shift-swaps/:id/cancel',
  'POST /api/admin/schedule-builds/:id/apply',
  'POST /api/admin/schedule-builds/:id/undo',
  'POST /api/admin/schedule-builds/:id/discard',
  'POST /api/admin/shift-proposals/:id/accept',
  'POST /api/admin/shift-proposals/:id/decline',
  'POST /api/admin/references/:id/resend',
  'POST /api/admin/references/:id/withdraw',
  'POST /api/admin/messages/:id/cancel',
  'POST /api/admin/messages/:id/resume',
  'POST /api/messages/:id/dismiss',
  'POST /api/users/my-data/exports',
  'POST /api/admin/erasures/:id/confirm',
  'POST /api/admin/erasures/:id/cancel',
];
/** Bodies the OpenAPI description does not spell out field by field. */
const UNDOCUMENTED_FIELDS: Record<string, string[]> = {
  'PUT /api/admin/settings': [
    'id',
    'timeline',
    'statusCatalogue',
    'swapsEnabled',
    'autoOfferWaitlist',
    'juryReferences',
    'contactEmail',
    'mailingListUrl',
    'programmeUrl',
    'conference',
    'resultTexts',
    'retention',
  ],
};

type CallerName = 'anonymous' | 'admin' | 'applicant' | 'volunteer' | 'teamLeader';
let t: TestApp;
let callers: Record<CallerName, User | null>;
let shapes: RouteShape[];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-01-15T12:00:00.000Z' });
  const f = t.factories;
  const admin = await f.admin();
  const applicant = await f.applicant();
  await f.application(applicant.user, { completed: false });
  const volunteer = await f.applicant();
  await f.application(volunteer.user, { status: 'confirmed' });
  const teamLeader = await f.teamLeader();
  callers = { anonymous: null, admin: admin.user, applicant: applicant.user, volunteer: volunteer.user, teamLeader: teamLeader.user };
  // Signing out ends the caller's sessions, so every route after it would only be tried anonymously; it reads no input.
  shapes = (await routeShapes(t)).filter((shape) => `${shape.method} ${shape.path}` !== 'POST /api/users/logout');
}, 60_000);
afterAll(() => t?.close());

/** The string with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which ES2023 typings lack). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function send(
  route: RouteShape,
  callerName: CallerName,
  params: string[],
  query: Record<string, unknown>,
  body: { json?: unknown; raw?: string },
) {
  let i = 0;
  // A URL cannot carry a lone surrogate at all: those are made well-formed before encoding.
  const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(wellFormed(params[i++ % params.length] ?? 'x')));
  let request = t.http()[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
  if (Object.keys(query).length)
    request = request.query(
      Object.fromEntries(Object.entries(query).map(([k, v]) => [k, wellFormed(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))])),
    );
  const caller = callers[callerName];
  if (caller) request = request.set('Authorization', t.factories.auth(caller));
  if (body.raw !== undefined) return request.set('Content-Type', 'application/json').send(body.raw);
  if (body.json !== undefined && route.method !== 'GET')
    return request.set('Content-Type', 'application/json').send(JSON.stringify(body.json) ?? 'null');
  return request;
}

/** Runs the property; a failure's report is cut short (its counterexample may hold megabytes of text). */
async function check(property: Parameters<typeof fc.assert>[0], runs: number): Promise<void> {
  try {
    await fc.assert(property, { seed: SEED, numRuns: runs, endOnFailure: true });
  } catch (error) {
    const report = (error as Error).message;
    const cause = (error as Error & { cause?: Error }).cause?.message ?? report.slice(report.lastIndexOf('Cause:'));
    throw new Error(`${report.slice(0, 1500)} …(cut)…\nCause: ${cause}`);
  }
}

function judge(route: RouteShape, res: { status: number; body: unknown; text?: string }): void {
  // What the case was is in fast-check's counterexample; the route and answer say what broke.
  if (res.status >= 500) throw new Error(`${route.method} ${route.path} answered ${res.status}: ${res.text?.slice(0, 300)}`);
  // 431: a URL over Node's 16 KB header limit is refused by its HTTP parser before the app sees it.
  if (res.status >= 400 && res.status !== 431 && !isErrorEnvelope(route.path, res.body))
    throw new Error(`${route.method} ${route.path} answered ${res.status} outside the error envelope: ${res.text?.slice(0, 300)}`);
}

describe('hostile input, generated', () => {
  it('finds every route in the OpenAPI description, so each is fuzzed with its own fields', () => {
    const undescribed = shapes
      .filter((s) => s.method !== 'GET' && s.method !== 'DELETE' && s.bodyFields.length === 0)
      .map((s) => `${s.method} ${s.path}`);
    expect(undescribed.filter((route) => !NO_BODY.includes(route))).toEqual([]);
  });

  it('never answers a 5xx, and refuses in the error envelope, whatever JSON comes in', async () => {
    for (const route of shapes) {
      await check(
        fc.asyncProperty(
          fc.constantFrom<CallerName>('anonymous', 'admin', 'applicant', 'volunteer', 'teamLeader'),
          fc.array(hostileString, { minLength: 1, maxLength: 3 }),
          fc.dictionary(fc.constantFrom(...route.queryFields, 'filter', 'range', 'sort', 'dryRun', 'token'), hostileValue, { maxKeys: 3 }),
          bodyFor(route.bodyFields),
          async (caller, params, query, json) => judge(route, await send(route, caller, params, query, { json })),
        ),
        RUNS,
      );
    }
  }, 600_000);

  it('refuses a JSON body over the size limit with 413 in the envelope, on every route', async () => {
    // An administrator, so the checks some routes make before reading the body (the schedule import's) let it through.
    const over = (bytes: number) => JSON.stringify({ text: 'a'.repeat(bytes) });
    const overDefault = over(1_048_576 + 1_000);
    const overImport = over(5 * 1_048_576 + 1_000);
    const answers: string[] = [];
    for (const route of shapes) {
      const raw = route.path.startsWith('/api/admin/schedule-import') ? overImport : overDefault;
      const res = await send(route, 'admin', ['1'], {}, { raw });
      judge(route, res);
      // An upload's token is checked before its bytes are read: a token that names no upload is refused first.
      const expected = route.path === '/api/files/upload/:token' ? 403 : 413;
      if (res.status !== expected) answers.push(`${route.method} ${route.path}: ${res.status}, not ${expected}`);
    }
    expect(answers).toEqual([]);
  }, 600_000);

  it('never answers a 5xx to bodies that are not JSON, or JSON built to hurt the parser', async () => {
    const writes = shapes.filter((s) => s.method === 'POST' || s.method === 'PUT');
    await check(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.constantFrom<CallerName>('anonymous', 'admin', 'applicant', 'volunteer', 'teamLeader'),
        rawBodies,
        async (route, caller, raw) => judge(route, await send(route, caller, ['1'], {}, { raw })),
      ),
      Math.max(RUNS * 5, writes.length * 2),
    );
  }, 600_000);
});

/** A react-admin list route and the kind of each key its filter takes, as the API document shows them (common/admin-list.ts). */
interface ListShape {
  path: string;
  filters: Record<string, object>;
}

async function listShapes(): Promise<ListShape[]> {
  const doc = (await t.http().get('/api/docs-json').expect(200)).body as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, operations]) => {
    const filter = operations.get?.parameters?.find((p) => p.in === 'query' && p.name === 'filter');
    const properties = filter?.content?.['application/json']?.schema?.properties;
    return properties ? [{ path: path.replace(/\{[^}]+\}/g, '1'), filters: properties as Record<string, object> }] : [];
  });
}

const listAs = (path: string, filter: unknown) =>
  t
    .http()
    .get(path)
    .query({ filter: wellFormed(JSON.stringify(filter) ?? 'null') })
    .set('Authorization', t.factories.auth(callers.admin!));

describe('every filter key of every list', () => {
  let lists: ListShape[];
  beforeAll(async () => {
    lists = await listShapes();
  });

  it('finds the filter of every list in the API document (every admin route answering an array is a react-admin list)', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { type?: string } }> }> }>>;
    };
    const arrays = Object.entries(doc.paths)
      .filter(
        ([path, operations]) =>
          path.startsWith('/api/admin/') && operations.get?.responses?.['200']?.content?.['application/json']?.schema?.type === 'array',
      )
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    // The CSV exports of lists take the same filters: they are among them too.
    expect(lists.map((list) => list.path)).toEqual(expect.arrayContaining(arrays));
    for (const list of lists) expect([list.path, Object.keys(list.filters)]).toEqual([list.path, expect.arrayContaining(['edition'])]);
  });

  it('refuses a value of the wrong kind for any key with 400 naming filter.<key>, never a 5xx', async () => {
    const ajv = new Ajv2020({ strictTypes: false, strictTuples: false });
    addFormats.default(ajv);
    // Values of every kind; for each key, those its documented kind does not take must be refused.
    const candidates: unknown[] = [1.5, -1, 0, 'abc', 'tomorrow', {}, { a: 1 }, ['a'], [1.5], [[1]], true, 2 ** 40];
    const wrong: string[] = [];
    for (const list of lists) {
      for (const [key, schema] of Object.entries(list.filters)) {
        const valid = ajv.compile(schema);
        for (const value of candidates.filter((candidate) => !valid(candidate))) {
          const res = await listAs(list.path, { [key]: value });
          if (res.status !== 400 || !res.body.errors?.[`filter.${key}`])
            wrong.push(`${list.path} {"${key}":${JSON.stringify(value)}}: ${res.status} ${res.text.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('never answers a 5xx, and refuses in the error envelope, whatever each key of each filter holds', async () => {
    for (const list of lists) {
      for (const key of Object.keys(list.filters)) {
        await check(
          fc.asyncProperty(
            hostileValue,
            fc.dictionary(fc.constantFrom(...Object.keys(list.filters)), hostileValue, { maxKeys: 2 }),
            async (value, others) => {
              const res = await listAs(list.path, { ...others, [key]: value });
              judge({ method: 'GET', path: list.path, bodyFields: [], queryFields: [] }, res);
              // A refused filter names only keys that were sent.
              const named = Object.keys(res.body?.errors ?? {}).filter((field) => field.startsWith('filter.'));
              if (!named.every((field) => [key, ...Object.keys(others)].includes(field.slice('filter.'.length))))
                throw new Error(`${list.path} named ${named.join(', ')} for ${JSON.stringify({ ...others, [key]: value }).slice(0, 200)}`);
            },
          ),
          Math.max(5, Math.ceil(RUNS / 2)),
        );
      }
    }
  }, 600_000);
});

describe('cases the fuzzing found (kept as regressions)', () => {
  it('refuses a search that is not text on the preferences list and its CSV, naming filter.q (was a 500)', async () => {
    for (const path of ['/api/admin/volunteer-preferences', '/api/admin/volunteer-preferences/export.csv']) {
      for (const q of [1, { a: 1 }, ['a']]) {
        const res = await listAs(path, { q });
        expect([path, q, res.status, res.body.errors]).toEqual([path, q, 400, { 'filter.q': 'filter.q must be text' }]);
      }
    }
  });

  it('refuses an application saved with 3,000 levels of nesting (was a 500: the validator ran out of stack)', async () => {
    const deep = `{"data":${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)},"completed":false}`;
    const res = await t
      .http()
      .post('/api/application/save')
      .set('Authorization', t.factories.auth(callers.applicant!))
      .set('Content-Type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.body.data.message).toMatch(/nested more than 32 levels/);
  });

  it('refuses a registration whose name holds a lone surrogate, naming the field (text no field of the portal can hold)', async () => {
    const res = await t
      .http()
      .post('/api/users/register')
      .send({ first_name: 'Ada\uD800', last_name: 'Lovelace', email: 'lone.surrogate@example.edu', password: 'a-long-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual({ first_name: expect.stringMatching(/not valid Unicode/) });
  });
});

describe('the week’s records: odd times and report filters', () => {
  it('refuses times that only look like ISO instants, and odd report filters, with a 4xx in the envelope', async () => {
    const admin = callers.admin!;
    const leader = callers.teamLeader!;
    const volunteer = callers.volunteer!;
    const as = (user: User) => t.factories.auth(user);
    const venue = (
      await t
        .http()
        .post('/api/admin/venues')
        .set('Authorization', as(admin))
        .send({ name: 'Fuzz Desk', location: 'Lobby', teamLeaderIds: [leader.id] })
        .expect(201)
    ).body;
    const shift = (
      await t
        .http()
        .post('/api/admin/shifts')
        .set('Authorization', as(admin))
        .send({ venueId: venue.id, startTime: '2026-08-10 08:00', endTime: '2026-08-10 12:00', role: 'Greeter', svSlots: 2 })
        .expect(201)
    ).body;
    await t
      .http()
      .post('/api/admin/shift-assignments')
      .set('Authorization', as(admin))
      .send({ shiftId: shift.id, volunteerId: volunteer.id })
      .expect(201);
    const previous = t.clock.now().toISOString();
    try {
      t.clock.set('2026-08-10T15:30:00.000Z');
      // Week dates, ordinal dates, extended years and leap seconds pass an ISO 8601 check; none may reach the database as a bad date.
      for (const time of [
        '2026-W33-1',
        '2026-222',
        '+002026-08-10T15:00:00Z',
        '2026-08-10T23:59:60Z',
        '2026-08-10',
        '2026-02-30T10:00:00Z',
        '0000-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999Z',
      ]) {
        for (const field of ['check_in_at', 'check_out_at']) {
          const res = await t
            .http()
            .post('/api/schedule/pr')
            .set('Authorization', as(leader))
            .send({
              performance_records: [
                {
                  shift_id: shift.id,
                  student_volunteer_id: volunteer.id,
                  check_in: true,
                  check_out: field === 'check_out_at',
                  rating: 0,
                  notes: '',
                  [field]: time,
                  time_note: 'fuzz',
                },
              ],
            });
          expect([time, field, res.status < 500 && (res.status < 400 || isErrorEnvelope('/api/schedule/pr', res.body))]).toEqual([
            time,
            field,
            true,
          ]);
        }
      }
      for (const filter of [
        '{"underExpected":{}}',
        '{"q":123}',
        '{"q":["a"]}',
        '{"venueId":"abc"}',
        '{"day":42}',
        '[]',
        '{"underExpected":"false"}',
      ]) {
        for (const path of ['volunteers', 'volunteers.csv', 'venues', 'venues.csv']) {
          const res = await t.http().get(`/api/admin/reports/${path}`).query({ filter }).set('Authorization', as(admin));
          expect([path, filter, res.status < 500 && (res.status < 400 || isErrorEnvelope(`/api/admin/reports/${path}`, res.body))]).toEqual(
            [path, filter, true],
          );
        }
      }
    } finally {
      t.clock.set(previous);
    }
  });
});

describe('bodies built to cost CPU', () => {
  it('refuses 200,000 empty arrays at once with a 400, before any route or validation walks them', async () => {
    const wide = `[${Array.from({ length: 200_000 }, () => '[]').join(',')}]`;
    const res = await t
      .http()
      .post('/api/application/save')
      .set('Authorization', t.factories.auth(callers.applicant!))
      .set('Content-Type', 'application/json')
      .send(wide);
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('The request body holds more than 50,000 values; send the fields the call takes.');
  });
});

describe('hostile uploads and tokens', () => {
  const ticketFor = async (caller: User, fileName: string, fileType = 'application/pdf') =>
    t
      .http()
      .post('/api/files/upload')
      .set('Authorization', t.factories.auth(caller))
      .send({ user_id: caller.id, file_type: fileType, file_name: fileName });

  it('keeps a traversal attempt in the file name out of the storage path', async () => {
    const applicant = (await t.factories.applicant()).user;
    const ticket = await ticketFor(applicant, '../../../../etc/passwd.pdf');
    if (ticket.status === 200) {
      const put = await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes());
      expect(put.status).toBeLessThan(300);
      const read = await t.http().get(`/api/files/${applicant.svid}`).set('Authorization', t.factories.auth(applicant)).expect(200);
      // Stored under the owner's SV ID, whatever the name sent; the name is kept only as a label.
      expect(read.body.data.name).toBe(`${applicant.svid}.pdf`);
      expect(read.body.data.name).not.toContain('..');
    } else {
      expect(ticket.status).toBe(400);
      expect(isErrorEnvelope('/api/files/upload', ticket.body)).toBe(true);
    }
  });

  it('keeps a polyglot to the type of its first bytes: a JPEG header on PDF bytes is only ever served as a JPEG', async () => {
    const applicant = (await t.factories.applicant()).user;
    const read = async () =>
      (await t.http().get(`/api/files/${applicant.svid}`).set('Authorization', t.factories.auth(applicant)).expect(200)).body.data;
    const jpegHeaded = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), pdfBytes()]);
    const ticket = await ticketFor(applicant, 'proof.pdf');
    expect(ticket.status).toBe(200);
    const put = await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(jpegHeaded);
    expect(put.status).toBeLessThan(500);
    if (put.status < 300) expect((await read()).url.startsWith('data:image/jpeg;base64,')).toBe(true);

    // A PDF with HTML and a script after it is kept and served as a PDF, never as HTML.
    const withHtml = Buffer.concat([pdfBytes(), Buffer.from('\n<html><script>alert(1)</script></html>')]);
    const second = await ticketFor(applicant, 'proof.pdf');
    const stored = await t.http().put(second.body.data.url).set('Content-Type', 'text/html').send(withHtml);
    expect(stored.status).toBeLessThan(500);
    if (stored.status < 300) expect((await read()).url.startsWith('data:application/pdf;base64,')).toBe(true);
  });

  it('refuses zero bytes and an over-size file with a 4xx in the envelope', async () => {
    const applicant = (await t.factories.applicant()).user;
    for (const bytes of [Buffer.alloc(0), Buffer.concat([pdfBytes(), Buffer.alloc(4_100_000)])]) {
      const ticket = await ticketFor(applicant, 'proof.pdf');
      const put = await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(bytes);
      expect([put.status >= 400 && put.status < 500, isErrorEnvelope('/api/files/upload', put.body)]).toEqual([true, true]);
    }
  });

  it('refuses a password-reset token used as an access token', async () => {
    const { user } = await t.factories.applicant();
    const { ResetTokenService } = await import('../../backend/src/users/reset-token.service.js');
    // A genuine reset token, as the forgot-password mail carries it: signed with the same secret.
    const reset = t.app.get(ResetTokenService).issue(user);
    const res = await t.http().get('/api/users/profile').set('Authorization', `Bearer ${reset}`);
    expect(res.status).toBe(401);
    expect(isErrorEnvelope('/api/users/profile', res.body)).toBe(true);
  });
});

describe('null for each field of an update', () => {
  it('answers every PUT and PATCH whose record exists with a 4xx in the envelope, never a 5xx, when a field is sent as null', async () => {
    // Records for the updates to find: a venue, a shift on it and an assignment (ids 1 to 4 name records of most tables).
    const admin = t.factories.auth(callers.admin!);
    const venue = (
      await t.http().post('/api/admin/venues').set('Authorization', admin).send({ name: 'Null Desk', location: 'Hall B' }).expect(201)
    ).body;
    const shift = (
      await t
        .http()
        .post('/api/admin/shifts')
        .set('Authorization', admin)
        .send({ venueId: venue.id, startTime: '2026-08-11 08:00', endTime: '2026-08-11 12:00', role: 'Usher', svSlots: 2 })
        .expect(201)
    ).body;
    await t
      .http()
      .post('/api/admin/shift-assignments')
      .set('Authorization', admin)
      .send({ shiftId: shift.id, volunteerId: callers.volunteer!.id })
      .expect(201);
    const ids = [...new Set(['1', '2', '3', '4', String(venue.id), String(shift.id)])];
    const updates = shapes.filter((s) => (s.method === 'PUT' || s.method === 'PATCH') && !NO_BODY.includes(`${s.method} ${s.path}`));
    expect(updates.map((s) => `${s.method} ${s.path}`)).toEqual(
      expect.arrayContaining(['PUT /api/admin/venues/:id', 'PUT /api/admin/shifts/:id']),
    );
    const broken: string[] = [];
    for (const route of updates) {
      for (const field of route.bodyFields) {
        for (const callerName of ['admin', 'applicant', 'volunteer', 'teamLeader'] as const) {
          for (const id of route.path.includes(':') ? ids : ['']) {
            const res = await send(route, callerName, [id], {}, { json: { [field]: null } });
            if (res.status >= 500 || (res.status >= 400 && !isErrorEnvelope(route.path, res.body)))
              broken.push(
                `${route.method} ${route.path.replace(/:[A-Za-z]+/, id)} {"${field}":null} as ${callerName}: ${res.status} ${res.text.slice(0, 120)}`,
              );
          }
        }
      }
    }
    expect(broken).toEqual([]);
  }, 600_000);
});
