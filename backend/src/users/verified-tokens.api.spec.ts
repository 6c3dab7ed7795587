import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { MAX_VERIFIED_TOKENS, VerifiedTokens } from './verified-tokens.js';

// A token's signature is checked once per process (passport), then its claims are reused: what can
// change about a session must still be checked on every request, and nothing but the exact token
// that passed may ride on it.
describe('a token already checked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const settings = (token: string) => t.http().get('/api/admin/settings').set('Authorization', `Bearer ${token}`);

  it('does not let a forged twin in: another payload under its signature, or its payload under another signature', async () => {
    const admin = await t.factories.admin();
    const applicant = await t.factories.applicant();
    await settings(admin.token).expect(200);
    await settings(admin.token).expect(200);
    const [header, payload, signature] = admin.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const asOther = Buffer.from(JSON.stringify({ ...claims, sub: applicant.user.id })).toString('base64url');
    const refused = [
      `${header}.${asOther}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}xx`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
    ];
    for (const forged of refused) {
      expect((await settings(forged).expect(401)).body.message).toBe('Your session is not valid. Please sign in again.');
    }
    // The applicant's own token still answers as the applicant.
    await settings(applicant.token).expect(403);
  });

  it('still expires on the clock', async () => {
    const admin = await t.factories.admin();
    await settings(admin.token).expect(200);
    await settings(admin.token).expect(200);
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await settings(admin.token).expect(401)).body).toEqual({
      message: 'Your session has expired. Please sign in again.',
      err: 'TOKEN_EXPIRED',
    });
  });
});

describe('VerifiedTokens', () => {
  it(`keeps at most ${MAX_VERIFIED_TOKENS} tokens, letting the oldest go first`, () => {
    const tokens = new VerifiedTokens();
    for (let i = 0; i <= MAX_VERIFIED_TOKENS; i += 1) tokens.remember(`token-${i}`, { sub: i });
    expect(tokens.size).toBe(MAX_VERIFIED_TOKENS);
    expect(tokens.get('token-0')).toBeUndefined();
    expect(tokens.get('token-1')).toEqual({ sub: 1 });
    expect(tokens.get(`token-${MAX_VERIFIED_TOKENS}`)).toEqual({ sub: MAX_VERIFIED_TOKENS });
  });

  it('hands out claims no caller can change', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a', { sub: 1, exp: 10 });
    expect(() => {
      (tokens.get('a') as { exp: number }).exp = 99;
    }).toThrow(TypeError);
  });
});
