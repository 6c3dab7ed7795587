import { describe, expect, it } from 'vitest';
import { fillState, fillText } from './shiftFill';

describe('fillState', () => {
  it('tells empty, partly filled and full shifts apart', () => {
    expect(fillState({ assigned: 0, svSlots: 4 })).toBe('empty');
    expect(fillState({ assigned: 2, svSlots: 4 })).toBe('partial');
    expect(fillState({ assigned: 4, svSlots: 4 })).toBe('full');
  });

  it('counts a shift without places as full', () => {
    expect(fillState({ assigned: 0, svSlots: 0 })).toBe('full');
  });

  it('writes assigned over places', () => {
    expect(fillText({ assigned: 3, svSlots: 5 })).toBe('3 / 5');
  });
});
