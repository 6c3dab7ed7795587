import { type BoundContext, type BoundWorld, boundWorld } from './bound.js';
import type { BuilderShift, BuilderVolunteer } from './rules.js';
import { ProgramWriter, type LinearProgram, type Solver } from './solver.js';

/**
 * Lower bounds on how far from their expectation any schedule must leave people, as programs a solver
 * (HiGHS) answers. Per person and day (bound.ts's `boundWorld`): the most hours they could work beside
 * what they must keep. People alike in the rules that shape their hours (team leaders of the same
 * venues, experience, pre-conference wish and start, rest, most hours a day, expected hours) form a
 * class; h(c,d) is the hours class c works on day d, at most the sum of its members' most hours that
 * day and the slot hours of the shifts they could take. A day's classes share its slot hours left
 * beside the kept ones, and the classes of new volunteers share those of the shifts without a
 * requirement. Every real schedule is a solution, so each optimum is a lower bound:
 * - the largest shortfall: a class's average shortfall never exceeds its largest, and nobody can
 *   work more than the most hours they could alone;
 * - the mean shortfall: a class falls short by at least its members' total shortfall against what they
 *   could alone, and at least by its total expected hours less what it works;
 * - the hours spread (a quadratic program): within a class, uneven hours only add to it.
 */
export interface HoursBoundPrograms {
  largestShortfall: LinearProgram;
  /** Divide the optimum by `people`. */
  meanShortfall: LinearProgram;
  /** The optimum is Σ n(c)·(average difference − mean)² (the quadratic part included): the spread is √(optimum ÷ people). */
  hoursSpread: LinearProgram;
  people: number;
  /** The most hours each volunteer could work, kept ones included (their capacity alone). */
  capacityOf: Map<number, number>;
}

const HOUR = 3_600_000;

const classKey = (v: BuilderVolunteer) =>
  JSON.stringify([
    v.teamLeader ? [...v.ledVenues].sort((a, b) => a - b) : null,
    v.teamLeader || v.experienceYears >= 1,
    v.preconference.wanted,
    v.preconference.from,
    v.minRestMinutes ?? 0,
    v.maxHoursPerDay,
    v.expectedHours,
  ]);

export function hoursBoundPrograms(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  context: BoundContext = {},
  world: BoundWorld = boundWorld(volunteers, shifts, context),
): HoursBoundPrograms {
  const sorted = [...volunteers].sort((a, b) => a.id - b.id);
  const classes = new Map<string, BuilderVolunteer[]>();
  for (const v of sorted) classes.set(classKey(v), [...(classes.get(classKey(v)) ?? []), v]);
  const list = [...classes.values()];
  const left = (s: BuilderShift) => (s.slots - (world.keptOn.get(s.id) ?? 0)) * ((s.end - s.start) / HOUR);
  const capacityOf = new Map<number, number>();
  for (const v of sorted) {
    const days = world.personDays.get(v.id)!;
    capacityOf.set(v.id, world.keptHours.get(v.id)! + [...days.values()].reduce((n, d) => n + d.mostHours, 0));
  }
  // Nobody works more than they could alone.
  const individually = Math.max(0, ...sorted.map((v) => v.expectedHours - capacityOf.get(v.id)!));

  // What each class could work each day: its members' most hours, and the slot hours of the shifts any of them may take.
  const upper = world.days.map((day) => {
    const dayShifts = world.shiftsOn.get(day)!;
    const position = new Map(dayShifts.map((s, i) => [s.id, i]));
    const marked = new Int32Array(dayShifts.length).fill(-1);
    return list.map((members, c) => {
      let most = 0;
      let slotHours = 0;
      for (const v of members) {
        const today = world.personDays.get(v.id)!.get(day);
        if (!today) continue;
        most += today.mostHours;
        for (const s of today.shifts) {
          const at = position.get(s.id)!;
          if (marked[at] === c) continue;
          marked[at] = c;
          slotHours += left(s);
        }
      }
      return Math.min(most, slotHours);
    });
  });
  const dayTotals = world.days.map((day) => {
    const dayShifts = world.shiftsOn.get(day)!;
    return {
      all: dayShifts.reduce((n, s) => n + left(s), 0),
      open: dayShifts.filter((s) => s.requires === 'none').reduce((n, s) => n + left(s), 0),
    };
  });
  /** The shared part: the h(c,d) columns and the day rows; answers the columns of each class. */
  const shared = (program: ProgramWriter) => {
    const ofClass: number[][] = list.map(() => []);
    world.days.forEach((_, d) => {
      const all: number[] = [];
      const newcomers: number[] = [];
      list.forEach((members, c) => {
        if (upper[d]![c]! <= 1e-9) return;
        const column = program.column(0, 0, upper[d]![c]!, false);
        ofClass[c]!.push(column);
        all.push(column);
        if (!members[0]!.teamLeader && members[0]!.experienceYears < 1) newcomers.push(column);
      });
      program.row(all, 1, -Infinity, dayTotals[d]!.all);
      program.row(newcomers, 1, -Infinity, dayTotals[d]!.open);
    });
    return ofClass;
  };
  const owed = (members: BuilderVolunteer[]) => members.reduce((n, v) => n + v.expectedHours - world.keptHours.get(v.id)!, 0);

  const largest = new ProgramWriter();
  const largestOf = shared(largest);
  const z = largest.column(1, individually, Infinity, false);
  list.forEach((members, c) =>
    largest.row([...largestOf[c]!, z], [...largestOf[c]!.map(() => 1), members.length], owed(members), Infinity),
  );

  const mean = new ProgramWriter();
  const meanOf = shared(mean);
  list.forEach((members, c) => {
    const alone = members.reduce((n, v) => n + Math.max(0, v.expectedHours - capacityOf.get(v.id)!), 0);
    const u = mean.column(1, alone, Infinity, false);
    mean.row([...meanOf[c]!, u], [...meanOf[c]!.map(() => 1), 1], owed(members), Infinity);
  });

  const spread = new ProgramWriter();
  const spreadOf = shared(spread);
  const m = spread.column(0, -Infinity, Infinity, false);
  const squared = new Map<number, number>();
  list.forEach((members, c) => {
    // y(c) = the class's average difference from expectation, less the mean m.
    const y = spread.column(0, -Infinity, Infinity, false);
    squared.set(y, 2 * members.length);
    spread.row([...spreadOf[c]!, y, m], [...spreadOf[c]!.map(() => 1), -members.length, -members.length], owed(members), owed(members));
  });
  const quadratic = spread.cost.map((_, column) => squared.get(column) ?? 0);

  return {
    largestShortfall: largest.program('minimize', false),
    meanShortfall: mean.program('minimize', false),
    hoursSpread: { ...spread.program('minimize', false), quadratic },
    people: sorted.length,
    capacityOf,
  };
}

export interface HoursBounds {
  largestShortfall: number | null;
  meanShortfall: number | null;
  hoursSpread: number | null;
}

/** The three programs solved: null for one the solver could not answer. */
export function hoursBounds(programs: HoursBoundPrograms, solver: Solver): HoursBounds {
  const value = (program: LinearProgram) => {
    const answer = solver(program);
    return answer.status === 'optimal' ? Math.max(0, answer.value) : null;
  };
  const round = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
  const largest = value(programs.largestShortfall);
  const mean = value(programs.meanShortfall);
  const spread = value(programs.hoursSpread);
  return {
    largestShortfall: round(largest),
    meanShortfall: round(mean === null || !programs.people ? null : mean / programs.people),
    hoursSpread: round(spread === null || !programs.people ? null : Math.sqrt(spread / programs.people)),
  };
}
