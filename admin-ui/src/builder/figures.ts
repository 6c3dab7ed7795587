import type { BuildPreview, BuildStatus, ScheduleFigures } from './types';

/** The two schedules a preview measures: the build's, and the one in place when it was made ('current'). */
export type Side = 'build' | 'current';

export interface FigureColumn {
  side: Side;
  /** The column's heading: what the schedule is, and whether it is the one in place now. */
  title: string;
  /** How the Better column names it. */
  short: string;
}

export interface FigureCell {
  text: string;
  /** False where the figure means nothing for that schedule (a share of no hours, an average over nobody). */
  meaningful: boolean;
}

export interface FigureRow {
  key: string;
  label: string;
  /** What the figure measures and which way is better, shown under its name. */
  help: string;
  cells: Record<Side, FigureCell>;
  /** The better column, 'same', or null where there is nothing to compare (one column, or a figure that means nothing on one side). */
  better: Side | 'same' | null;
}

export interface FigureComparison {
  /** The build's column, then the other one when there is a schedule to compare with. */
  columns: FigureColumn[];
  /** What the columns are in a sentence: which one is in place, or why the build stands alone. */
  note: string;
  rows: FigureRow[];
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatHours = (hours: number) => `${oneDecimal.format(hours)} h`;
export const formatShare = (share: number) => `${oneDecimal.format(share * 100)}%`;
const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

interface Figure {
  key: string;
  label: string;
  /** What it measures; the direction is added to it. */
  measures: string;
  /** The number compared, and whether more of it is better. */
  value: (figures: ScheduleFigures) => number;
  higherIsBetter: boolean;
  text: (figures: ScheduleFigures, preview: BuildPreview) => string;
  /** Why the figure means nothing for a schedule, shown instead of it; null where it means something. */
  without?: (figures: ScheduleFigures) => string | null;
}

// An average or a spread over a schedule where nobody works is a number, not a measure.
const withoutShifts = (f: ScheduleFigures) => (f.workingDays === 0 ? 'No one has shifts' : null);

const FIGURES: Figure[] = [
  {
    key: 'coverage',
    label: 'Coverage',
    measures: 'Slots filled, of the slots offered in the shifts built.',
    value: (f) => f.coverage,
    higherIsBetter: true,
    text: (f) => `${f.filledSlots} of ${f.totalSlots} slots (${formatShare(f.coverage)})`,
  },
  {
    key: 'bound',
    label: 'Against the bound',
    measures: 'Slots filled, of the most any schedule could fill under the rules.',
    value: (f) => f.filledSlots,
    higherIsBetter: true,
    text: (f, preview) => `${f.filledSlots} of at most ${preview.bound.coverageSlots} fillable`,
  },
  {
    key: 'largestShortfall',
    label: 'Largest shortfall',
    measures: 'The most hours anyone is below what is expected of them.',
    value: (f) => f.largestShortfall,
    higherIsBetter: false,
    text: (f) => formatHours(f.largestShortfall),
  },
  {
    key: 'meanShortfall',
    label: 'Mean shortfall',
    measures: 'Hours below the expectation, on average over everyone.',
    value: (f) => f.meanShortfall,
    higherIsBetter: false,
    text: (f) => formatHours(f.meanShortfall),
  },
  {
    key: 'moreThan3hShort',
    label: 'More than 3 h short',
    measures: 'People more than three hours below their expectation.',
    value: (f) => f.moreThan3hShort,
    higherIsBetter: false,
    text: (f) => people(f.moreThan3hShort),
  },
  {
    key: 'hoursSpread',
    label: 'Spread of hours',
    measures: 'How unevenly hours fall against what is expected (their standard deviation): the fairness of the load.',
    value: (f) => f.hoursSpread,
    higherIsBetter: false,
    text: (f) => formatHours(f.hoursSpread),
    without: withoutShifts,
  },
  {
    key: 'preferredShare',
    label: 'Hours at a preferred venue',
    measures: 'Of the hours of people who named venues they prefer, the share at one of them.',
    value: (f) => f.preferredShare,
    higherIsBetter: true,
    text: (f) => formatShare(f.preferredShare),
    without: (f) => (f.statedPreferenceHours === 0 ? 'No one who named a venue has shifts' : null),
  },
  {
    key: 'shiftsPerWorkingDay',
    label: 'Shifts per working day',
    measures: 'Shifts a person works on a day they work, on average: days in one piece have fewer.',
    value: (f) => f.shiftsPerWorkingDay,
    higherIsBetter: false,
    text: (f) => twoDecimals.format(f.shiftsPerWorkingDay),
    without: withoutShifts,
  },
  {
    key: 'idleGapHours',
    label: 'Idle gaps',
    measures: 'Hours between two shifts of one person on one day, added up.',
    value: (f) => f.idleGapHours,
    higherIsBetter: false,
    text: (f) => formatHours(f.idleGapHours),
    without: withoutShifts,
  },
];

// Figures come rounded to hundredths; a smaller difference is no difference.
const EPSILON = 1e-6;

/** The build's column and, when anything in its scope was assigned, the other one's, named after where the build stands. */
function columnsOf(status: BuildStatus, preview: BuildPreview): { columns: FigureColumn[]; note: string } {
  const inPlace = preview.inPlace;
  const compared = preview.currentAssignments > 0;
  const build = (title: string): FigureColumn => ({ side: 'build', title, short: 'This build' });
  const other = (title: string, short: string): FigureColumn[] => (compared ? [{ side: 'current', title, short }] : []);
  const changedSince = 'Assignments in these days and venues have changed since';
  if (status === 'applied') {
    return {
      columns: [build(inPlace === 'build' ? 'This build (in place)' : 'This build (as applied)'), ...other('Before this build', 'Before')],
      note:
        (inPlace === 'build'
          ? 'This build is the schedule in place now.'
          : `${changedSince} it was applied: these are its figures as applied.`) +
        (compared ? ' Beside it, the schedule it replaced.' : ' Before it, nothing in these days and venues was assigned.'),
    };
  }
  if (status === 'undone') {
    return {
      columns: [
        build('This build (undone)'),
        ...other(inPlace === 'current' ? 'Before this build (in place again)' : 'Before this build', 'Before'),
      ],
      note:
        inPlace === 'current'
          ? compared
            ? 'Undone: the schedule before this build is in place again.'
            : 'Undone: nothing in these days and venues is assigned, as before this build.'
          : `Undone; ${changedSince.toLowerCase()}.` + (compared ? '' : ' Before this build nothing in them was assigned.'),
    };
  }
  // A preview, or a discarded one: against the schedule in place when it was made.
  const current = inPlace === 'current';
  return {
    columns: [build('This build'), ...other(current ? 'Current schedule' : 'Schedule when built', current ? 'Current' : 'When built')],
    note: current
      ? compared
        ? 'This build against the current schedule of the same days and venues.'
        : 'Nothing in these days and venues is assigned yet: there is no schedule to compare this build with.'
      : `${changedSince} this build was made` +
        (status === 'preview' ? ', so it can no longer be applied: build again to compare with the schedule as it is now.' : '.') +
        (compared ? ' Beside it, the schedule as it was then.' : ' When it was made, nothing in them was assigned.'),
  };
}

/**
 * The build's figures next to the schedule it is compared with, each with the better side: only where
 * there is such a schedule and the figure means something on both sides.
 */
export function figureComparison(status: BuildStatus, preview: BuildPreview): FigureComparison {
  const { columns, note } = columnsOf(status, preview);
  const rows = FIGURES.map((figure): FigureRow => {
    const cell = (figures: ScheduleFigures): FigureCell => {
      const without = figure.without?.(figures) ?? null;
      return without === null ? { text: figure.text(figures, preview), meaningful: true } : { text: without, meaningful: false };
    };
    const cells = { build: cell(preview.figures), current: cell(preview.current) };
    let better: FigureRow['better'] = null;
    if (columns.length === 2 && cells.build.meaningful && cells.current.meaningful) {
      const build = figure.value(preview.figures);
      const current = figure.value(preview.current);
      const difference = figure.higherIsBetter ? build - current : current - build;
      better = Math.abs(difference) < EPSILON ? 'same' : difference > 0 ? 'build' : 'current';
    }
    return {
      key: figure.key,
      label: figure.label,
      help: `${figure.measures} ${figure.higherIsBetter ? 'Higher' : 'Lower'} is better.`,
      cells,
      better,
    };
  });
  return { columns, note, rows };
}

/** How many assignments an apply would add and remove, and for how many people. */
export function changeCounts(changes: readonly { added: unknown[]; removed: unknown[] }[]) {
  const added = changes.reduce((sum, change) => sum + change.added.length, 0);
  const removed = changes.reduce((sum, change) => sum + change.removed.length, 0);
  return { added, removed, total: added + removed, people: changes.length };
}
