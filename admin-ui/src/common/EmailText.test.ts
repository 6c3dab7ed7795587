import { describe, expect, it } from 'vitest';
import { emailParts } from './EmailText';

describe('emailParts', () => {
  it('cuts an address after each separator of the name and after the @, keeping the domain whole', () => {
    expect(emailParts('grace.brewster.hopper@navy.example.mil')).toEqual(['grace.', 'brewster.', 'hopper@', 'navy.example.mil']);
    expect(emailParts('ada_lovelace+sv-2026@example.edu')).toEqual(['ada_', 'lovelace+', 'sv-', '2026@', 'example.edu']);
    expect(emailParts('ada@example.edu')).toEqual(['ada@', 'example.edu']);
    expect(emailParts('émile.durand.1795@exemple.fr')).toEqual(['émile.', 'durand.', '1795@', 'exemple.fr']);
  });

  it('keeps every character, in order', () => {
    for (const email of ['a..b@x.y', '.dot@x', 'odd--name__x@y.z', 'no-at-sign', '@nobody', 'x@'])
      expect(emailParts(email).join('')).toBe(email);
  });
});
