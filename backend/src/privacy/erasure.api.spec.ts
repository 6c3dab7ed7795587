import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'superagent';
import { ERASED_NAME, type EditionSettings, erasedEmail } from '@svp/domain';
import { ProofStorage } from '../files/storage/proof-storage.js';
import { pdfText } from '../testing/pdf-text.js';
import { buildPersonalDataWorld, type PersonalDataWorld, traces } from '../testing/personal-data-world.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** A week after the edition ended: certificates are out, and the next edition has started. */
const AFTER_THE_WEEK = '2026-08-21T12:00:00.000Z';

/** Reads a binary answer whole. */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('erasure on request: two administrators erase a person, who then appears nowhere while every count stays', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let w: PersonalDataWorld;
  let aliceEmail: string;
  let proofKey: string;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: sink.url } });
    w = await buildPersonalDataWorld(t);
    aliceEmail = w.alice.user.email;
    proofKey = (await t.dataSource.query('SELECT storage_key FROM proof_files WHERE user_id = ?', [w.alice.user.id]))[0].storage_key;
    // The edition is over and the next has started: Alice's records belong to a closed edition.
    t.clock.set(AFTER_THE_WEEK);
    const next = (await as(w.admin).get('/api/admin/editions/next').expect(200)).body as { settings: EditionSettings };
    await as(w.admin).post('/api/admin/editions').send({ copyVenues: false, settings: next.settings }).expect(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** A client signed in as `who` (a fresh token at the clock's time). */
  function as(who: PersonalDataWorld['alice']) {
    const authorization = t.factories.auth(who.user);
    return {
      get: (path: string) => t.http().get(path).set('Authorization', authorization),
      post: (path: string) => t.http().post(path).set('Authorization', authorization),
      file: (path: string) => t.http().get(path).set('Authorization', authorization).buffer(true).parse(binary),
    };
  }
  const EDITION_1 = encodeURIComponent('{"edition":1}');

  /** Every answer an organiser reads that could name Alice: searches, lists, exports, reports, rosters, certificates, messages. */
  async function everywhere(): Promise<string> {
    const admin = as(w.admin);
    const q = (text: string) => encodeURIComponent(JSON.stringify({ q: text, edition: 1 }));
    const texts: string[] = [];
    const read = async (path: string) => texts.push(JSON.stringify((await admin.get(path).expect(200)).body));
    const file = async (path: string) => texts.push((await admin.file(path).expect(200)).body.toString('utf8'));
    for (const text of ['Alicia', 'Zephyrine', aliceEmail]) {
      await read(`/api/admin/users?filter=${q(text)}`);
      await read(`/api/admin/applications?filter=${q(text)}`);
      texts.push(JSON.stringify((await admin.post('/api/application/search').send({ criterion: 'email', text }).expect(200)).body));
    }
    await read('/api/admin/users?range=[0,99]');
    await read(`/api/admin/applications?filter=${EDITION_1}&range=[0,99]`);
    await file(`/api/admin/applications/export.csv?filter=${EDITION_1}&withData=true&withScores=true&history=true`);
    await read(`/api/admin/reports/volunteers?filter=${EDITION_1}`);
    await file(`/api/admin/reports/volunteers.csv?filter=${EDITION_1}`);
    await read(`/api/admin/reports/venues?filter=${EDITION_1}`);
    const logistics = (await admin.get('/api/admin/reports/logistics?edition=1').expect(200)).body as { totals: { key: string }[] };
    texts.push(JSON.stringify(logistics));
    for (const { key } of logistics.totals) await file(`/api/admin/reports/logistics.csv?key=${encodeURIComponent(key)}&edition=1`);
    await read(`/api/admin/shift-assignments?filter=${EDITION_1}`);
    await read(`/api/admin/volunteer-preferences?filter=${EDITION_1}`);
    await read(`/api/schedule/roster?venueId=${w.venueId}&day=2026-08-10`);
    await read('/api/jury/statistics?edition=1');
    await read(`/api/admin/messages/${w.messageId}/recipients?range=[0,99]`);
    await read(`/api/admin/messages/${w.messageId}`);
    await read('/api/admin/audit?range=[0,499]');
    await read('/api/admin/erasures');
    const certificates = await admin.file('/api/admin/certificates.pdf?edition=1').expect(200);
    texts.push((await pdfText(new Uint8Array(certificates.body))).pages.join('\n'));
    // And the database itself, table by table.
    for (const { tableName } of t.dataSource.entityMetadatas) {
      texts.push(JSON.stringify(await t.dataSource.query(`SELECT * FROM ${tableName}`)));
    }
    return texts.join('\n');
  }

  /** The counts other people's records and the edition's figures rest on. */
  async function counts() {
    const admin = as(w.admin);
    const volunteers = (await admin.get(`/api/admin/reports/volunteers?filter=${EDITION_1}`).expect(200)).body as {
      svid: string;
      checkedInHours: number;
      shifts: number;
      noShows: number;
      averageRating: number | null;
    }[];
    const logistics = (await admin.get('/api/admin/reports/logistics?edition=1').expect(200)).body as {
      confirmed: number;
      totals: { key: string; count: number }[];
    };
    return {
      volunteers: volunteers.map((v) => [v.svid, v.checkedInHours, v.shifts, v.noShows, v.averageRating]).sort(),
      venues: (await admin.get(`/api/admin/reports/venues?filter=${EDITION_1}`).expect(200)).body,
      shifts: (
        (await admin.get(`/api/admin/shifts?filter=${EDITION_1}`).expect(200)).body as { id: number; assigned?: number; svSlots: number }[]
      ).map((s) => JSON.stringify(s)),
      logistics: { confirmed: logistics.confirmed, counts: logistics.totals.map((x) => [x.key, x.count]) },
      statistics: (await admin.get('/api/application/statistics?edition=1').expect(200)).body.data,
      jury: (await admin.get('/api/jury/statistics?edition=1').expect(200)).body.data.references,
      recipients: ((await admin.get(`/api/admin/messages/${w.messageId}`).expect(200)).body as { recipients: number }).recipients,
    };
  }

  let before: Awaited<ReturnType<typeof counts>>;
  let erasureId: number;

  it('is asked for by one administrator and changes nothing until a second one confirms', async () => {
    before = await counts();
    const refused = await as(w.alice).post('/api/admin/erasures').send({ userId: w.bob.user.id, reason: 'Asked by email' }).expect(403);
    expect(refused.body.err).toBe('FORBIDDEN');
    const asked = await as(w.admin)
      .post('/api/admin/erasures')
      .send({ userId: w.alice.user.id, reason: `Asked by ${aliceEmail} on 20 August` });
    expect(asked.status).toBe(201);
    erasureId = asked.body.id;
    expect(asked.body).toMatchObject({
      userId: w.alice.user.id,
      person: { name: 'Alicia Zephyrine', email: aliceEmail },
      state: 'requested',
      requestedBy: { id: w.admin.user.id, name: 'Ada Admin' },
      decidedBy: null,
      canConfirm: false,
      counts: { applications: 1, proofs: 1, references: 2, shiftAssignments: 1, performanceRecords: 1, availability: 1, calendarLinks: 1 },
    });
    // The one who asked cannot confirm: a second administrator must.
    const alone = await as(w.admin).post(`/api/admin/erasures/${erasureId}/confirm`).send({}).expect(403);
    expect(alone.body).toMatchObject({ err: 'SECOND_ADMIN_REQUIRED' });
    expect((await as(w.secondAdmin).get(`/api/admin/erasures/${erasureId}`).expect(200)).body.canConfirm).toBe(true);
    // One open request per person; administrators are not erased.
    const twice = await as(w.secondAdmin).post('/api/admin/erasures').send({ userId: w.alice.user.id, reason: 'Again' }).expect(409);
    expect(twice.body.err).toBe('ERASURE_OPEN');
    const admin = await as(w.secondAdmin).post('/api/admin/erasures').send({ userId: w.admin.user.id, reason: 'No' }).expect(409);
    expect(admin.body.err).toBe('NOT_ERASABLE');
    await as(w.alice).post('/api/users/login').send({ email: aliceEmail, password: w.alice.password }).expect(200);
  });

  it('can be cancelled while it waits, by either administrator, and then not confirmed', async () => {
    const asked = await as(w.admin).post('/api/admin/erasures').send({ userId: w.bob.user.id, reason: 'A mistake' }).expect(201);
    const cancelled = await as(w.admin).post(`/api/admin/erasures/${asked.body.id}/cancel`).send({}).expect(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', decidedBy: { id: w.admin.user.id }, canConfirm: false });
    const late = await as(w.secondAdmin).post(`/api/admin/erasures/${asked.body.id}/confirm`).send({}).expect(409);
    expect(late.body.err).toBe('ERASURE_DECIDED');
    await as(w.bob).post('/api/users/login').send({ email: w.bob.user.email, password: w.bob.password }).expect(200);
  });

  it('erases the person once confirmed by a second administrator, in closed editions too, and tells them by email', async () => {
    sink.clear();
    const session = t.factories.auth(w.alice.user);
    const confirmed = await as(w.secondAdmin).post(`/api/admin/erasures/${erasureId}/confirm`).send({}).expect(200);
    expect(confirmed.body).toMatchObject({
      state: 'confirmed',
      decidedBy: { id: w.secondAdmin.user.id, name: 'Sam Second' },
      person: { name: `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}`, email: erasedEmail(w.alice.user.id), svid: w.alice.user.svid },
      reason: `Asked by ${ERASED_NAME.firstName} ${ERASED_NAME.lastName} on 20 August`,
      counts: expect.objectContaining({ applications: 1, proofs: 1, references: 2, shiftAssignments: 1, calendarLinks: 1 }),
    });
    const again = await as(w.secondAdmin).post(`/api/admin/erasures/${erasureId}/confirm`).send({}).expect(409);
    expect(again.body.err).toBe('ERASURE_DECIDED');

    // Told at the address they had, once; the ledger then forgets it.
    const mail = await sink.waitFor(aliceEmail, /personal data has been erased/);
    expect(mail.text).toContain('Hi Alicia,');
    expect(sink.to(aliceEmail)).toHaveLength(1);
    const [notice] = await t.dataSource.query("SELECT recipient, params, status FROM mail_sends WHERE kind = 'erasure-done'");
    expect(notice).toMatchObject({ recipient: erasedEmail(w.alice.user.id), status: 'sent' });
    expect(JSON.parse(notice.params)).toEqual({});

    // The file is gone from the storage.
    expect(await t.app.get(ProofStorage).read(proofKey)).toBeNull();

    // The audit log keeps that it happened, who asked and who confirmed.
    const [entry] = await t.dataSource.query("SELECT actor_id, entity_id, after FROM audit_log WHERE action = 'erasure.confirm'");
    expect(entry).toMatchObject({ actor_id: w.secondAdmin.user.id, entity_id: String(w.alice.user.id) });
    expect(JSON.parse(entry.after)).toMatchObject({ erasureId, requestedBy: w.admin.user.id });

    // The account can no longer sign in: neither with its password nor with the session it had.
    const login = await t.http().post('/api/users/login').send({ email: aliceEmail, password: w.alice.password }).expect(401);
    expect(login.body.data.err).toBe('INVALID_CREDENTIALS');
    await t
      .http()
      .post('/api/users/login')
      .send({ email: erasedEmail(w.alice.user.id), password: w.alice.password })
      .expect(401);
    await t.http().get('/api/users/profile').set('Authorization', session).expect(401);
  });

  it('leaves the person nowhere by name or email: searches, exports, reports, rosters, certificates, messages, the database', async () => {
    const all = await everywhere();
    for (const trace of traces(w, 'alice')) expect([trace, all.includes(trace)]).toEqual([trace, false]);
    expect(all.toLowerCase()).not.toContain(aliceEmail.toLowerCase());
    // Bob is still there, by name: only the erased person went.
    expect(all).toContain('Bartholomew');
    expect(all).toContain(w.texts.bob.statement);
  });

  it('keeps every count other people’s records and the edition’s figures rest on', async () => {
    expect(await counts()).toEqual(before);
  });
});
