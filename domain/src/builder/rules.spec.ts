import { describe, expect, it } from '@jest/globals';
import { unavailableIntervals } from '../schedule/rule-inputs.js';
import { parsePacific } from '../schedule/time.js';
import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type RuleCause,
  type RuleName,
  RULE_NAMES,
  assignmentBreaks,
  capacityBreaks,
  firstBreak,
  firstCause,
  fitsShift,
  scheduleBreaks,
} from './rules.js';
import { aVolunteer } from './volunteer.fixture.js';
import { buildSchedule } from './build.js';

/**
 * One scenario per hard rule of the schedule: a small schedule (one volunteer, one or two shifts; two
 * volunteers for a shift's places) that breaks the rule and nothing else, and a neighbouring one, a
 * minute or a setting away, that breaks nothing. Times are Pacific local, as organisers and volunteers
 * write them. Adding a rule to RULE_NAMES without its scenarios here fails the last test. The builder
 * is held to each scenario too: given the schedule without the judged assignment, it never makes a
 * broken one and always makes one that holds (the only person, a free place).
 */

/** The instant of a Pacific local day and time. */
const at = (day: string, time: string): number => parsePacific(`${day} ${time}`)!.getTime();

const PRE = '2026-08-08';
const DAY = '2026-08-10';

const shift = (id: number, day: string, from: string, to: string, extra: Partial<BuilderShift> = {}): BuilderShift => ({
  id,
  venueId: 1,
  start: at(day, from),
  end: to <= from ? at(nextDay(day), to) : at(day, to),
  day,
  slots: 2,
  preconference: false,
  requires: 'none',
  ...extra,
});
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const volunteer = (extra: Partial<BuilderVolunteer> = {}) =>
  aVolunteer(1, { name: 'Ada Lopez', expectedHours: 20, experienceYears: 0, ...extra });

interface Scenario {
  /** What the schedule is, in words. */
  what: string;
  volunteers: BuilderVolunteer[];
  shifts: BuilderShift[];
  /** The last assignment is the one judged; the volunteer's others are what they already hold. */
  assignments: BuilderAssignment[];
}

interface RuleScenarios {
  broken: Scenario[];
  holds: Scenario[];
  /** The finer cause of each broken scenario, in order (for the rules that have more than one). */
  causes?: RuleCause[];
}

/** One volunteer on the given shifts, in order. */
const alone = (what: string, person: BuilderVolunteer, ...shifts: BuilderShift[]): Scenario => ({
  what,
  volunteers: [person],
  shifts,
  assignments: shifts.map((s) => ({ volunteerId: person.id, shiftId: s.id })),
});

const leader = (ledVenues: number[], extra: Partial<BuilderVolunteer> = {}) => volunteer({ teamLeader: true, ledVenues, ...extra });
const notToday = (day: string, from: string | null, to: string | null) =>
  volunteer({ unavailable: unavailableIntervals([{ day, from, to }]) });

