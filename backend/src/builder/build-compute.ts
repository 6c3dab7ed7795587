import {
  type BuildReport,
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type HighsLike,
  type PreviewFigures,
  type ScheduleFigures,
  type Solver,
  type Unfilled,
  applyBreaks,
  boundWorld,
  buildSchedule,
  coverageBound,
  coverageBoundModels,
  highsSolver,
  hoursBoundPrograms,
  hoursBounds,
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
  /**
   * The best any schedule keeping what this build keeps could do: slots filled (at most), largest shortfall and hours spread (at least).
   */
  bound: { coverageSlots: number; largestShortfall: number | null; hoursSpread: number | null; exact: boolean };
  /** How the build went: the days solved exactly, and whether a solver limit was reached. */
  report: BuildReport;
  /** Hard rules the assignments it adds break: always none (checked again, never trusted). */
  broken: number;
  milliseconds: number;
}

/** How far a build has come, for the progress bar: loading is done before this runs. */
export type Progress = (percent: number) => void;

let loader: Promise<() => Promise<HighsLike>> | null = null;

/** A fresh HiGHS instance (WebAssembly): one per build, since an instance's memory only grows. */
async function highs(): Promise<Solver> {
  loader ??= import('highs').then((module) => module.default as unknown as () => Promise<HighsLike>);
  return highsSolver(await (await loader)());
}

const withoutPeople = ({ people: _people, ...figures }: ScheduleFigures): Figures => figures;

/** Builds, checks, measures and bounds; the same in a worker thread and inline. */
export async function computeBuild(job: BuildJob, progress: Progress = () => undefined): Promise<BuildOutput> {
  const started = Date.now();
  progress(15);
  const solver = await highs();
  const result = buildSchedule({
    volunteers: job.volunteers,
    shifts: job.shifts,
    kept: job.kept,
    elsewhere: job.elsewhere,
    seed: job.seed,
    solver,
    progress: (done) => progress(15 + Math.round(55 * done)),
  });
  const scope = new Set(job.shifts.map((s) => s.id));
  const outside = job.current.filter((a) => !scope.has(a.shiftId));
  const after = [...result.assignments, ...outside];
  // Judged as its apply will be (domain applyBreaks): what the build adds must fit everything, exceptions included.
  const broken = applyBreaks(job.volunteers, [...job.shifts, ...job.elsewhere], job.current, result.assignments, scope).length;
  const figuresAfter = scheduleFigures(job.volunteers, job.shifts, after, job.elsewhere);
  const figuresNow = scheduleFigures(job.volunteers, job.shifts, job.current, job.elsewhere);
  progress(72);

  // The bounds of a schedule that keeps what this build keeps (pins, exceptions, shifts outside the build).
  const context = { kept: job.kept, elsewhere: job.elsewhere };
  const world = boundWorld(job.volunteers, job.shifts, context);
  const coverage = coverageBound(coverageBoundModels(job.volunteers, job.shifts, context, world), solver);
  progress(88);
  const hours = hoursBounds(hoursBoundPrograms(job.volunteers, job.shifts, context, world), solver);
  progress(98);
  const hoursOf = (figures: ScheduleFigures) => Object.fromEntries(figures.people.map((p) => [p.volunteerId, p.hours]));
  return {
    assignments: result.assignments,
    unfilled: result.unfilled,
    figures: withoutPeople(figuresAfter),
    current: withoutPeople(figuresNow),
    hoursBefore: hoursOf(figuresNow),
    hoursAfter: hoursOf(figuresAfter),
    bound: {
      coverageSlots: coverage.slots,
      largestShortfall: hours.largestShortfall,
      hoursSpread: hours.hoursSpread,
      exact: coverage.exact && hours.largestShortfall !== null && hours.hoursSpread !== null,
    },
    report: result.report,
    broken,
    milliseconds: Date.now() - started,
  };
}
