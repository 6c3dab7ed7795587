import { describe, expect, it } from 'vitest';
import { chartPeople, hoursAxis } from './hoursChart';

const person = (volunteerId: number, name: string, expected: number, hoursBefore: number, hoursAfter: number) => ({
  volunteerId,
  name,
  svid: `SV${volunteerId}`,
  teamLeader: false,
  expected,
  hoursBefore,
  hoursAfter,
});

describe('the hours chart', () => {
  it('orders people by hours against expectation after the build, most short first', () => {
    const rows = chartPeople([
      person(1, 'Ada', 25, 10, 25),
      person(2, 'Ben', 25, 0, 20),
      person(3, 'Chen', 60, 30, 52),
      person(4, 'Dee', 25, 28, 31),
    ]);
    expect(rows.map((p) => [p.name, p.before, p.after, p.standing])).toEqual([
      ['Chen', -30, -8, 'farShort'],
      ['Ben', -25, -5, 'farShort'],
      ['Ada', -15, 0, 'met'],
      ['Dee', 3, 6, 'met'],
    ]);
    expect(chartPeople([person(1, 'Ada', 25, 25, 23)])[0]!.standing).toBe('short');
  });

  it('spans every value, zero and the far-short line with room to spare, on round ticks', () => {
    expect(hoursAxis(chartPeople([person(1, 'Ada', 25, 0, 20)]))).toEqual({
      low: -30,
      high: 5,
      ticks: [-30, -25, -20, -15, -10, -5, 0, 5],
    });
    expect(hoursAxis(chartPeople([person(1, 'Ada', 8, 8, 8)]))).toEqual({ low: -5, high: 2, ticks: [-5, -4, -3, -2, -1, 0, 1, 2] });
  });
});
