import { describe, expect, it } from 'vitest';
import { generateSvid } from './svid';

describe('generateSvid', () => {
  it('makes 8 characters of the unambiguous alphabet with at least one letter', () => {
    const made = Array.from({ length: 500 }, generateSvid);
    for (const svid of made) {
      expect(svid).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(svid).toMatch(/[A-Z]/);
    }
    expect(new Set(made).size).toBe(made.length);
  });
});
