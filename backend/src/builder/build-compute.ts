import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type PreviewFigures,
  type ScheduleFigures,
  type Unfilled,
  buildSchedule,
  coverageBoundModels,
  hoursBoundPrograms,
  applyBreaks,
  scheduleFigures,
} from '@svp/domain';

/** What a build needs: the people, the shifts in scope, the shifts they hold elsewhere, what stays. */
export interface BuildJob {
  volunteers: BuilderVolunteer[];
  shifts: BuilderShift[];
  elsewhere: BuilderShift[];
  kept: BuilderAssignment[];
  /** Every assignment now (in scope and elsewhere), for the current schedule's figures. */
  current: BuilderAssignment[];
  seed: number;
}

export type Figures = PreviewFigures;

export interface BuildOutput {
  /** Every assignment of the shifts in scope after the build. */
  assignments: BuilderAssignment[];
  unfilled: Unfilled[];
  figures: Figures;
  current: Figures;
  hoursBefore: Record<number, number>;
  hoursAfter: Record<number, number>;
  /** The best any schedule could do: slots filled (at most), largest shortfall and hours spread (at least). */
  bound: { coverageSlots: number; largestShortfall: number | null; hoursSpread: number | null; exact: boolean };
  /** Hard rules the assignments it adds break: always none (checked again, never trusted). */
  broken: number;
  milliseconds: number;
}

/** How far a build has come, for the progress bar: loading is done before this runs. */
export type Progress = (percent: number) => void;

type Solver = { solve(lp: string, options?: Record<string, unknown>): { Status: string; ObjectiveValue: number } };
let loader: Promise<() => Promise<Solver>> | null = null;

/** A fresh HiGHS instance (WebAssembly): one per build, since an instance's memory only grows. */
async function highs(): Promise<Solver> {
  loader ??= import('highs').then((module) => module.default as unknown as () => Promise<Solver>);
  return (await loader)();
}

const withoutPeople = ({ people: _people, ...figures }: ScheduleFigures): Figures => figures;

/** Builds, checks, measures and bounds; the same in a worker thread and inline. */
export async function computeBuild(job: BuildJob, progress: Progress = () => undefined): Promise<BuildOutput> {
  const started = Date.now();
  progress(15);
  const result = buildSchedule({
    volunteers: job.volunteers,
    shifts: job.shifts,
    kept: job.kept,
    elsewhere: job.elsewhere,
    seed: job.seed,
  });
  progress(60);
  const scope = new Set(job.shifts.map((s) => s.id));
  const outside = job.current.filter((a) => !scope.has(a.shiftId));
  const after = [...result.assignments, ...outside];
  // Judged as its apply will be (domain applyBreaks): what the build adds must fit everything, exceptions included.
  const broken = applyBreaks(job.volunteers, [...job.shifts, ...job.elsewhere], job.current, result.assignments, scope).length;
  const figuresAfter = scheduleFigures(job.volunteers, job.shifts, after, job.elsewhere);
  const figuresNow = scheduleFigures(job.volunteers, job.shifts, job.current, job.elsewhere);
  progress(70);

  let coverageSlots = 0;
  let exact = true;
  const solver = await highs();
  const models = coverageBoundModels(job.volunteers, job.shifts);
  for (const [i, model] of models.entries()) {
    if (!model.lp) {
      coverageSlots += model.simpleBound;
      continue;
    }
    try {
      const answer = solver.solve(model.lp);
      if (answer.Status === 'Optimal') coverageSlots += Math.min(model.simpleBound, Math.floor(answer.ObjectiveValue + 1e-6));
      else {
        coverageSlots += model.simpleBound;
        exact = false;
      }
    } catch {
      coverageSlots += model.simpleBound;
      exact = false;
    }
    progress(70 + Math.round((20 * (i + 1)) / models.length));
  }
  // Hours: how close to their expectation the slots let people come, whatever the schedule.
  const hours = hoursBoundPrograms(job.volunteers, job.shifts);
  const optimum = (lp: string) => {
    try {
      const answer = solver.solve(lp, { presolve: 'on' });
      return answer.Status === 'Optimal' ? answer.ObjectiveValue : null;
    } catch {
      return null;
    }
  };
  const largest = optimum(hours.largestShortfall);
  const spread = optimum(hours.hoursSpread);
  if (largest === null || spread === null) exact = false;
  progress(98);
  const hoursOf = (figures: ScheduleFigures) => Object.fromEntries(figures.people.map((p) => [p.volunteerId, p.hours]));
  const round = (value: number) => Math.round(Math.max(0, value) * 100) / 100;
  return {
    assignments: result.assignments,
    unfilled: result.unfilled,
    figures: withoutPeople(figuresAfter),
    current: withoutPeople(figuresNow),
    hoursBefore: hoursOf(figuresNow),
    hoursAfter: hoursOf(figuresAfter),
    bound: {
      coverageSlots,
      largestShortfall: largest === null ? null : round(largest),
      hoursSpread: spread === null || !hours.people ? null : round(Math.sqrt(Math.max(0, spread) / hours.people)),
      exact,
    },
    broken,
    milliseconds: Date.now() - started,
  };
}
