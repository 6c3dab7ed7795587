import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPath } from './returnTo';

describe('safeReturnTo', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnTo('/confirmation')).toBe('/confirmation');
    expect(safeReturnTo('/schedule/sv?day=2025-08-10')).toBe('/schedule/sv?day=2025-08-10');
    expect(safeReturnTo('/application/view#essays')).toBe('/application/view#essays');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a full URL', 'https://evil.example/confirmation'],
    ['a protocol-relative URL', '//evil.example/confirmation'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later on', '/confirmation\\..\\x'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'confirmation'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a newline', '/confirmation\n'],
    ['Home', '/'],
    ['Home with a query', '/?x=1'],
    ['the sign-in page', '/login?returnTo=%2Fconfirmation'],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});

describe('signInPath', () => {
  it('names the page asked for, query included', () => {
    expect(signInPath({ pathname: '/confirmation', search: '?from=offer', hash: '' })).toBe(
      '/login?returnTo=%2Fconfirmation%3Ffrom%3Doffer',
    );
  });

  it('is the plain sign-in page for a path that cannot come back', () => {
    expect(signInPath({ pathname: '//evil.example', search: '', hash: '' })).toBe('/login');
  });
});
