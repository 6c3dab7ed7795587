import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unzipSync } from 'fflate';
import type { Response } from 'superagent';
import { type EditionSettings, type PersonalDataArchive as Archive, POLICY_VERSIONS } from '@svp/domain';
import { PersonalDataArchive } from '@svp/domain/contract';
import { AfterAnswer } from '../common/after-answer.js';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { buildPersonalDataWorld, type PersonalDataWorld, SEASON, traces } from '../testing/personal-data-world.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { DataExport } from './data-export.entity.js';
import { DataExportsService, EXPORTS_PER_DAY } from './data-exports.service.js';
import { ARCHIVE_JSON } from './personal-archive.service.js';

/** Reads a binary answer whole. */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The schema with every object closed: a field the document does not describe fails as a missing one does. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = closed(value);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

describe('My data: the archive of everything the portal holds about a person', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let w: PersonalDataWorld;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: sink.url } });
    w = await buildPersonalDataWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const auth = (who: PersonalDataWorld['alice']) => t.factories.auth(who.user);
  const myData = (who: PersonalDataWorld['alice']) => t.http().get('/api/users/my-data').set('Authorization', auth(who));
  const ask = (who: PersonalDataWorld['alice']) => t.http().post('/api/users/my-data/exports').set('Authorization', auth(who)).send({});
  const download = (who: PersonalDataWorld['alice'], id: number) =>
    t.http().get(`/api/users/my-data/exports/${id}`).set('Authorization', auth(who)).buffer(true).parse(binary);
  const settled = () => t.app.get(AfterAnswer).settled();

  /** Asks for Alice's archive, waits for it, and reads it. */
  async function aliceArchive(): Promise<{ id: number; zip: Buffer; document: Archive; files: Record<string, Uint8Array> }> {
    const asked = await ask(w.alice).expect(201);
    expect(asked.body.data).toMatchObject({ state: 'preparing', readyAt: null, size: null });
    await settled();
    const id = asked.body.data.id as number;
    const res = await download(w.alice, id).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sv-portal-my-data-\d{4}-\d{2}-\d{2}-\d+\.zip"$/);
    const zip = res.body as Buffer;
    const files = unzipSync(new Uint8Array(zip));
    const document = JSON.parse(new TextDecoder().decode(files[ARCHIVE_JSON]!)) as Archive;
    return { id, zip, document, files };
  }

  it('records when, and to which version, each person agreed to the privacy policy, the media release and the terms', async () => {
    const res = await myData(w.alice).expect(200);
    const consents = res.body.data.consents as { document: string; version: string; source: string; agreedAt: string; edition: string }[];
    expect(consents).toEqual([
      expect.objectContaining({ document: 'privacy', version: POLICY_VERSIONS.privacy, source: 'application', edition: '2026' }),
      expect.objectContaining({ document: 'media-release', version: POLICY_VERSIONS['media-release'], source: 'application' }),
      expect.objectContaining({ document: 'terms', version: POLICY_VERSIONS.terms, source: 'application' }),
      expect.objectContaining({ document: 'media-release', source: 'confirmation', agreedAt: SEASON.decisionsOut }),
    ]);
    expect(consents[0]!.agreedAt).toBe(SEASON.applicationsOpen);
    expect(res.body.data).toMatchObject({ exports: [], validDays: 7 });
  });

  it('prepares the archive in the background, emails a link when ready, holds every kind of data in the documented shape', async () => {
    sink.clear();
    const { id, zip, document, files } = await aliceArchive();
    const validate = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(validate);
    const check = validate.compile(closed(PersonalDataArchive) as object);
    expect(check(document) ? [] : check.errors).toEqual([]);

    // The link went out once, through the ledger, and leads to the page that downloads it signed in.
    const mail = await sink.waitFor(w.alice.user.email, /your data is ready/);
    expect(mail.text).toMatch(/http:\/\/[^\s]+\/profile#my-data/);
    const ledger = await t.dataSource.query("SELECT status FROM mail_sends WHERE kind = 'data-export-ready' AND user_id = ?", [
      w.alice.user.id,
    ]);
    expect(ledger).toEqual([{ status: 'sent' }]);
    const listed = (await myData(w.alice).expect(200)).body.data.exports;
    expect(listed).toEqual([expect.objectContaining({ id, state: 'ready', size: zip.length, expiresAt: expect.any(String) })]);
    expect(Date.parse(listed[0].expiresAt) - Date.parse(listed[0].readyAt)).toBe(7 * 86_400_000);

    // The profile, with its phone number; the account.
    expect(document.person).toMatchObject({ id: w.alice.user.id, email: w.alice.user.email, svid: w.alice.user.svid });
    expect(document.person.profile).toMatchObject({ given_name: 'Alicia', family_name: 'Zephyrine', phone_number: w.texts.alice.phone });
    // The application of the edition, its status, the answers and the confirmation form.
    const [edition] = document.editions;
    expect(document.editions).toHaveLength(1);
    expect(edition!.application).toMatchObject({ state: 'confirmed', status: expect.any(String), completed: true });
    expect(edition!.application!.answers).toMatchObject({ essay1: w.texts.alice.essay, schoolName: w.texts.alice.school });
    expect(edition!.application!.confirmation).toMatchObject({ dietRestrictions: w.texts.alice.diet, passportStatus: 'valid' });
    // The proof, as a file of the archive, byte for byte.
    expect(edition!.proofOfEnrollment).toMatchObject({ file: 'files/proof-of-enrollment-2026.pdf', originalName: 'alicia-enrollment.pdf' });
    expect(Buffer.from(files['files/proof-of-enrollment-2026.pdf']!).equals(w.proofs.alice)).toBe(true);
    // References: who was asked and where each stands, never what the referee wrote (said in the archive).
    expect(edition!.references).toEqual([
      expect.objectContaining({ slot: 1, referee: expect.objectContaining({ email: w.texts.alice.referee.email }), state: 'received' }),
      expect.objectContaining({ slot: 2, state: 'requested' }),
    ]);
    expect(document.notIncluded.join(' ')).toMatch(/belongs to the referee/);
    // The week: the shift with its check-in, check-out, hours, rating and notes; availability.
    expect(edition!.shifts).toEqual([
      {
        venue: 'Registration',
        role: 'Greeter',
        day: '2026-08-10',
        startsAt: '2026-08-10T15:00:00.000Z',
        endsAt: '2026-08-10T19:00:00.000Z',
        checkInAt: '2026-08-10T15:00:00.000Z',
        checkOutAt: '2026-08-10T19:00:00.000Z',
        workedHours: 4,
        rating: 5,
        notes: w.texts.alice.notes,
      },
    ]);
    expect(edition!.hours).toMatchObject({ checkedIn: 4, scheduled: 4, noShows: 0 });
    expect(edition!.availability).toMatchObject({ unavailable: [{ day: '2026-08-12', from: null, to: null }], maxHoursPerDay: 8 });
    // Messages received (as this person read them), the emails owed, the calendar link, the agreements.
    expect(document.messages).toEqual([
      expect.objectContaining({ edition: '2026', subject: 'Welcome, Alicia', text: expect.stringContaining('Alicia Zephyrine') }),
    ]);
    expect(document.emails.map((e) => e.kind)).toEqual(expect.arrayContaining(['application-received', 'place-confirmed']));
    expect(document.calendarLinks).toEqual([{ createdAt: SEASON.schedulesOut, lastUsedAt: null }]);
    expect(document.consents.map((c) => c.document)).toEqual(['privacy', 'media-release', 'terms', 'media-release']);

    // Nobody else's: nothing Bob wrote or that names him, nor what Alice's referee wrote.
    const text = Buffer.from(zip).toString('latin1') + new TextDecoder().decode(files[ARCHIVE_JSON]!);
    for (const trace of traces(w, 'bob')) expect([trace, text.includes(trace)]).toEqual([trace, false]);
    expect(text).not.toContain(w.texts.alice.statement);
    expect(Object.keys(files).sort()).toEqual(['files/proof-of-enrollment-2026.pdf', ARCHIVE_JSON]);
  });

  it('covers every edition the person took part in', async () => {
    const next = (await t.http().get('/api/admin/editions/next').set('Authorization', auth(w.admin)).expect(200)).body as {
      settings: EditionSettings;
    };
    await t
      .http()
      .post('/api/admin/editions')
      .set('Authorization', auth(w.admin))
      .send({ copyVenues: false, settings: next.settings })
      .expect(201);
    await t.factories.application(w.alice.user, { editionId: 2, completed: false, data: { essay1: 'A second year' } });
    const { document } = await aliceArchive();
    expect(document.editions.map((e) => [e.key, e.application?.answers.essay1])).toEqual([
      ['2026', w.texts.alice.essay],
      ['2027', 'A second year'],
    ]);
  });

  it('gives an archive to its owner only, and only while it lasts', async () => {
    const id = (await ask(w.bob).expect(201)).body.data.id as number;
    await settled();
    const stranger = await download(w.alice, id).expect(404);
    expect(JSON.parse(stranger.body.toString()).data.err).toBe('NOT_FOUND');
    await download(w.bob, id).expect(200);
    await download(w.bob, 999_999).expect(404);

    // Seven days later it is gone: the download says so and the sweep deletes its file.
    const [{ storage_key: key }] = await t.dataSource.query('SELECT storage_key FROM data_exports WHERE id = ?', [id]);
    expect(await t.app.get(ProofStorage).read(key)).not.toBeNull();
    t.clock.advance(7 * 86_400_000);
    const gone = await download(w.bob, id).expect(410);
    expect(JSON.parse(gone.body.toString()).data.err).toBe('EXPORT_EXPIRED');
    await t.app.get(DataExportsService).sweep();
    expect(await t.app.get(ProofStorage).read(key)).toBeNull();
    expect((await myData(w.bob).expect(200)).body.data.exports[0]).toMatchObject({ id, state: 'expired', size: null });
  });

  it('answers the archive being prepared instead of a second, refuses its download until ready, limits how many a day', async () => {
    // Another server is preparing one of Bob's archives now.
    const exportsRepository = t.dataSource.getRepository(DataExport);
    const busy = await exportsRepository.save(
      exportsRepository.create({
        userId: w.bob.user.id,
        state: 'preparing',
        requestedAt: t.clock.now(),
        owner: 'another-server',
        leaseUntil: new Date(t.clock.now().getTime() + 60_000),
        attempts: 1,
      }),
    );
    expect((await ask(w.bob).expect(201)).body.data).toMatchObject({ id: busy.id, state: 'preparing' });
    const notYet = await download(w.bob, busy.id).expect(409);
    expect(JSON.parse(notYet.body.toString()).data.err).toBe('EXPORT_NOT_READY');
    await exportsRepository.update({ id: busy.id }, { state: 'failed', message: 'Stopped' });
    const failed = await download(w.bob, busy.id).expect(409);
    expect(JSON.parse(failed.body.toString()).data.message).toMatch(/could not be prepared/);

    // A day's archives (counted across servers), then 429 until the day has passed.
    t.clock.advance(86_400_000);
    for (let i = 0; i < EXPORTS_PER_DAY; i += 1) {
      await ask(w.bob).expect(201);
      await settled();
    }
    const refused = await ask(w.bob).expect(429);
    expect(refused.body.data.err).toBe('TOO_MANY_REQUESTS');
    t.clock.advance(86_400_000);
    await ask(w.bob).expect(201);
    await settled();
  });

  it('prepares an archive a stopped server left behind once its lease has run out', async () => {
    const exportsRepository = t.dataSource.getRepository(DataExport);
    const left = await exportsRepository.save(
      exportsRepository.create({
        userId: w.alice.user.id,
        state: 'preparing',
        requestedAt: t.clock.now(),
        owner: 'a-server-that-stopped',
        leaseUntil: new Date(t.clock.now().getTime() + 60_000),
        attempts: 1,
      }),
    );
    const sweeps = t.app.get(DataExportsService);
    await sweeps.sweep();
    expect((await exportsRepository.findOneByOrFail({ id: left.id })).state).toBe('preparing');
    t.clock.advance(6 * 60_000);
    await sweeps.sweep();
    expect((await exportsRepository.findOneByOrFail({ id: left.id })).state).toBe('ready');
    await download(w.alice, left.id).expect(200);
  });
});
