import { describe, expect, it } from '@jest/globals';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, bodyProblem } from './body-guard.js';

/** Whether `value` holds arrays or objects nested deeper than `limit`. */
const nestedDeeperThan = (value: unknown, limit: number): boolean => bodyProblem(value, limit)?.kind === 'tooDeep';
const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : depth % 2 ? [nest(depth - 1)] : { a: nest(depth - 1) });

describe('nestedDeeperThan', () => {
  it('lets flat values and bodies up to the limit through', () => {
    expect(nestedDeeperThan('text', MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan({ data: { essays: ['a', 'b'], address: { city: 'Vancouver' } } }, MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  });

  it('finds a body one level too deep, and one 100,000 levels deep without running out of stack', () => {
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(nestedDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });

  it('looks at every branch, not only the first', () => {
    expect(nestedDeeperThan({ shallow: 1, list: [1, 2, { deep: nest(MAX_JSON_DEPTH) }] }, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('bodyProblem', () => {
  it('names the field holding a lone surrogate, in a value or in a key', () => {
    expect(bodyProblem({ first_name: 'Ada\uD800' })).toEqual({ kind: 'notText', field: 'first_name' });
    expect(bodyProblem({ data: { essays: ['fine', 'bad \uDFFF'] } })).toEqual({ kind: 'notText', field: 'data.essays.1' });
    expect(bodyProblem({ data: { ['\uD800']: 1 } })).toEqual({ kind: 'notText', field: 'data' });
  });

  it('refuses more values than any call takes, and lets a body at the limit through', () => {
    expect(bodyProblem(Array.from({ length: MAX_JSON_VALUES }, () => []))).toBeNull();
    expect(bodyProblem(Array.from({ length: MAX_JSON_VALUES + 1 }, () => []))).toEqual({ kind: 'tooMany' });
    expect(bodyProblem({ a: Array.from({ length: MAX_JSON_VALUES }, (_, i) => i) })).toEqual({ kind: 'tooMany' });
  });

  it('lets every well-formed script and emoji through', () => {
    expect(bodyProblem({ essay: '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦 中文 العربية Ελληνικά \u0000' })).toBeNull();
  });
});