const SCENARIOS: Record<RuleName, RuleScenarios> = {
  capacity: {
    broken: [
      {
        what: 'two volunteers on a shift with one place',
        volunteers: [volunteer(), volunteer({ id: 2, name: 'Ben Ito' })],
        shifts: [shift(10, DAY, '09:00', '13:00', { slots: 1 })],
        assignments: [
          { volunteerId: 1, shiftId: 10 },
          { volunteerId: 2, shiftId: 10 },
        ],
      },
    ],
    holds: [
      {
        what: 'two volunteers on a shift with two places',
        volunteers: [volunteer(), volunteer({ id: 2, name: 'Ben Ito' })],
        shifts: [shift(10, DAY, '09:00', '13:00', { slots: 2 })],
        assignments: [
          { volunteerId: 1, shiftId: 10 },
          { volunteerId: 2, shiftId: 10 },
        ],
      },
    ],
  },
  preconference: {
    broken: [
      alone(
        'a pre-conference shift for someone who did not ask for one',
        volunteer(),
        shift(10, PRE, '14:00', '18:00', { preconference: true }),
      ),
      alone(
        'a pre-conference shift starting at 11:59 for someone who can start at noon',
        volunteer({ preconference: { wanted: true, from: at(PRE, '12:00') } }),
        shift(10, PRE, '11:59', '16:00', { preconference: true }),
      ),
    ],
    holds: [
      alone('the same shift once it is not a pre-conference one', volunteer(), shift(10, PRE, '14:00', '18:00')),
      alone(
        'a pre-conference shift for someone who asked, with no start given',
        volunteer({ preconference: { wanted: true, from: null } }),
        shift(10, PRE, '08:00', '12:00', { preconference: true }),
      ),
      alone(
        'a pre-conference shift starting at noon for someone who can start at noon',
        volunteer({ preconference: { wanted: true, from: at(PRE, '12:00') } }),
        shift(10, PRE, '12:00', '16:00', { preconference: true }),
      ),
    ],
    causes: ['preconference-not-asked', 'preconference-later'],
  },
  'team-leader': {
    broken: [
      alone(
        'a shift needing a team leader for an experienced volunteer who is not one',
        volunteer({ experienceYears: 3 }),
        shift(10, DAY, '09:00', '13:00', { requires: 'team-leader' }),
      ),
    ],
    holds: [
      alone('the same shift for a team leader of its venue', leader([1]), shift(10, DAY, '09:00', '13:00', { requires: 'team-leader' })),
    ],
  },
  'team-leader-venue': {
    broken: [
      alone('a team leader of venue 2 on a shift at venue 1', leader([2]), shift(10, DAY, '09:00', '13:00')),
      alone('a team leader who leads no venue yet', leader([]), shift(10, DAY, '09:00', '13:00')),
    ],
    holds: [alone('a team leader of venues 1 and 2 on a shift at venue 1', leader([2, 1]), shift(10, DAY, '09:00', '13:00'))],
  },
  experience: {
    broken: [
      alone(
        'a shift needing experience for a first-time volunteer',
        volunteer({ experienceYears: 0 }),
        shift(10, DAY, '09:00', '13:00', { requires: 'experienced' }),
      ),
    ],
    holds: [
      alone(
        'the same shift for someone who volunteered one year before',
        volunteer({ experienceYears: 1 }),
        shift(10, DAY, '09:00', '13:00', { requires: 'experienced' }),
      ),
      alone(
        'the same shift for a first-time team leader of its venue',
        leader([1], { experienceYears: 0 }),
        shift(10, DAY, '09:00', '13:00', { requires: 'experienced' }),
      ),
    ],
  },
  unavailable: {
    broken: [
      alone('a shift from 11:00 for someone away 09:00–12:00 Pacific', notToday(DAY, '09:00', '12:00'), shift(10, DAY, '11:00', '13:00')),
      alone('a shift ending at 09:01 for someone away from 09:00', notToday(DAY, '09:00', '12:00'), shift(10, DAY, '07:00', '09:01')),
      // 18:00–22:00 Pacific is 01:00–05:00 UTC the next day: still the Pacific day they are away.
      alone('an evening shift for someone away the whole Pacific day', notToday(DAY, null, null), shift(10, DAY, '18:00', '22:00')),
    ],
    holds: [
      alone('a shift from 12:00 for someone away 09:00–12:00 Pacific', notToday(DAY, '09:00', '12:00'), shift(10, DAY, '12:00', '14:00')),
      alone('a shift ending at 09:00 for someone away from 09:00', notToday(DAY, '09:00', '12:00'), shift(10, DAY, '07:00', '09:00')),
      alone(
        'a shift the next morning for someone away the whole day before',
        notToday(DAY, null, null),
        shift(10, nextDay(DAY), '00:00', '04:00'),
      ),
    ],
  },
  overlap: {
    broken: [
      alone('two shifts sharing an hour', volunteer(), shift(10, DAY, '09:00', '13:00'), shift(11, DAY, '12:00', '16:00')),
      alone('two shifts at the same times', volunteer(), shift(10, DAY, '09:00', '13:00'), shift(11, DAY, '09:00', '13:00')),
    ],
    holds: [alone('two shifts back to back', volunteer(), shift(10, DAY, '09:00', '13:00'), shift(11, DAY, '13:00', '17:00'))],
  },
  'daily-maximum': {
    broken: [
      alone(
        '5 + 4 hours on one day for someone who works at most 8',
        volunteer({ maxHoursPerDay: 8 }),
        shift(10, DAY, '08:00', '13:00'),
        shift(11, DAY, '14:00', '18:00'),
      ),
      alone('a single 9-hour shift for someone who works at most 8', volunteer({ maxHoursPerDay: 8 }), shift(10, DAY, '08:00', '17:00')),
    ],
    holds: [
      alone(
        '5 + 3 hours on one day for someone who works at most 8',
        volunteer({ maxHoursPerDay: 8 }),
        shift(10, DAY, '08:00', '13:00'),
        shift(11, DAY, '14:00', '17:00'),
      ),
      // The evening shift runs past midnight but counts for the Pacific day it starts on.
      alone(
        '5 hours in the evening and 5 the next morning for someone who works at most 8',
        volunteer({ maxHoursPerDay: 8 }),
        shift(10, DAY, '20:00', '01:00'),
        shift(11, nextDay(DAY), '08:00', '13:00'),
      ),
    ],
  },
  rest: {
    broken: [
      alone(
        'half an hour between shifts for someone who needs an hour',
        volunteer({ minRestMinutes: 60 }),
        shift(10, DAY, '09:00', '12:00'),
        shift(11, DAY, '12:30', '15:00'),
      ),
      alone(
        'shifts back to back for someone who needs an hour',
        volunteer({ minRestMinutes: 60 }),
        shift(10, DAY, '09:00', '12:00'),
        shift(11, DAY, '12:00', '15:00'),
      ),
      alone(
        'the later shift taken first, half an hour before the next',
        volunteer({ minRestMinutes: 60 }),
        shift(11, DAY, '12:30', '15:00'),
        shift(10, DAY, '09:00', '12:00'),
      ),
    ],
    holds: [
      alone(
        'an hour between shifts for someone who needs an hour',
        volunteer({ minRestMinutes: 60 }),
        shift(10, DAY, '09:00', '12:00'),
        shift(11, DAY, '13:00', '15:00'),
      ),
      alone(
        'shifts back to back for someone who needs no rest',
        volunteer({ minRestMinutes: 0 }),
        shift(10, DAY, '09:00', '12:00'),
        shift(11, DAY, '12:00', '15:00'),
      ),
    ],
  },
};

