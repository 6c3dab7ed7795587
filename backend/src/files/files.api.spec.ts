import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import S3rver from 's3rver';
import { jpegBytes, pdfBytes, pngBytes } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { uploadProof } from '../testing/uploads.js';

const proofOnDisk = (t: TestApp, name: string) => existsSync(join(t.config.dataDir, 'uploads', name));

describe('proof of enrollment uploads (local storage)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts a 3.9 MB PDF, stores it as {svid}.pdf and reads it back as a data URL', async () => {
    const me = await t.factories.applicant();
    const bytes = pdfBytes(3_900_000);
    const { ticket, put } = await uploadProof(t, me, bytes, 'application/pdf', 'my enrollment letter.pdf');
    expect(ticket.body.data).toMatchObject({ method: 'PUT', content_type: 'application/pdf', max_bytes: 3_999_999 });
    expect(put!.status).toBe(200);
    expect(put!.body.data.proofOfEnrollment).toMatchObject({ name: `${me.user.svid}.pdf`, size: 3_900_000, type: 'application/pdf' });
    expect(proofOnDisk(t, `${me.user.svid}-2026.pdf`)).toBe(true);

    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data).toMatchObject({ type: 'application/pdf', size: 3_900_000, original_name: 'my enrollment letter.pdf' });
    expect(read.body.data.url.startsWith('data:application/pdf;base64,')).toBe(true);
    expect(Buffer.from(read.body.data.url.split(',')[1], 'base64').equals(bytes)).toBe(true);
  });

  it('names the proof in the application as the applicant chose it, as the file read does, beside the stored name', async () => {
    const me = await t.factories.applicant();
    await t.http().post('/api/application/save').set('Authorization', me.auth).send({ sv_id: me.user.svid, data: { step: 1 } }).expect(200);
    const { put } = await uploadProof(t, me, jpegBytes(), 'image/jpeg', 'Student card.jpeg');
    expect(put!.body.data.proofOfEnrollment).toMatchObject({ name: `${me.user.svid}.jpg`, originalName: 'Student card.jpeg' });

    const application = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(application.body.data.data.proofOfEnrollment).toMatchObject({ name: `${me.user.svid}.jpg`, originalName: 'Student card.jpeg', type: 'image/jpeg' });
    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data).toMatchObject({ name: `${me.user.svid}.jpg`, original_name: 'Student card.jpeg' });
  });

  it("refuses 4,000,000 bytes (413, the spec's text) and accepts 3,999,999", async () => {
    const me = await t.factories.applicant();
    const { put } = await uploadProof(t, me, pdfBytes(4_000_000));
    expect(put!.status).toBe(413);
    expect(put!.body.data).toEqual({ message: 'File size is too large. Please keep uploads under 4 MB', err: 'PAYLOAD_TOO_LARGE' });
    expect(proofOnDisk(t, `${me.user.svid}-2026.pdf`)).toBe(false);
    expect((await uploadProof(t, me, pdfBytes(3_999_999))).put!.status).toBe(200);
  });

  it('judges the type by the bytes: a .pdf that is a PNG is refused, an empty file too', async () => {
    const me = await t.factories.applicant();
    const png = await uploadProof(t, me, pngBytes(), 'application/pdf', 'transcript.pdf');
    expect(png.put!.status).toBe(415);
    expect(png.put!.body.data.message).toBe('Please upload a PDF or JPEG file');
    const empty = await uploadProof(t, me, Buffer.alloc(0));
    expect(empty.put!.status).toBe(400);
    const html = await uploadProof(t, me, Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf');
    expect(html.put!.status).toBe(415);
    await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(404);
  });

  it('refuses a PNG or a file name that is not PDF or JPEG when asking for the URL', async () => {
    const me = await t.factories.applicant();
    const type = await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'image/png' }).expect(400);
    expect(type.body.data.message).toBe('Please upload a PDF or JPEG file');
    await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'application/pdf', file_name: 'x.exe' }).expect(400);
  });

  it('refuses an expired URL and a URL used twice', async () => {
    const me = await t.factories.applicant();
    const ticket = await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'application/pdf' }).expect(200);
    await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes()).expect(200);
    const again = await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes()).expect(409);
    expect(again.body.data.message).toBe('This upload link has already been used. Please try the upload again.');

    const late = await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'application/pdf' }).expect(200);
    t.clock.advance(601_000);
    const expired = await t.http().put(late.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes()).expect(403);
    expect(expired.body.data.message).toBe('This upload link has expired. Please try the upload again.');
    await t.http().put('/api/files/upload/not-a-token').set('Content-Type', 'application/pdf').send(pdfBytes()).expect(403);
  });

  it('replaces a proof and removes the old file; Remove File deletes it', async () => {
    const me = await t.factories.applicant();
    await uploadProof(t, me, pdfBytes());
    expect(proofOnDisk(t, `${me.user.svid}-2026.pdf`)).toBe(true);
    const jpeg = await uploadProof(t, { ...me, auth: t.factories.auth(me.user) }, jpegBytes(), 'image/jpeg', 'id.jpg');
    expect(jpeg.put!.body.data.proofOfEnrollment).toMatchObject({ name: `${me.user.svid}.jpg`, type: 'image/jpeg' });
    expect(proofOnDisk(t, `${me.user.svid}-2026.pdf`)).toBe(false);
    expect(proofOnDisk(t, `${me.user.svid}-2026.jpg`)).toBe(true);

    const auth = t.factories.auth(me.user);
    await t.http().delete(`/api/files/${me.user.svid}`).set('Authorization', auth).expect(200);
    expect(proofOnDisk(t, `${me.user.svid}-2026.jpg`)).toBe(false);
    await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', auth).expect(404);
  });

  it("refuses another user's upload URL and proof (403); an administrator reads any proof", async () => {
    const owner = await t.factories.applicant();
    const stranger = await t.factories.applicant();
    const admin = await t.factories.admin();
    const auth = t.factories.auth(owner.user);
    await uploadProof(t, { ...owner, auth }, pdfBytes());
    const strangerAuth = t.factories.auth(stranger.user);
    await t.http().post('/api/files/upload').set('Authorization', strangerAuth).send({ user_id: owner.user.id, file_type: 'application/pdf' }).expect(403);
    for (const key of [owner.user.svid, owner.user.username, String(owner.user.id)]) {
      await t.http().get(`/api/files/${key}`).set('Authorization', strangerAuth).expect(403);
      await t.http().delete(`/api/files/${key}`).set('Authorization', strangerAuth).expect(403);
    }
    const teamLeader = await t.factories.teamLeader();
    await t.http().get(`/api/files/${owner.user.svid}`).set('Authorization', t.factories.auth(teamLeader.user)).expect(403);
    await t.http().get(`/api/files/${owner.user.svid}`).set('Authorization', t.factories.auth(admin.user)).expect(200);
    await t.http().get(`/api/files/${owner.user.svid}`).expect(401);
    expect(proofOnDisk(t, `${owner.user.svid}-2026.pdf`)).toBe(true);
  });
});

