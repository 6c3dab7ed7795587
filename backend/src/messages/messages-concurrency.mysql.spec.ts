import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { MessageDetail } from '@svp/domain';
import { ManualClock } from '../clock/clock.js';
import { NamedLock } from '../database/named-lock.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { type TestApp, openTestApp } from '../testing/test-app.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { MessageOutbox, OUTBOX_LEASE_MS, OUTBOX_LOCK } from './message-outbox.js';

const RECIPIENTS = 60;

// Two servers sharing one MySQL/MariaDB database (a *.mysql.spec.ts file: it runs only with TEST_DATABASE_URL).
describe('messages: two servers against one MySQL database', () => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let servers: TestApp[];
  let admin: CreatedUser;
  const clock = new ManualClock('2026-08-07T12:00:00.000Z');

  const outbox = (server: TestApp) => server.app.get(MessageOutbox);
  const send = async (subject: string) =>
    (
      await servers[0]
        .http()
        .post('/api/admin/messages')
        .set('Authorization', servers[0].factories.auth(admin.user))
        .send({ subject, body: 'Hello {firstName}', audience: { kind: 'confirmed' } })
        .expect(201)
    ).body as MessageDetail;
  const copiesPerRecipient = (subject: string) => {
    const counts = new Map<string, number>();
    for (const mail of sink.messages.filter((m) => m.subject === subject)) {
      const to = (mail.to as { text: string }).text;
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    database = await createTestDatabase();
    const env = { MAIL_URL: sink.url, MAIL_RATE_PER_SECOND: '100' };
    servers = [await openTestApp(database, { clock, env }), await openTestApp(database, { clock, env })];
    admin = await servers[0].factories.admin();
    for (let i = 0; i < RECIPIENTS; i++) {
      const person = await servers[0].factories.applicant({ email: `volunteer${i}@example.edu` });
      await servers[0].factories.application(person.user, { status: 'confirmed' });
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
    await sink.close();
  });
  beforeEach(() => sink.clear());

  it('both sending at once reach each recipient exactly once, one server at a time', async () => {
    const message = await send('Both at once');
    const sent = await Promise.all([outbox(servers[0]).drain(), outbox(servers[1]).drain()]);
    // Whichever server took the lock sent; a drain that found it taken sent nothing, and nothing was left.
    expect(sent.reduce((a, b) => a + b, 0)).toBe(RECIPIENTS);
    expect(await Promise.all([outbox(servers[0]).drain(), outbox(servers[1]).drain()])).toEqual([0, 0]);
    const copies = copiesPerRecipient('Both at once');
    expect(copies.size).toBe(RECIPIENTS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const done = (
      await servers[1]
        .http()
        .get(`/api/admin/messages/${message.id}`)
        .set('Authorization', servers[1].factories.auth(admin.user))
        .expect(200)
    ).body;
    expect(done).toMatchObject({ state: 'sent', counts: { sent: RECIPIENTS, queued: 0 } });
  });

  it('a server that stops mid-send hands over: the other finishes, nobody gets a second copy', async () => {
    const message = await send('Handed over');
    const first = outbox(servers[0]).drain();
    // Stop the first server's sending once a few have gone out (as at a shutdown).
    while (copiesPerRecipient('Handed over').size < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    await (outbox(servers[0]) as unknown as { onModuleDestroy(): Promise<void> }).onModuleDestroy();
    const sentByFirst = await first;
    expect(sentByFirst).toBeGreaterThanOrEqual(10);
    expect(sentByFirst).toBeLessThan(RECIPIENTS);
    const sentBySecond = await outbox(servers[1]).drain();
    expect(sentByFirst + sentBySecond).toBe(RECIPIENTS);
    const copies = copiesPerRecipient('Handed over');
    expect(copies.size).toBe(RECIPIENTS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    expect(
      (
        await servers[1]
          .http()
          .get(`/api/admin/messages/${message.id}`)
          .set('Authorization', servers[1].factories.auth(admin.user))
          .expect(200)
      ).body.state,
    ).toBe('sent');
  });

  it('a sender that died holding the lock is taken over once its lease has run out', async () => {
    const locks = servers[1].app.get<Repository<NamedLock>>(getRepositoryToken(NamedLock));
    await locks.insert({
      name: OUTBOX_LOCK,
      holder: 'a server that was killed',
      leaseUntil: new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
    });
    await send('After a crash');
    expect(await outbox(servers[1]).drain()).toBe(0);
    expect(sink.messages).toHaveLength(0);
    clock.advance(OUTBOX_LEASE_MS + 1000);
    expect(await outbox(servers[1]).drain()).toBe(RECIPIENTS);
    expect(copiesPerRecipient('After a crash').size).toBe(RECIPIENTS);
  });
});
