import { registeredUser } from './support/admin.js';
import { type Portal, ok, startPortal } from './support/portal.js';

// An organisers' message survives a crash of the server sending it: the built server is killed with
// SIGKILL (no shutdown hook) in the middle of a send to 60 people, and started again on the same data
// and the same real SMTP sink. The new server takes the send over once the dead one's lease has run
// out and finishes it; nobody gets a second copy. The one email the dead server may have been handing
// to the mail server at the kill is never sent again by itself (it may have arrived): the message's
// page counts it as 'sending', for an organiser to decide.

const PEOPLE = 60;
const SUBJECT = 'Welcome to the week';
const RATE = '10';

let portal: Portal;

afterAll(async () => {
  await portal?.stop();
});

/** How many copies each address received of the message. */
function copies(p: Portal): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of p.smtp.messages.filter((m) => m.subject?.startsWith(SUBJECT))) {
    const to = (mail.to as { text: string }).text.toLowerCase();
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a message to 60 people, its server killed mid-send: the restarted server finishes it and nobody gets a copy twice', async () => {
  portal = await startPortal({ MAIL_RATE_PER_SECOND: RATE });
  await portal.setTimeline('open');
  const addresses: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const { email } = await registeredUser(portal, `Vol${i}`, 'Unteer');
    addresses.push(email);
  }
  const audience = { kind: 'role', role: 'Student-Volunteer' };
  const { count } = await ok(portal.api('POST', '/admin/messages/audience', { audience }), 'Counting the audience');
  // The sixty, and the chair (an administrator whose account role is a student volunteer's).
  expect(count).toBe(PEOPLE + 1);
  const message = await ok(
    portal.api('POST', '/admin/messages', { subject: `${SUBJECT}, {firstName}`, body: 'See you at the SV Office.', audience }),
    'Sending',
  );

  await until('a dozen emails to go out', () => copies(portal).size >= 12, 30_000);
  await portal.crash();
  const beforeCrash = copies(portal).size;
  expect(beforeCrash).toBeLessThan(count);

  const { dataDir, smtp } = portal;
  portal = await startPortal({ MAIL_RATE_PER_SECOND: RATE }, { dataDir, smtp });
  await until(
    'the restarted server to finish the message',
    async () => (await ok(portal.api('GET', `/admin/messages/${message.id}`), 'Reading the message')).state === 'sent',
    90_000,
  );
  const done = await ok(portal.api('GET', `/admin/messages/${message.id}`), 'Reading the message');
  const received = copies(portal);

  // Nobody got it twice; everyone the ledger counts as sent got it once.
  expect([...received.values()].filter((n) => n > 1)).toEqual([]);
  const rows = await ok(
    portal.api('GET', `/admin/messages/${message.id}/recipients?range=${encodeURIComponent('[0,199]')}`),
    'Reading the recipients',
  );
  for (const row of rows.filter((r: { state: string }) => r.state === 'sent')) expect(received.get(row.email.toLowerCase())).toBe(1);
  // At most one was in the mail server's hands at the kill; it stays 'sending' and may or may not have arrived.
  expect(done.counts.sending).toBeLessThanOrEqual(1);
  expect(done.counts.sent + done.counts.sending).toBe(count);
  expect(received.size).toBeGreaterThanOrEqual(count - done.counts.sending);
  for (const email of addresses.filter((a) => !rows.some((r: { email: string; state: string }) => r.email === a && r.state === 'sending')))
    expect(received.get(email)).toBe(1);
}, 240_000);
