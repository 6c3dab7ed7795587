import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import S3rver from 's3rver';
import { Application } from '../applications/application.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { jpegBytes, pdfBytes, pngBytes } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { uploadProof } from '../testing/uploads.js';
import { ProofStorage } from './storage/proof-storage.js';

const S3_SECRET = 'S3RVER';

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
    await t
      .http()
      .post('/api/application/save')
      .set('Authorization', me.auth)
      .send({ sv_id: me.user.svid, data: { step: 1 } })
      .expect(200);
    const { put } = await uploadProof(t, me, jpegBytes(), 'image/jpeg', 'Student card.jpeg');
    expect(put!.body.data.proofOfEnrollment).toMatchObject({ name: `${me.user.svid}.jpg`, originalName: 'Student card.jpeg' });

    const application = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(application.body.data.data.proofOfEnrollment).toMatchObject({
      name: `${me.user.svid}.jpg`,
      originalName: 'Student card.jpeg',
      type: 'image/jpeg',
    });
    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data).toMatchObject({ name: `${me.user.svid}.jpg`, original_name: 'Student card.jpeg' });
  });

  it('refuses 4,000,000 bytes (413, the kept text) and accepts 3,999,999', async () => {
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
    const type = await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'image/png' })
      .expect(400);
    expect(type.body.data.message).toBe('Please upload a PDF or JPEG file');
    await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf', file_name: 'x.exe' })
      .expect(400);
  });

  it('refuses an expired URL and a URL used twice', async () => {
    const me = await t.factories.applicant();
    const ticket = await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf' })
      .expect(200);
    await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes()).expect(200);
    const again = await t.http().put(ticket.body.data.url).set('Content-Type', 'application/pdf').send(pdfBytes()).expect(409);
    expect(again.body.data.message).toBe('This upload link has already been used. Please try the upload again.');

    const late = await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf' })
      .expect(200);
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
    await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', strangerAuth)
      .send({ user_id: owner.user.id, file_type: 'application/pdf' })
      .expect(403);
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
  /** The bucket as a client of our own sees it, past the server. */
  let bucket: S3Client;
  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 'svp-s3-')),
      configureBuckets: [{ name: 'proofs', configs: [] }],
    });
    const { port } = await s3.run();
    t = await createTestApp({
      env: {
        STORAGE: 's3',
        S3_BUCKET: 'proofs',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: S3_SECRET,
      },
    });
    bucket = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: S3_SECRET },
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await t.close();
    await s3.close();
  });

  it('hands out a presigned S3 PUT URL; the server checks and keeps the proof as {svid}.pdf', async () => {
    const me = await t.factories.applicant();
    const bytes = pdfBytes(10_000);
    const ticket = await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf', file_size: bytes.length })
      .expect(200);
    expect(ticket.body.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/proofs\/staging\/.+X-Amz-Signature=/);
    const put = await fetch(ticket.body.data.url, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/pdf' } });
    expect(put.status).toBe(200);

    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data).toMatchObject({ name: `${me.user.svid}.pdf`, size: 10_000 });
    expect(Buffer.from(read.body.data.url.split(',')[1], 'base64').equals(bytes)).toBe(true);
  });

  it('discards a staged file whose bytes are not a PDF or JPEG', async () => {
    const me = await t.factories.applicant();
    const ticket = await t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf', file_size: pngBytes().length })
      .expect(200);
    await fetch(ticket.body.data.url, { method: 'PUT', body: pngBytes(), headers: { 'Content-Type': 'application/pdf' } });
    await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(404);
  });

  const ticketFor = (me: CreatedUser, body: object) =>
    t
      .http()
      .post('/api/files/upload')
      .set('Authorization', me.auth)
      .send({ user_id: me.user.id, file_type: 'application/pdf', ...body });
  /** Every command the server sends to the bucket from now on, by name and key. */
  const recordCommands = () => {
    const client = (t.app.get(ProofStorage) as unknown as { client: S3Client }).client;
    const sent: string[] = [];
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const spy = jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: { Key?: string } }) => {
      sent.push(`${command.constructor.name} ${command.input.Key}`);
      return realSend(command);
    }) as never);
    return { sent, restore: () => spy.mockRestore() };
  };
  const staged = async (url: string) => {
    const key = decodeURIComponent(new URL(url).pathname.replace(/^\/proofs\//, ''));
    return (await bucket.send(new ListObjectsV2Command({ Bucket: 'proofs', Prefix: key }))).KeyCount ?? 0;
  };

  it("binds the upload URL to the file's size: S3 checks the signed Content-Length, so it refuses any other length", async () => {
    const me = await t.factories.applicant();
    const missing = await ticketFor(me, {}).expect(400);
    expect(missing.body.data.errors).toEqual({
      file_size: "file_size is required: the file's size in bytes (the upload link only takes a file of that size)",
    });
    const tooLarge = await ticketFor(me, { file_size: 4_000_000 }).expect(413);
    expect(tooLarge.body.data.message).toBe('File size is too large. Please keep uploads under 4 MB');

    const url = new URL((await ticketFor(me, { file_size: 10_000 }).expect(200)).body.data.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-length');
    const signature = url.searchParams.get('X-Amz-Signature');
    expect(sigV4Signature(url, { host: url.host, 'content-length': '10000' })).toBe(signature);
    expect(sigV4Signature(url, { host: url.host, 'content-length': '5000000' })).not.toBe(signature);
  });

  it('never reads a staged file over the limit: its size is asked first, and it is discarded', async () => {
    const me = await t.factories.applicant();
    const ticket = await ticketFor(me, { file_size: 10_000 }).expect(200);
    // A store that did not check the signature let 4.5 MB through.
    const key = decodeURIComponent(new URL(ticket.body.data.url).pathname.replace(/^\/proofs\//, ''));
    await bucket.send(new PutObjectCommand({ Bucket: 'proofs', Key: key, Body: pdfBytes(4_500_000), ContentType: 'application/pdf' }));
    const commands = recordCommands();
    try {
      await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(404);
    } finally {
      commands.restore();
    }
    expect(commands.sent.filter((sent) => sent.startsWith('GetObjectCommand'))).toEqual([]);
    expect(commands.sent).toEqual([`HeadObjectCommand ${key}`, `DeleteObjectCommand ${key}`]);
    expect(await staged(ticket.body.data.url)).toBe(0);
  });

  it('keeps the proof as it was once the application is submitted: a file staged afterwards is discarded', async () => {
    const me = await t.factories.applicant();
    const first = pdfBytes(10_000);
    const kept = await ticketFor(me, { file_size: first.length }).expect(200);
    await fetch(kept.body.data.url, { method: 'PUT', body: first, headers: { 'Content-Type': 'application/pdf' } });
    await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    const application = await t.factories.application(me.user, { completed: false });

    // A second upload link asked for before submitting, used after it.
    const later = pdfBytes(20_000);
    const ticket = await ticketFor(me, { file_size: later.length }).expect(200);
    await t.dataSource.getRepository(Application).update({ id: application.id }, { completed: true, submittedAt: t.clock.now() });
    expect((await fetch(ticket.body.data.url, { method: 'PUT', body: later, headers: { 'Content-Type': 'application/pdf' } })).status).toBe(
      200,
    );

    const read = await t.http().get(`/api/files/${me.user.svid}`).set('Authorization', me.auth).expect(200);
    expect(read.body.data.size).toBe(10_000);
    expect(Buffer.from(read.body.data.url.split(',')[1], 'base64').equals(first)).toBe(true);
    const view = await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(200);
    expect(view.body.data.data.proofOfEnrollment).toMatchObject({ size: 10_000 });
    expect(await staged(ticket.body.data.url)).toBe(0);
  });
});

/**
 * The AWS Signature Version 4 of a presigned URL for a request with these headers, computed as S3
 * checks it (s3rver does not check signatures): equal to the URL's own only for the headers it was signed for.
 */
function sigV4Signature(url: URL, headers: Record<string, string>): string {
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders')!;
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headers[name]?.trim()}\n`)
    .join('');
  const canonicalRequest = ['PUT', url.pathname, query, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const date = url.searchParams.get('X-Amz-Date')!;
  const [, day, region, service] = url.searchParams.get('X-Amz-Credential')!.split('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    `${day}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET}`, day!), region!), service!), 'aws4_request');
  return hmac(key, stringToSign).toString('hex');
}
