import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/kit/records';
import { resetLinkProblem } from './resetToken';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const inAnHour = NOW / 1000 + 3600;

describe('resetLinkProblem', () => {
  it('accepts an unexpired password-reset token', () => {
    expect(resetLinkProblem(fakeJwt({ sub: 1, type: 'password-reset', exp: inAnHour }), NOW)).toBeNull();
  });

  it('names the three problems in the kept words', () => {
    expect(resetLinkProblem(null, NOW)).toBe('Invalid password reset token');
    expect(resetLinkProblem('  ', NOW)).toBe('Invalid password reset token');
    expect(resetLinkProblem(fakeJwt({ sub: 1, type: 'password-reset', exp: NOW / 1000 }), NOW)).toBe('Token has expired');
    expect(resetLinkProblem(fakeJwt({ sub: 1, type: 'access', exp: inAnHour }), NOW)).toBe('Token is not valid');
  });

  it('calls a malformed token not valid', () => {
    expect(resetLinkProblem('not-a-jwt', NOW)).toBe('Token is not valid');
    expect(resetLinkProblem('a.%%%.c', NOW)).toBe('Token is not valid');
    expect(resetLinkProblem(`a.${btoa('"text"')}.c`, NOW)).toBe('Token is not valid');
    expect(resetLinkProblem(fakeJwt({ sub: 1, type: 'password-reset' }), NOW)).toBe('Token is not valid');
  });
});
