import { describe, expect, it } from 'vitest';
import { dailySeries, funnelShares, niceMax } from './dailySeries';

describe('dailySeries', () => {
  it('fills the days between the first and the last with zeros, in order', () => {
    expect(
      dailySeries([
        { date: '2026-03-03', started: 1, completed: 1 },
        { date: '2026-02-27', started: 4, completed: 0 },
      ]),
    ).toEqual([
      { date: '2026-02-27', started: 4, completed: 0 },
      { date: '2026-02-28', started: 0, completed: 0 },
      { date: '2026-03-01', started: 0, completed: 0 },
      { date: '2026-03-02', started: 0, completed: 0 },
      { date: '2026-03-03', started: 1, completed: 1 },
    ]);
  });

  it('answers nothing for no days', () => {
    expect(dailySeries([])).toEqual([]);
  });
});

describe('niceMax', () => {
  it('rounds up to 1, 2, 5 or 10 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 42, 99, 101, 480].map(niceMax)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 500]);
  });
});

describe('funnelShares', () => {
  it('gives each step as a share of the first', () => {
    expect(funnelShares([8, 6, 3])).toEqual([100, 75, 38]);
    expect(funnelShares([0, 0])).toEqual([0, 0]);
  });
});
