import type { User } from '../users/user.entity.js';
import { Application } from '../applications/application.entity.js';
import { referenceKey, referenceToken } from '../references/reference-token.js';
import { ReferencesService } from '../references/references.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { CreatedUser } from './factories.js';
import { completeApplicationData, completeConfirmationForm, jpegBytes, pdfBytes } from './fixtures.js';
import type { TestApp } from './test-app.js';
import { uploadProof } from './uploads.js';

/** Where the clock stands at each step of the season the personal-data suites build. */
export const SEASON = {
  applicationsOpen: '2026-01-15T12:00:00.000Z',
  references: '2026-03-10T12:00:00.000Z',
  decisionsOut: '2026-06-01T12:00:00.000Z',
  schedulesOut: '2026-08-07T12:00:00.000Z',
  /** After the world's shift (08:00–12:00 Pacific on 10 August) has ended. */
  afterShift: '2026-08-10T20:00:00.000Z',
  /** The default edition ends at the midnight after 13 August, Pacific. */
  editionEnds: '2026-08-14T07:00:00.000Z',
} as const;

/** What each person of the world wrote, to look for in answers: every text is theirs alone. */
export interface PersonTexts {
  essay: string;
  school: string;
  referee: { firstName: string; lastName: string; email: string };
  statement: string;
  diet: string;
  additionalInfo: string;
  accommodations: string;
  notes: string;
  timeNote: string;
  phone: string;
}

export interface PersonalDataWorld {
  admin: CreatedUser;
  secondAdmin: CreatedUser;
  teamLeader: CreatedUser;
  alice: CreatedUser;
  bob: CreatedUser;
  texts: Record<'alice' | 'bob', PersonTexts>;
  proofs: Record<'alice' | 'bob', Buffer>;
  venueId: number;
  shiftId: number;
  messageId: number;
}

const textsOf = (name: string, phone: string): PersonTexts => ({
  essay: `${name} wrote an essay about pixels and kindness`,
  school: `${name} Institute of Rendering`,
  referee: { firstName: `${name}ref`, lastName: `Referee${name}`, email: `${name.toLowerCase()}.referee@example.edu` },
  statement: `${name} is the most dependable student I have taught`,
  diet: `${name} eats no peanuts`,
  additionalInfo: `${name} arrives by night train`,
  accommodations: `${name} needs a chair near the door`,
  notes: `${name} greeted everyone with a smile`,
  timeNote: `${name}'s times from the paper roster`,
  phone,
});

/**
 * A season of the default edition with two volunteers, Alice and Bob, holding one of every kind of
 * personal data: a profile with a phone number, a submitted application with its proof and
 * agreements, references (one answered with a statement), a confirmed place with a confirmation
 * form (passport, diet, a note), availability, a shift worked with times, a rating and notes, a
 * message received and a calendar link. Leaves the clock after the shift.
 */
