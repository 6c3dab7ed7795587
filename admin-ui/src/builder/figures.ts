import type { BuildPreview, ScheduleFigures } from './types';

export type Better = 'build' | 'current' | 'same';

export interface FigureRow {
  key: string;
  label: string;
  /** What the figure means, for the reader who asks. */
  help: string;
  build: string;
  current: string;
  better: Better;
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatHours = (hours: number) => `${oneDecimal.format(hours)} h`;
export const formatShare = (share: number) => `${oneDecimal.format(share * 100)}%`;
const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

interface Figure {
  key: string;
  label: string;
  help: string;
  /** The number compared, and whether more of it is better. */
  value: (figures: ScheduleFigures) => number;
  higherIsBetter: boolean;
  text: (figures: ScheduleFigures, preview: BuildPreview) => string;
}

const FIGURES: Figure[] = [
  {
    key: 'coverage',
    label: 'Coverage',
    help: 'Slots filled of the slots offered in the shifts built.',
    value: (f) => f.coverage,
    higherIsBetter: true,
    text: (f) => `${f.filledSlots} of ${f.totalSlots} slots (${formatShare(f.coverage)})`,
  },
  {
    key: 'bound',
    label: 'Against the bound',
    help: 'Slots filled of the most any schedule could fill under the rules.',
    value: (f) => f.filledSlots,
    higherIsBetter: true,
    text: (f, preview) => `${f.filledSlots} of at most ${preview.bound.coverageSlots} fillable`,
  },
  {
    key: 'largestShortfall',
    label: 'Largest shortfall',
    help: 'The most hours anyone is below what is expected of them.',
    value: (f) => f.largestShortfall,
    higherIsBetter: false,
    text: (f) => formatHours(f.largestShortfall),
  },
  {
    key: 'meanShortfall',
    label: 'Mean shortfall',
    help: 'Hours below the expectation, on average over everyone.',
    value: (f) => f.meanShortfall,
    higherIsBetter: false,
    text: (f) => formatHours(f.meanShortfall),
  },
  {
    key: 'moreThan3hShort',
    label: 'More than 3 h short',
    help: 'People more than three hours below their expectation.',
    value: (f) => f.moreThan3hShort,
    higherIsBetter: false,
    text: (f) => people(f.moreThan3hShort),
  },
  {
    key: 'hoursSpread',
    label: 'Spread of hours',
    help: 'Standard deviation of hours against expectation: lower is fairer.',
    value: (f) => f.hoursSpread,
    higherIsBetter: false,
    text: (f) => formatHours(f.hoursSpread),
  },
  {
    key: 'preferredShare',
    label: 'Hours at a preferred venue',
    help: 'Of the hours of people who named venues they prefer, the share at one of them.',
    value: (f) => f.preferredShare,
    higherIsBetter: true,
    text: (f) => formatShare(f.preferredShare),
  },
  {
    key: 'shiftsPerWorkingDay',
    label: 'Shifts per working day',
    help: 'Shifts a person works on a day they work, on average: fewer means days in one piece.',
    value: (f) => f.shiftsPerWorkingDay,
    higherIsBetter: false,
    text: (f) => twoDecimals.format(f.shiftsPerWorkingDay),
  },
  {
    key: 'idleGapHours',
    label: 'Idle gaps',
    help: 'Hours between two shifts of one person on one day, added up.',
    value: (f) => f.idleGapHours,
    higherIsBetter: false,
    text: (f) => formatHours(f.idleGapHours),
  },
];

// Figures come rounded to hundredths; a smaller difference is no difference.
const EPSILON = 1e-6;

/** The build's figures next to the current schedule's, each with the side that is better. */
export function figureRows(preview: BuildPreview): FigureRow[] {
  return FIGURES.map((figure) => {
    const build = figure.value(preview.figures);
    const current = figure.value(preview.current);
    const difference = figure.higherIsBetter ? build - current : current - build;
    const better: Better = Math.abs(difference) < EPSILON ? 'same' : difference > 0 ? 'build' : 'current';
    return {
      key: figure.key,
      label: figure.label,
      help: figure.help,
      build: figure.text(preview.figures, preview),
      current: figure.text(preview.current, preview),
      better,
    };
  });
}

/** How many assignments an apply would add and remove, and for how many people. */
export function changeCounts(changes: readonly { added: unknown[]; removed: unknown[] }[]) {
  const added = changes.reduce((sum, change) => sum + change.added.length, 0);
  const removed = changes.reduce((sum, change) => sum + change.removed.length, 0);
  return { added, removed, total: added + removed, people: changes.length };
}
