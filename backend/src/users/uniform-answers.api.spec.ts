import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { AfterAnswer } from '../common/after-answer.js';
import { SmtpSink, codeIn } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CODE_REFUSED, OneTimeCodeService } from './one-time-code.service.js';

/** What a caller can compare between two answers. */
const seen = (res: Response) => ({ status: res.status, body: res.body as unknown });

/** The answer, or a failure naming what held it up. */
async function within<T>(ms: number, what: string, request: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 15_000) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('answers that do not tell whether an email has an account', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestApp({ env: { MAIL_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.app.get(AfterAnswer).settled();
    smtp.clear();
  });

  const post = (path: string, body: object) => t.http().post(`/api/users/${path}`).send(body);

  it('confirm-registration: an unknown address, a confirmed one, a wrong code and a code tried too often get one answer', async () => {
    const waiting = await t.factories.user({ verified: false });
    const code = await t.app.get(OneTimeCodeService).issue(waiting.user.id, 'verify-email');
    const wrong = code === '000000' ? '000001' : '000000';
    const confirmed = await t.factories.user();

    const unknown = seen(await post('confirm-registration', { email: 'nobody-here@example.edu', code: wrong }));
    expect(unknown).toEqual({
      status: 400,
      body: { success: false, data: { message: CODE_REFUSED, err: 'CODE_WRONG', errors: { code: CODE_REFUSED } } },
    });
    expect(seen(await post('confirm-registration', { email: confirmed.user.email, code: wrong }))).toEqual(unknown);
    for (let i = 0; i < 6; i++)
      expect(seen(await post('confirm-registration', { email: waiting.user.email, code: wrong }))).toEqual(unknown);
    expect(seen(await post('confirm-registration', { email: waiting.user.email, code }))).toEqual(unknown);
  });

  it('change-password with a code: an unknown address and a wrong code get one answer', async () => {
    const { user } = await t.factories.user();
    const code = await t.app.get(OneTimeCodeService).issue(user.id, 'reset-password');
    const wrong = code === '000000' ? '000001' : '000000';
    const unknown = seen(await post('change-password', { email: 'nobody-here@example.edu', code: wrong, password: 'a-new-password-1' }));
    expect(unknown.status).toBe(400);
    expect(seen(await post('change-password', { email: user.email, code: wrong, password: 'a-new-password-1' }))).toEqual(unknown);
  });

  it('resend-code: the same answer whether the account waits for a code, or the mail to it cannot be sent', async () => {
    const waiting = await t.factories.user({ verified: false });
    const unknown = seen(await post('resend-code', { email: 'nobody-here@example.edu' }));
    expect(unknown).toEqual({
      status: 200,
      body: { success: true, data: { message: 'If an account with this email is waiting for confirmation, we sent it a new code.' } },
    });

    smtp.refuse(waiting.user.email);
    expect(seen(await post('resend-code', { email: waiting.user.email }))).toEqual(unknown);
    await t.app.get(AfterAnswer).settled();
    expect(smtp.to(waiting.user.email)).toEqual([]);

    smtp.accept(waiting.user.email);
    expect(seen(await post('resend-code', { email: waiting.user.email }))).toEqual(unknown);
    codeIn(await smtp.waitFor(waiting.user.email, /verification code/));
  });

  it.each<[path: 'forgot-password' | 'resend-code', waitingForCode: boolean, subject: RegExp]>([
    ['forgot-password', false, /reset your password/],
    ['resend-code', true, /verification code/],
  ])('%s answers before any mail goes out: a mail server that does not answer holds nothing up', async (path, waitingForCode, subject) => {
    const { user } = await t.factories.user({ verified: !waitingForCode });
    const unknown = seen(await post(path, { email: 'nobody-here@example.edu' }));
    const release = smtp.hold();
    try {
      // The held mail never goes out before release(): an answer that waited for it would never come. The bound only keeps a slow
      // machine from failing the test.
      const answer = await within(15_000, `POST /api/users/${path}`, post(path, { email: user.email }));
      expect(seen(answer)).toEqual(unknown);
      // The mail was on its way only after the answer, and arrives once the server takes it.
      await until(() => smtp.heldRecipients === 1, 'the mail to reach the mail server');
    } finally {
      release();
    }
    await smtp.waitFor(user.email, subject);
  });
});
