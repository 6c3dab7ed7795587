import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { MaxLength, validateSync } from 'class-validator';
import { MaxChars, charCount } from './max-chars.js';

class Named {
  @MaxChars(100)
  name!: unknown;
}

class NamedByClassValidator {
  @MaxLength(100)
  name!: unknown;
}

const problems = (cls: new () => object, name: unknown) =>
  validateSync(plainToInstance(cls, { name })).flatMap((e) => Object.values(e.constraints ?? {}));

/** 100 letters, each followed by the emoji variation selector: 200 characters for MySQL. */
const VARIATION_SELECTED = 'a\uFE0F'.repeat(100);

describe('charCount', () => {
  it.each([
    ['plain letters', 'Ada', 3],
    ['an emoji outside the BMP (a surrogate pair in JavaScript)', '😀', 1],
    ['a letter and a variation selector', 'a\uFE0F', 2],
    ['a letter and a combining accent', 'e\u0301', 2],
    ['a family emoji joined by ZWJs', '👩‍👩‍👧', 5],
    ['a lone surrogate', '\uD800', 1],
    ['nothing', '', 0],
  ])('counts code points, as a utf8mb4 VARCHAR does: %s', (_case, text, count) => {
    expect(charCount(text)).toBe(count);
  });
});

describe('MaxChars', () => {
  it('refuses 100 letters each followed by a variation selector at 100, which MaxLength lets through', () => {
    expect(problems(NamedByClassValidator, VARIATION_SELECTED)).toEqual([]);
    expect(problems(Named, VARIATION_SELECTED)).toEqual(['name must be at most 100 characters']);
  });

  it('takes 100 emoji at 100 (one character each in the database), and refuses the 101st', () => {
    expect(problems(Named, '😀'.repeat(100))).toEqual([]);
    expect(problems(Named, '😀'.repeat(101))).toEqual(['name must be at most 100 characters']);
  });

  it('refuses what is not text, as MaxLength does', () => {
    expect(problems(Named, 42)).toEqual(['name must be at most 100 characters']);
  });
});
