import { describe, expect, it } from '@jest/globals';
import { PASSWORD_MIN_LENGTH, canChangePassword, canLogin, canRegister, normaliseEmail } from './account.js';

describe('account form rules', () => {
  const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.edu', password: 'secret' };

  it('enables register only with every field and a password of at least 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(canRegister(form)).toBe(true);
    expect(canRegister({ ...form, password: 'short' })).toBe(false);
    expect(canRegister({ ...form, firstName: ' ' })).toBe(false);
    expect(canRegister({ ...form, lastName: '' })).toBe(false);
    expect(canRegister({ ...form, email: undefined })).toBe(false);
  });

  it('enables login with an email and a password while not busy', () => {
    expect(canLogin({ email: 'a@b.c', password: 'x' }, false)).toBe(true);
    expect(canLogin({ email: 'a@b.c', password: 'x' }, true)).toBe(false);
    expect(canLogin({ email: '', password: 'x' }, false)).toBe(false);
    expect(canLogin({ email: 'a@b.c', password: '' }, false)).toBe(false);
  });

  it('enables change password only when both are filled and equal', () => {
    expect(canChangePassword('abcdef', 'abcdef')).toBe(true);
    expect(canChangePassword('abcdef', 'abcdeg')).toBe(false);
    expect(canChangePassword('', '')).toBe(false);
  });

  it('stores and compares an email address trimmed and in lower case', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.EDU \n')).toBe('ada.lovelace@example.edu');
    expect(normaliseEmail('ada@example.edu')).toBe('ada@example.edu');
  });
});