/** The judged assignment of a scenario: its volunteer, its shift, and the other shifts that volunteer holds. */
function judged({ volunteers, shifts, assignments }: Scenario) {
  const last = assignments.at(-1)!;
  const person = volunteers.find((v) => v.id === last.volunteerId)!;
  const shiftOf = (id: number) => shifts.find((s) => s.id === id)!;
  const held = assignments.slice(0, -1).filter((a) => a.volunteerId === person.id);
  return { person, candidate: shiftOf(last.shiftId), held: held.map((a) => shiftOf(a.shiftId)) };
}

const rulesOf = ({ volunteers, shifts, assignments }: Scenario) => scheduleBreaks(volunteers, shifts, assignments).map((b) => b.rule);

/** The builder on a scenario's schedule: every assignment but the judged one kept, every shift to fill; whether it makes the judged one. */
function builderMakes({ volunteers, shifts, assignments }: Scenario) {
  const last = assignments.at(-1)!;
  const built = buildSchedule({ volunteers, shifts, kept: assignments.slice(0, -1), seed: 1 });
  return {
    made: built.assignments.some((a) => a.volunteerId === last.volunteerId && a.shiftId === last.shiftId),
    breaks: scheduleBreaks(volunteers, shifts, built.assignments).map((b) => b.rule),
  };
}

describe.each(RULE_NAMES.map((rule) => [rule]))('the rule %s', (rule: RuleName) => {
  const scenarios = SCENARIOS[rule] as RuleScenarios | undefined;

  it('has a scenario that breaks it and one that keeps it', () => {
    expect(scenarios?.broken.length).toBeGreaterThan(0);
    expect(scenarios?.holds.length).toBeGreaterThan(0);
  });

  for (const [i, scenario] of (scenarios?.broken ?? []).entries()) {
    it(`is named, alone, for ${scenario.what}`, () => {
      const named = rulesOf(scenario);
      expect(named.length).toBeGreaterThan(0);
      expect(new Set(named)).toEqual(new Set([rule]));
      if (rule === 'capacity') {
        expect(capacityBreaks(scenario.shifts, scenario.assignments).map((b) => b.rule)).toEqual(['capacity']);
        return;
      }
      const { person, candidate, held } = judged(scenario);
      expect(assignmentBreaks(person, candidate, held).map((b) => b.rule)).toEqual([rule]);
      expect(firstBreak(person, candidate, held)).toMatchObject({ rule, volunteerId: person.id, shiftId: candidate.id });
      expect(fitsShift(person, candidate, held)).toBe(false);
      expect(firstCause(person, candidate, held)).toBe(scenarios!.causes?.[i] ?? rule);
    });

    it(`keeps the builder from making it, for ${scenario.what}`, () => {
      expect(builderMakes(scenario)).toEqual({ made: false, breaks: [] });
    });
  }

  for (const scenario of scenarios?.holds ?? []) {
    it(`holds for ${scenario.what}`, () => {
      expect(rulesOf(scenario)).toEqual([]);
      if (rule === 'capacity') return;
      const { person, candidate, held } = judged(scenario);
      expect(assignmentBreaks(person, candidate, held)).toEqual([]);
      expect(firstBreak(person, candidate, held)).toBeNull();
      expect(fitsShift(person, candidate, held)).toBe(true);
    });

    it(`lets the builder make it, for ${scenario.what}`, () => {
      expect(builderMakes(scenario)).toEqual({ made: true, breaks: [] });
    });
  }
});

describe('the scenarios', () => {
  it('cover every rule of RULE_NAMES, and only those', () => {
    const covered = Object.keys(SCENARIOS);
    expect(RULE_NAMES.filter((rule) => !covered.includes(rule))).toEqual([]);
    expect(covered.filter((rule) => !(RULE_NAMES as readonly string[]).includes(rule))).toEqual([]);
    for (const rule of RULE_NAMES) {
      expect({ rule, broken: SCENARIOS[rule].broken.length > 0, holds: SCENARIOS[rule].holds.length > 0 }).toEqual({
        rule,
        broken: true,
        holds: true,
      });
    }
  });

  it('name each finer cause they list, one per broken scenario', () => {
    for (const rule of RULE_NAMES) {
      const { broken, causes } = SCENARIOS[rule];
      if (causes) expect({ rule, causes: causes.length }).toEqual({ rule, causes: broken.length });
    }
  });
});