describe('proof of enrollment uploads (S3 storage, presigned URLs)', () => {
  let t: TestApp;
  let s3: S3rver;
  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'svp-s3-')), configureBuckets: [{ name: 'proofs', configs: [] }] });
    const { port } = await s3.run();
    t = await createTestApp({
      env: { STORAGE: 's3', S3_BUCKET: 'proofs', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('hands out a presigned S3 PUT URL; the server checks and keeps the proof as {svid}.pdf', async () => {
    const me = await t.factories.applicant();
    const ticket = await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'application/pdf' }).expect(200);
    expect(ticket.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/proofs\/staging\/.+X-Amz-Signature=/);
    const bytes = pdfBytes(10_000);
    const put = await fetch(ticket.body.data.url, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/pdf' } });
    expect(put.status).toBe(200);

    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data).toMatchObject({ name: `${me.user.svid}.pdf`, size: 10_000 });
    expect(Buffer.from(read.body.data.url.split(',')[1], 'base64').equals(bytes)).toBe(true);
  });

  it('discards a staged file whose bytes are not a PDF or JPEG', async () => {
    const me = await t.factories.applicant();
    const ticket = await t.http().post('/api/files/upload').set('Authorization', me.auth).send({ user_id: me.user.id, file_type: 'application/pdf' }).expect(200);
    await fetch(ticket.body.data.url, { method: 'PUT', body: pngBytes(), headers: { 'Content-Type': 'application/pdf' } });
    await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(404);
  });
});
