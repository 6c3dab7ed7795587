import { describe, expect, it } from '@jest/globals';
import type { PersonFit } from '../contract/builder.js';
import { arrangePeople, peopleCounts } from './why-not.js';

const person = (volunteerId: number, name: string, extra: Partial<PersonFit> = {}): PersonFit => ({
  volunteerId,
  name,
  svid: `SV${volunteerId}`,
  teamLeader: false,
  hours: 10,
  expected: 25,
  prefersVenue: false,
  onShift: false,
  fits: false,
  rule: null,
  reason: null,
  exceptable: false,
  exception: null,
  ...extra,
});

const people = [
  person(1, 'Zoë Ng', { rule: 'rest', reason: 'needs rest' }),
  person(2, 'Ana Li', { fits: true, hours: 20 }),
  person(3, 'Bo Kim', { fits: true, hours: 5 }),
  person(4, 'Cy Ode', { onShift: true }),
  person(5, 'Dee Ray', { rule: 'preconference', reason: 'did not ask', exceptable: true }),
  person(6, 'Eve Fox', { fits: true, hours: 22, prefersVenue: true }),
];
const ids = (list: PersonFit[]) => list.map((p) => p.volunteerId);

describe('a shift’s people, why not', () => {
  it('puts those on the shift first, then who fits (their venue, then furthest below their hours), then who does not by rule order', () => {
    expect(ids(arrangePeople(people))).toEqual([4, 6, 3, 2, 5, 1]);
  });

  it('sorts by name or by hours short, and filters by words, standing and rule', () => {
    expect(ids(arrangePeople(people, { sort: 'name' }))).toEqual([2, 3, 4, 5, 6, 1]);
    expect(ids(arrangePeople(people, { sort: 'hours' }))).toEqual([3, 4, 5, 1, 2, 6]);
    expect(ids(arrangePeople(people, { q: 'zoe' }))).toEqual([1]);
    expect(ids(arrangePeople(people, { q: 'sv5' }))).toEqual([5]);
    expect(ids(arrangePeople(people, { status: 'fits' }))).toEqual([6, 3, 2]);
    expect(ids(arrangePeople(people, { status: 'blocked' }))).toEqual([5, 1]);
    expect(ids(arrangePeople(people, { status: 'on' }))).toEqual([4]);
    expect(ids(arrangePeople(people, { rule: 'preconference' }))).toEqual([5]);
  });

  it('counts who is on it, who fits and who each rule keeps off', () => {
    expect(peopleCounts(people)).toEqual({
      on: 1,
      fits: 3,
      byRule: [
        ['preconference', 1],
        ['rest', 1],
      ],
    });
  });
});
