import { describe, expect, it } from '@jest/globals';
import { waitlistOrder } from './waitlist-order.js';

const at = (day: number) => new Date(Date.UTC(2026, 1, day));

describe('waitlistOrder', () => {
  it('puts the best average jury score first', () => {
    const candidates = [
      { applicationId: 1, submittedAt: at(1) },
      { applicationId: 2, submittedAt: at(2) },
      { applicationId: 3, submittedAt: at(3) },
    ];
    const averages = new Map([
      [1, 3.2],
      [2, 4.5],
      [3, 3.9],
    ]);
    expect(waitlistOrder(candidates, averages).map((c) => c.applicationId)).toEqual([2, 3, 1]);
  });

  it('puts applications nobody scored after every scored one, even a low score', () => {
    const candidates = [
      { applicationId: 1, submittedAt: at(1) },
      { applicationId: 2, submittedAt: at(2) },
    ];
    expect(waitlistOrder(candidates, new Map([[2, 1]])).map((c) => c.applicationId)).toEqual([2, 1]);
  });

  it('breaks ties by the earlier submission, then the lower id', () => {
    const candidates = [
      { applicationId: 9, submittedAt: at(5) },
      { applicationId: 4, submittedAt: at(5) },
      { applicationId: 7, submittedAt: at(2) },
      { applicationId: 8, submittedAt: null },
    ];
    const averages = new Map([
      [9, 4],
      [4, 4],
      [7, 4],
      [8, 4],
    ]);
    expect(waitlistOrder(candidates, averages).map((c) => c.applicationId)).toEqual([7, 4, 9, 8]);
    expect(waitlistOrder(candidates, new Map()).map((c) => c.applicationId)).toEqual([7, 4, 9, 8]);
  });

  it('leaves its input alone', () => {
    const candidates = [
      { applicationId: 2, submittedAt: at(2) },
      { applicationId: 1, submittedAt: at(1) },
    ];
    waitlistOrder(candidates, new Map());
    expect(candidates.map((c) => c.applicationId)).toEqual([2, 1]);
  });
});
