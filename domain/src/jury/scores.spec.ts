import { describe, expect, it } from '@jest/globals';
import { juryScoreProblems } from './scores.js';

const valid = { essay1: 1, essay2: 5, essay3: 3, overall: 0, red_flag: 1 };

describe('jury score values', () => {
  it('accepts all five values in range', () => {
    expect(juryScoreProblems(valid)).toEqual([]);
  });

  it('requires all five', () => {
    expect(juryScoreProblems({})).toHaveLength(5);
    expect(juryScoreProblems({ ...valid, essay2: undefined })).toEqual([{ field: 'essay2', message: 'essay2 is required' }]);
    expect(juryScoreProblems({ ...valid, red_flag: null })).toEqual([{ field: 'red_flag', message: 'red_flag is required' }]);
  });

  it('keeps essays to 1..5 and overall and red flag to 0/1, as whole numbers', () => {
    for (const bad of [0, 6, 2.5, '3', true]) expect(juryScoreProblems({ ...valid, essay1: bad })[0]?.field).toBe('essay1');
    for (const bad of [2, -1, '1', true]) {
      expect(juryScoreProblems({ ...valid, overall: bad })[0]?.message).toBe('overall must be 1 (Yes) or 0 (No)');
      expect(juryScoreProblems({ ...valid, red_flag: bad })[0]?.message).toBe('red_flag must be 0 (No) or 1 (Yes)');
    }
  });
});