export async function buildPersonalDataWorld(t: TestApp): Promise<PersonalDataWorld> {
  const f = t.factories;
  t.clock.set(SEASON.applicationsOpen);
  const admin = await f.admin({ firstName: 'Ada', lastName: 'Admin' });
  const secondAdmin = await f.admin({ firstName: 'Sam', lastName: 'Second' });
  const teamLeader = await f.teamLeader({ firstName: 'Tara', lastName: 'Leader' });
  const alice = await f.applicant({ firstName: 'Alicia', lastName: 'Zephyrine', email: `alicia.zephyrine.${Date.now()}@example.edu` });
  const bob = await f.applicant({ firstName: 'Bartholomew', lastName: 'Quillfeather', email: `bart.quill.${Date.now()}@example.edu` });
  const texts = { alice: textsOf('Alicia', '+1 604 555 0111'), bob: textsOf('Bartholomew', '+1 604 555 0222') };
  const proofs = { alice: pdfBytes(3001), bob: jpegBytes(2999) };
  const auth = (who: CreatedUser) => f.auth(who.user);
  const expectOk = async (call: Promise<{ status: number; body: unknown }>, what: string) => {
    const res = await call;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id?: number; data?: Record<string, unknown> };
  };

  for (const [key, who] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    const mine = texts[key];
    await t.dataSource.query('UPDATE users SET phone_number = ?, can_text = ? WHERE id = ?', [mine.phone, 1, who.user.id]);
    const { put } = await uploadProof(
      t,
      { ...who, auth: auth(who) },
      proofs[key],
      key === 'alice' ? 'application/pdf' : 'image/jpeg',
      key === 'alice' ? 'alicia-enrollment.pdf' : 'bart-enrollment.jpg',
    );
    if (!put || put.status !== 200) throw new Error(`Uploading ${key}'s proof failed`);
    const data = completeApplicationData({
      essay1: mine.essay,
      schoolName: mine.school,
      firstReferenceFirstName: mine.referee.firstName,
      firstReferenceLastName: mine.referee.lastName,
      firstReferenceEmail: mine.referee.email,
    });
    const filled = await expectOk(
      t
        .http()
        .post('/api/application/save')
        .set('Authorization', auth(who))
        .send({ data: { ...data, step: 7 } }),
      'Filling the application',
    );
    await expectOk(
      t
        .http()
        .post('/api/application/save')
        .set('Authorization', auth(who))
        .send({ data: { step: 7 }, completed: true, updated_at: (filled.data as { updated_at: string }).updated_at }),
      'Submitting the application',
    );
  }

  // Applications have closed: the references are asked for, and each first referee answers.
  t.clock.set(SEASON.references);
  const settings = await t.app.get(SettingsService).get();
  for (const [key, who] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    const application = await t.dataSource
      .getRepository(Application)
      .findOneOrFail({ where: { userId: who.user.id }, relations: { user: true } });
    await t.dataSource.transaction((manager) =>
      t.app.get(ReferencesService).prepareRequests(manager, application as Application & { user: User }, settings, t.clock.now()),
    );
    const [row] = await t.dataSource.query('SELECT id, token_nonce FROM application_references WHERE application_id = ? AND slot = 1', [
      application.id,
    ]);
    const token = referenceToken(referenceKey(t.config.jwtSecret), Number(row.id), row.token_nonce);
    await expectOk(
      t
        .http()
        .put(`/api/referee/${token}`)
        .send({
          relationship: 'professor',
          knownFor: '1-2-years',
          ratings: { reliability: 5, teamwork: 4, communication: 4, initiative: null },
          statement: texts[key].statement,
        }),
      'A referee answering',
    );
  }

  // Decisions: both are offered a place and confirm it.
  t.clock.set(SEASON.decisionsOut);
  for (const [key, who] of [
    ['alice', alice],
    ['bob', bob],
  ] as const) {
    await t.dataSource.query("UPDATE applications SET status = 'offered' WHERE user_id = ?", [who.user.id]);
    await expectOk(
      t
        .http()
        .post('/api/users/confirm')
        .set('Authorization', auth(who))
        .send({
          sv_id: who.user.svid,
          ...completeConfirmationForm({ diet: true, dietRestrictions: texts[key].diet, additionalInfo: texts[key].additionalInfo }),
        }),
      'Confirming the place',
    );
    await expectOk(
      t
        .http()
        .put('/api/users/availability')
        .set('Authorization', auth(who))
        .send({ unavailable: [{ day: '2026-08-12', from: null, to: null }], maxHoursPerDay: 8, minRestMinutes: 60 }),
      'Giving availability',
    );
  }

  // The week: one shift both work, a message to the confirmed volunteers, Alice's calendar link.
  t.clock.set(SEASON.schedulesOut);
  const adminPost = (path: string, body: object) =>
    expectOk(t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin)).send(body), `POST /api/admin/${path}`);
  const venueId = (await adminPost('venues', { name: 'Registration', location: 'West Building', teamLeaderIds: [teamLeader.user.id] })).id!;
  const shiftId = (
    await adminPost('shifts', { venueId, startTime: '2026-08-10 08:00', endTime: '2026-08-10 12:00', role: 'Greeter', svSlots: 3 })
  ).id!;
  for (const key of ['alice', 'bob'] as const) {
    const who = key === 'alice' ? alice : bob;
    await adminPost('shift-assignments', { shiftId, volunteerId: who.user.id, accommodations: texts[key].accommodations });
  }
  const messageId = (
    await adminPost('messages', {
      subject: 'Welcome, {firstName}',
      body: 'See you at the **SV Office**, {fullName}.',
      audience: { kind: 'confirmed' },
    })
  ).id!;
  await expectOk(
    t.http().post(`/api/schedule/${alice.user.id}/calendar-feed`).set('Authorization', auth(alice)).send({}),
    'A calendar link',
  );

  t.clock.set(SEASON.afterShift);
  await expectOk(
    t
      .http()
      .post('/api/schedule/pr')
      .set('Authorization', auth(teamLeader))
      .send({
        performance_records: (['alice', 'bob'] as const).map((key) => ({
          shift_id: shiftId,
          student_volunteer_id: (key === 'alice' ? alice : bob).user.id,
          check_in: true,
          check_out: true,
          check_in_at: '2026-08-10T15:00:00.000Z',
          check_out_at: key === 'alice' ? '2026-08-10T19:00:00.000Z' : '2026-08-10T18:00:00.000Z',
          time_note: texts[key].timeNote,
          rating: key === 'alice' ? 5 : 4,
          notes: texts[key].notes,
        })),
      }),
    'Recording the shift',
  );
  return { admin, secondAdmin, teamLeader, alice, bob, texts, proofs, venueId, shiftId, messageId };
}

/** Every text a person of the world wrote or that names them, to look for in an answer. */
export function traces(world: PersonalDataWorld, key: 'alice' | 'bob'): string[] {
  const who = world[key].user;
  const mine = world.texts[key];
  return [
    who.firstName,
    who.lastName,
    who.email,
    mine.essay,
    mine.school,
    mine.statement,
    mine.diet,
    mine.additionalInfo,
    mine.accommodations,
    mine.notes,
    mine.timeNote,
    mine.phone,
    mine.referee.email,
  ];
}
