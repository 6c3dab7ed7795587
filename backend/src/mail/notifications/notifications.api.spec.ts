import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server as HttpServer, createServer as createHttpServer } from 'node:http';
import { Agent, type Server, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ShiftReminders } from '../../schedule/shift-reminders.js';
import type { CreatedUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { User } from '../../users/user.entity.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './notifications.config.js';
import { NotificationsService } from './notifications.service.js';

/** One phone: its subscription keys (the browser's half of RFC 8291) and what its push service received. */
interface Phone {
  name: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  received: { title: string; body: string; url: string; tag: string }[];
  authorization: string[];
  gone: boolean;
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 with RFC 8188's aes128gcm): the header's
 * salt, record size and the server's public key; the shared secret from the browser's private key;
 * the content key and nonce by HKDF; AES-128-GCM; the padding delimiter removed.
 */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(serverPublic);
  const prkKey = hmac(auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(prkKey, keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The last record does not end with the padding delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): the JWT's signature by the key in k=, its audience, expiry and subject. */
function checkVapid(header: string, publicKey: string, origin: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`Not a VAPID header: ${header}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('The VAPID key is not the server’s');
  const [head, payload, signature] = jwt!.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!ok) throw new Error('The VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin || !claims.sub.startsWith('mailto:')) throw new Error(`Wrong VAPID claims ${JSON.stringify(claims)}`);
}

const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });

describe('notifications to phones (Web Push) and urgent texts, through the mail ledger', () => {
  let t: TestApp;
  let server: Server;
  let smsServer: HttpServer;
  let origin: string;
  let publicKey: string;
  let admin: CreatedUser;
  let ana: CreatedUser;
  let bo: CreatedUser;
  let cy: CreatedUser;
  const phones = new Map<string, Phone>();
  const texts: { to: string; from: string; body: string; authorization: string }[] = [];
  const ids: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const deliver = () => t.app.get(NotificationsService).deliver();
  const phone = (name: string): Phone => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const made: Phone = { name, ecdh, auth: randomBytes(16), received: [], authorization: [], gone: false };
    phones.set(name, made);
    return made;
  };
  const subscribe = (user: User, device: Phone) =>
    t
      .http()
      .post('/api/notifications/devices')
      .set('Authorization', auth(user))
      .send({
        endpoint: `${origin}/push/${device.name}`,
        keys: { p256dh: device.ecdh.getPublicKey().toString('base64url'), auth: device.auth.toString('base64url') },
      });

  /** A push service of our own, on https as every push service is: a certificate made for 127.0.0.1, trusted by the sender. */
  function certificate(): { key: Buffer; cert: Buffer } {
    const dir = mkdtempSync(join(tmpdir(), 'svp-push-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    const tls = certificate();
    server = createServer(tls, async (request, response) => {
      const body = await read(request);
      const url = request.url ?? '';
      if (url.startsWith('/push/')) {
        const device = phones.get(url.slice('/push/'.length))!;
        if (device.gone) return response.writeHead(410).end();
        expect(request.headers['content-encoding']).toBe('aes128gcm');
        device.authorization.push(String(request.headers.authorization));
        device.received.push(JSON.parse(decryptPush(body, device.ecdh, device.auth)));
        return response.writeHead(201).end();
      }
      response.writeHead(404).end();
    });
    // The text message provider, in the style of Twilio's Messages resource.
    smsServer = createHttpServer(async (request, response) => {
      const form = new URLSearchParams((await read(request)).toString());
      texts.push({
        to: form.get('To')!,
        from: form.get('From')!,
        body: form.get('Body')!,
        authorization: String(request.headers.authorization),
      });
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${texts.length}` }));
    });
    await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({
      now: '2026-08-07T12:00:00.000Z',
      env: {
        PUSH_ENDPOINT_HOSTS: '127.0.0.1',
        SMS_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/2010-04-01/Accounts/AC-test/Messages.json`,
        SMS_USER: 'AC-test',
        SMS_PASSWORD: 'sms-secret',
        SMS_FROM: '+16045550100',
      },
    });
    const sending = t.app.get<NotificationsConfig>(NOTIFICATIONS_CONFIG);
    sending.agent = new Agent({ ca: tls.cert });
    admin = await t.factories.admin();
    const tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    ana = await t.factories.applicant({ firstName: 'Ana', lastName: 'Volunteer' });
    bo = await t.factories.applicant({ firstName: 'Bo', lastName: 'Volunteer' });
    cy = await t.factories.applicant({ firstName: 'Cy', lastName: 'Volunteer' });
    for (const who of [ana, bo, cy]) await t.factories.application(who.user, { status: 'confirmed' });
    // Ana and Cy consented to texts; Bo gave a number without consent.
    await t.dataSource.query('UPDATE users SET phone_number = ?, can_text = ? WHERE id = ?', ['+1 604 555 0101', true, ana.user.id]);
    await t.dataSource.query('UPDATE users SET phone_number = ?, can_text = ? WHERE id = ?', ['+1 604 555 0102', false, bo.user.id]);
    await t.dataSource.query('UPDATE users SET phone_number = ?, can_text = ? WHERE id = ?', ['+1 604 555 0103', true, cy.user.id]);
    publicKey = (await t.http().get('/api/notifications/settings').set('Authorization', auth(ana.user)).expect(200)).body.data.push
      .publicKey;
    const venue = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] })).id;
    // 08:00–12:00 PDT = 15:00–19:00 UTC.
    ids.morning = (
      await adminPost('shifts', { venueId: venue, startTime: '2026-08-10 08:00', endTime: '2026-08-10 12:00', role: 'Greeter', svSlots: 5 })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => smsServer.close(resolve));
  });

  it('keeps a device only for an endpoint of a push service the configuration names, with real keys', async () => {
    const ok = phone('ana-phone');
    expect((await subscribe(ana.user, ok).expect(201)).body.data).toMatchObject({ devices: 1 });
    await subscribe(bo.user, phone('bo-phone')).expect(201);
    await subscribe(cy.user, phone('cy-phone')).expect(201);
    const refused = await t
      .http()
      .post('/api/notifications/devices')
      .set('Authorization', auth(ana.user))
      .send({
        endpoint: 'https://attacker.example/collect',
        keys: { p256dh: ok.ecdh.getPublicKey().toString('base64url'), auth: ok.auth.toString('base64url') },
      })
      .expect(400);
    expect(refused.body.data.errors).toHaveProperty('endpoint');
    await t
      .http()
      .post('/api/notifications/devices')
      .set('Authorization', auth(ana.user))
      .send({ endpoint: `${origin}/push/x`, keys: { p256dh: 'AAAA', auth: 'BBBB' } })
      .expect(400);
    // Removing someone else's device removes nothing.
    await t
      .http()
      .delete('/api/notifications/devices')
      .set('Authorization', auth(bo.user))
      .send({ endpoint: `${origin}/push/ana-phone` })
      .expect(200);
    expect(
      (await t.http().get('/api/notifications/settings').set('Authorization', auth(ana.user)).expect(200)).body.data.push.devices,
    ).toBe(1);
  });

  it('tells a volunteer of a shift added to their schedule, decrypted with their keys and signed with the VAPID key, once', async () => {
    await adminPost('shift-assignments', { shiftId: ids.morning, volunteerId: ana.user.id });
    await adminPost('shift-assignments', { shiftId: ids.morning, volunteerId: bo.user.id });
    await adminPost('shift-assignments', { shiftId: ids.morning, volunteerId: cy.user.id });
    await deliver();
    await deliver();
    const anaPhone = phones.get('ana-phone')!;
    expect(anaPhone.received).toHaveLength(1);
    expect(anaPhone.received[0]).toMatchObject({ title: 'Your schedule changed', url: '/schedule' });
    expect(anaPhone.received[0]!.body).toMatch(/^Added: Greeter at Registration/);
    checkVapid(anaPhone.authorization[0]!, publicKey, origin);
    const sends = await t.dataSource.query("SELECT status, COUNT(*) AS n FROM mail_sends WHERE kind = 'push' GROUP BY status");
    expect(sends.map((r: { status: string; n: string | number }) => [r.status, Number(r.n)])).toEqual([['sent', 3]]);
  });

  it('reminds each volunteer before their shift as long before as they chose, once, and never one who turned reminders off', async () => {
    const choices = { shiftChanges: true, swaps: true, reminders: true, reminderMinutes: 60, urgent: true, texts: false };
    await t
      .http()
      .put('/api/notifications/settings')
      .set('Authorization', auth(bo.user))
      .send({ ...choices, reminders: false })
      .expect(200);
    await t
      .http()
      .put('/api/notifications/settings')
      .set('Authorization', auth(cy.user))
      .send({ ...choices, reminderMinutes: 120 })
      .expect(200);
    const reminders = t.app.get(ShiftReminders);
    t.clock.set('2026-08-10T13:30:00.000Z'); // 90 minutes before: Cy's reminder only
    await reminders.remind();
    await deliver();
    expect(phones.get('cy-phone')!.received.map((n) => n.title)).toEqual(['Your schedule changed', 'Your shift starts at 8:00 AM']);
    expect(phones.get('ana-phone')!.received).toHaveLength(1);
    t.clock.set('2026-08-10T14:05:00.000Z');
    await reminders.remind();
    await reminders.remind();
    await deliver();
    expect(phones.get('ana-phone')!.received.at(-1)).toMatchObject({
      title: 'Your shift starts at 8:00 AM',
      body: 'Greeter at Registration (West Lobby).',
    });
    expect(phones.get('ana-phone')!.received).toHaveLength(2);
    expect(phones.get('cy-phone')!.received).toHaveLength(2);
    expect(phones.get('bo-phone')!.received).toHaveLength(1);
  });

  it('sends an urgent message to every phone, and as a text only to those who consented and turned texts on, once', async () => {
    const choices = { shiftChanges: true, swaps: true, reminders: true, reminderMinutes: 60, urgent: true, texts: true };
    await t.http().put('/api/notifications/settings').set('Authorization', auth(ana.user)).send(choices).expect(200);
    // Bo has no consent to texts: texts cannot be turned on.
    const bos = await t.http().put('/api/notifications/settings').set('Authorization', auth(bo.user)).send(choices).expect(400);
    expect(bos.body.data.errors.texts).toBe('Texts need a phone number and your consent to texts in your profile.');
    const message = await adminPost('messages', {
      subject: 'Registration moves to Hall B',
      body: 'Hi {firstName}, the **desk** is in Hall B from now on.',
      audience: { kind: 'shift', shiftId: ids.morning },
      urgent: true,
    });
    await deliver();
    await deliver();
    for (const name of ['ana-phone', 'bo-phone', 'cy-phone'])
      expect(phones.get(name)!.received.filter((n) => n.title === 'Registration moves to Hall B')).toHaveLength(1);
    expect(phones.get('ana-phone')!.received.at(-1)).toMatchObject({
      body: 'Hi Ana, the desk is in Hall B from now on.',
      url: `/messages#message-${message.id}`,
    });
    // Cy consented but left texts off; Bo never consented: only Ana gets a text.
    expect(texts).toEqual([
      {
        to: '+1 604 555 0101',
        from: '+16045550100',
        body: 'SIGGRAPH 2026 SVs] Registration moves to Hall B: Hi Ana, the desk is in Hall B from now on.'.replace(/^/, '['),
        authorization: `Basic ${Buffer.from('AC-test:sms-secret').toString('base64')}`,
      },
    ]);
  });

  it('forgets a device its push service says is gone, and fails that notice without trying again', async () => {
    phones.get('bo-phone')!.gone = true;
    await adminPost('messages', {
      subject: 'Water at the desk',
      body: 'Drink.',
      audience: { kind: 'shift', shiftId: ids.morning },
      urgent: true,
    });
    await deliver();
    await deliver();
    expect((await t.http().get('/api/notifications/settings').set('Authorization', auth(bo.user)).expect(200)).body.data.push.devices).toBe(
      0,
    );
    const failed = await t.dataSource.query("SELECT COUNT(*) AS n FROM mail_sends WHERE kind = 'push' AND status = 'failed'");
    expect(Number(failed[0].n)).toBe(1);
  });

  it('reads and changes only the caller’s own choices', async () => {
    await t.http().get('/api/notifications/settings').expect(401);
    const mine = (await t.http().get('/api/notifications/settings').set('Authorization', auth(cy.user)).expect(200)).body.data;
    expect(mine.settings).toMatchObject({ reminderMinutes: 120, texts: false });
    expect(mine.texts).toEqual({ available: true, consented: true });
  });
});
