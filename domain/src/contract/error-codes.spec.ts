import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, ErrorCode, isErrorCode } from './error-codes.js';

const API_DOC = new URL('../../../docs/api.md', import.meta.url);

/** Every code in the first column of the tables under docs/api.md's '## Error codes' (a cell may list several). */
function documentedCodes(markdown: string): string[] {
  const section = markdown.split(/^## Error codes$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error("docs/api.md has no '## Error codes' section");
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!));
}

describe('the error codes', () => {
  it('are each declared once, with a distinct value', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain(ErrorCode.Stale);
    expect(ERROR_CODES.every((code) => /^[A-Z][A-Z_]+$/.test(code))).toBe(true);
  });

  it('tell a code of the contract from any other text', () => {
    expect(isErrorCode('STALE')).toBe(true);
    expect(isErrorCode('VALIDATION')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it("are exactly the codes docs/api.md's error-code tables list", () => {
    const documented = documentedCodes(readFileSync(API_DOC, 'utf8'));
    const missingFromDocs = ERROR_CODES.filter((code) => !documented.includes(code));
    const unknownInDocs = [...new Set(documented)].filter((code) => !isErrorCode(code));
    expect({ missingFromDocs, unknownInDocs }).toEqual({ missingFromDocs: [], unknownInDocs: [] });
  });
});
