import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CODE_REFUSED, MAX_CODE_ATTEMPTS, OneTimeCodeService } from './one-time-code.service.js';

/** `count` six-digit codes, none of them `code`. */
const wrongCodes = (code: string, count: number) =>
  Array.from({ length: count }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

describe('one-time codes guessed in parallel (runs on SQLite and MariaDB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attemptsOf = async (userId: number) => {
    const rows: { attempts: number | string }[] = await t.dataSource.query('SELECT attempts FROM one_time_codes WHERE user_id = ?', [
      userId,
    ]);
    return rows.map((row) => Number(row.attempts));
  };

  it('counts ten wrong guesses sent at once as tries: the right code sent after them is refused', async () => {
    const { user } = await t.factories.user({ verified: false });
    const code = await t.app.get(OneTimeCodeService).issue(user.id, 'verify-email');

    const guesses = await Promise.all(
      wrongCodes(code, 10).map((guess) => t.http().post('/api/users/confirm-registration').send({ email: user.email, code: guess })),
    );
    expect(guesses.map((res) => [res.status, res.body.data.message])).toEqual(Array(10).fill([400, CODE_REFUSED]));
    expect(await attemptsOf(user.id)).toEqual([MAX_CODE_ATTEMPTS]);

    const right = await t.http().post('/api/users/confirm-registration').send({ email: user.email, code }).expect(400);
    expect(right.body.data).toMatchObject({ message: CODE_REFUSED, err: 'CODE_WRONG' });
    const profile = await t.http().get('/api/users/profile').set('Authorization', t.factories.auth(user)).expect(200);
    expect(profile.body.data.session.is_verified).toBe(false);
  });

  it('counts every guess of ten made at once inside one server, however their steps interleave', async () => {
    const { user } = await t.factories.user({ verified: false });
    const codes = t.app.get(OneTimeCodeService);
    const code = await codes.issue(user.id, 'verify-email');
    const refusals = await Promise.all(
      wrongCodes(code, 10).map((guess) =>
        codes.consume(user.id, 'verify-email', guess).then(
          () => null,
          (error: Error) => error.message,
        ),
      ),
    );
    expect(refusals).toEqual(Array(10).fill(CODE_REFUSED));
    await expect(codes.consume(user.id, 'verify-email', code)).rejects.toThrow(CODE_REFUSED);
    expect(await attemptsOf(user.id)).toEqual([MAX_CODE_ATTEMPTS]);
  });

  it('does the same for the reset code of change-password', async () => {
    const { user, password } = await t.factories.user();
    const code = await t.app.get(OneTimeCodeService).issue(user.id, 'reset-password');

    await Promise.all(
      wrongCodes(code, 10).map((guess) =>
        t.http().post('/api/users/change-password').send({ email: user.email, code: guess, password: 'taken-over-1' }).expect(400),
      ),
    );
    await t.http().post('/api/users/change-password').send({ email: user.email, code, password: 'taken-over-1' }).expect(400);
    await t.http().post('/api/users/login').send({ email: user.email, password: 'taken-over-1' }).expect(401);
    await t.http().post('/api/users/login').send({ email: user.email, password }).expect(200);
  });

  it('still takes the right code after four wrong ones, once', async () => {
    const { user } = await t.factories.user({ verified: false });
    const code = await t.app.get(OneTimeCodeService).issue(user.id, 'verify-email');
    for (const guess of wrongCodes(code, MAX_CODE_ATTEMPTS - 1)) {
      await t.http().post('/api/users/confirm-registration').send({ email: user.email, code: guess }).expect(400);
    }
    const confirmed = await t.http().post('/api/users/confirm-registration').send({ email: user.email, code }).expect(200);
    expect(confirmed.body.data.user.verified).toBe(true);
  });

  it('lets only one of two right answers sent at once use the code', async () => {
    const { user } = await t.factories.user();
    const code = await t.app.get(OneTimeCodeService).issue(user.id, 'reset-password');
    const answers = await Promise.all(
      ['first-new-1', 'second-new-2'].map((password) =>
        t.http().post('/api/users/change-password').send({ email: user.email, code, password }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });
});
