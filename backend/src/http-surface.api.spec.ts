import { type AddressInfo, connect } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './testing/test-app.js';

const PUBLIC_URL = 'https://portal.example.org';
const ADMIN_ORIGIN = 'https://panel.example.org';

/**
 * Sends the headers of a large request and only the first kilobyte of its body, then waits: answers
 * the status line if the server answers before the rest of the body arrives, null if it is still
 * waiting for the body after `waitMs` (it reads bodies before it knows who sends them).
 */
function answerBeforeBody(
  server: Server,
  method: string,
  path: string,
  headers: Record<string, string>,
  waitMs = 3_000,
): Promise<string | null> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = (value: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) done(received.split('\r\n')[0]!);
    });
    socket.on('error', () => done(received ? received.split('\r\n')[0]! : null));
    const head = [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Length: 3000000',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(Buffer.alloc(1024, 0x20));
  });
}

describe('the HTTP surface in production shape', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, ADMIN_ORIGIN } });
    server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t.close();
  });

  it("allows cross-origin calls only from PUBLIC_URL's origin and the configured admin origin", async () => {
    for (const origin of [PUBLIC_URL, ADMIN_ORIGIN]) {
      const res = await t.http().get('/api/settings').set('Origin', origin).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      const preflight = await t.http().options('/api/users/login').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    }
    for (const origin of ['https://evil.example.org', 'https://portal.example.org.evil.example', 'null']) {
      const res = await t.http().get('/api/settings').set('Origin', origin).expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http().options('/api/users/login').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets pages embed objects from blob: URLs only (the proof viewer), nothing from the site or data:', async () => {
    const csp = (await t.http().get('/api/settings').expect(200)).headers['content-security-policy'] as string;
    const objectSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('object-src'));
    expect(objectSrc).toBe('object-src blob:');
  });

  it('serves the API documentation unless API_DOCS=false', async () => {
    expect((await t.http().get('/api/docs-json').expect(200)).body.openapi).toMatch(/^3\./);
    const closed = await createTestApp({ env: { API_DOCS: 'false' } });
    try {
      await closed.http().get('/api/docs-json').expect(404);
      await closed.http().get('/api/docs').expect(404);
      await closed.http().get('/api/settings').expect(200);
    } finally {
      await closed.close();
    }
  });

  it("refuses a stranger's schedule import before reading its body", async () => {
    const anonymous = await answerBeforeBody(server, 'POST', '/api/admin/schedule-import/shifts', { 'Content-Type': 'application/json' });
    expect(anonymous).toMatch(/^HTTP\/1\.1 401/);
    const volunteer = await t.factories.applicant();
    const notAdmin = await answerBeforeBody(server, 'POST', '/api/admin/schedule-import/shifts', {
      'Content-Type': 'application/json',
      Authorization: volunteer.auth,
    });
    expect(notAdmin).toMatch(/^HTTP\/1\.1 403/);
  });

  it('refuses an upload with a forged link before reading its body', async () => {
    const answer = await answerBeforeBody(server, 'PUT', '/api/files/upload/not-a-real-ticket-token', {
      'Content-Type': 'application/pdf',
    });
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
  });

  it("still reads an administrator's import and answers on its content", async () => {
    const admin = await t.factories.admin();
    const res = await t.http().post('/api/admin/schedule-import/shifts').set('Authorization', admin.auth).send({ csv: 12 }).expect(400);
    expect(res.body.errors.csv).toBe('csv must be the text of the CSV file');
  });
});
