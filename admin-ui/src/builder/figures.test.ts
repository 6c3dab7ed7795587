import { describe, expect, it } from 'vitest';
import { buildPreview, figures } from '../testing/scheduleFixtures';
import { changeCounts, figureComparison } from './figures';
import type { BuildPreview } from './types';

const byKey = (preview: BuildPreview, status: Parameters<typeof figureComparison>[0] = 'preview') => {
  const comparison = figureComparison(status, preview);
  return { ...comparison, rows: Object.fromEntries(comparison.rows.map((row) => [row.key, row])) };
};
const texts = (row: { cells: Record<'build' | 'current', { text: string }> }) => [row.cells.build.text, row.cells.current.text];

describe('figureComparison', () => {
  it('puts each figure of the build next to the current one, with the better side by the figure’s direction', () => {
    const preview = buildPreview({
      figures: figures({
        filledSlots: 9,
        totalSlots: 12,
        coverage: 0.75,
        largestShortfall: 2,
        hoursSpread: 3.2,
        preferredShare: 0.4,
        idleGapHours: 1,
      }),
      current: figures({
        filledSlots: 10,
        totalSlots: 12,
        coverage: 10 / 12,
        largestShortfall: 5,
        hoursSpread: 3.2,
        preferredShare: 0.5,
        idleGapHours: 3,
      }),
      bound: { coverageSlots: 11, largestShortfall: null, hoursSpread: null, exact: false },
    });
    const { columns, note, rows } = byKey(preview);
    expect(columns.map((c) => c.title)).toEqual(['This build', 'Current schedule']);
    expect(note).toBe('This build against the current schedule of the same days and venues.');
    expect(texts(rows.coverage!)).toEqual(['9 of 12 slots (75%)', '10 of 12 slots (83.3%)']);
    expect(rows.coverage!.better).toBe('current');
    expect(texts(rows.bound!)).toEqual(['9 of at most 11 fillable', '10 of at most 11 fillable']);
    // Less is better for shortfalls, spread and gaps; more for preferred venues.
    expect(texts(rows.largestShortfall!)).toEqual(['2 h', '5 h']);
    expect(rows.largestShortfall!.better).toBe('build');
    expect(rows.hoursSpread!.better).toBe('same');
    expect(texts(rows.preferredShare!)).toEqual(['40%', '50%']);
    expect(rows.preferredShare!.better).toBe('current');
    expect(rows.idleGapHours!.better).toBe('build');
    expect(rows.moreThan3hShort!.cells.build.text).toBe('2 people');
  });

  it('says what each figure measures and which way is better', () => {
    const { rows } = byKey(buildPreview());
    expect(rows.coverage!.help).toBe('Slots filled, of the slots offered in the shifts built. Higher is better.');
    expect(rows.largestShortfall!.help).toBe('The most hours anyone is below what is expected of them. Lower is better.');
    expect(Object.values(rows).every((row) => / (Higher|Lower) is better\.$/.test(row.help))).toBe(true);
  });

  it('shows the build alone when nothing in its scope is assigned: an empty schedule wins nothing', () => {
    const empty = figures({
      filledSlots: 0,
      coverage: 0,
      largestShortfall: 8,
      hoursSpread: 0,
      preferredShare: 1,
      preferredHours: 0,
      statedPreferenceHours: 0,
      workingDays: 0,
      shiftsPerWorkingDay: 0,
      idleGapHours: 0,
    });
    const { columns, note, rows } = byKey(buildPreview({ current: empty, currentAssignments: 0 }));
    expect(columns.map((c) => c.title)).toEqual(['This build']);
    expect(note).toBe('Nothing in these days and venues is assigned yet: there is no schedule to compare this build with.');
    expect(Object.values(rows).every((row) => row.better === null)).toBe(true);
  });

  it('marks no side better on a figure that means nothing for one of them', () => {
    // Someone holds a shift elsewhere, but nobody who named a venue works in either schedule.
    const preview = buildPreview({
      figures: figures({ statedPreferenceHours: 0, preferredHours: 0, preferredShare: 1 }),
      current: figures({ statedPreferenceHours: 0, preferredHours: 0, preferredShare: 1, workingDays: 0, shiftsPerWorkingDay: 0 }),
    });
    const { rows } = byKey(preview);
    expect(rows.preferredShare!.cells.build).toEqual({ text: 'No one who named a venue has shifts', meaningful: false });
    expect(rows.preferredShare!.better).toBeNull();
    expect(rows.shiftsPerWorkingDay!.cells).toEqual({
      build: { text: '1.5', meaningful: true },
      current: { text: 'No one has shifts', meaningful: false },
    });
    expect(rows.shiftsPerWorkingDay!.better).toBeNull();
    expect(rows.hoursSpread!.better).toBeNull();
    // The figures that mean something on both sides are still compared.
    expect(rows.coverage!.better).toBe('same');
  });

  it('once applied, names the build as the schedule in place and the other as the one before it', () => {
    const applied = byKey(buildPreview({ inPlace: 'build' }), 'applied');
    expect(applied.columns.map((c) => [c.title, c.short])).toEqual([
      ['This build (in place)', 'This build'],
      ['Before this build', 'Before'],
    ]);
    expect(applied.note).toBe('This build is the schedule in place now. Beside it, the schedule it replaced.');
    expect(applied.rows.coverage!.cells.build.text).toBe('11 of 12 slots (91.7%)');

    const fromNothing = byKey(buildPreview({ inPlace: 'build', currentAssignments: 0 }), 'applied');
    expect(fromNothing.columns.map((c) => c.title)).toEqual(['This build (in place)']);
    expect(fromNothing.note).toBe('This build is the schedule in place now. Before it, nothing in these days and venues was assigned.');

    const changed = byKey(buildPreview({ inPlace: null }), 'applied');
    expect(changed.columns.map((c) => c.title)).toEqual(['This build (as applied)', 'Before this build']);
    expect(changed.note).toMatch(/^Assignments in these days and venues have changed since it was applied/);
  });

  it('after an undo, names the schedule before the build as the one in place again', () => {
    const undone = byKey(buildPreview({ inPlace: 'current' }), 'undone');
    expect(undone.columns.map((c) => c.title)).toEqual(['This build (undone)', 'Before this build (in place again)']);
    expect(undone.note).toBe('Undone: the schedule before this build is in place again.');
    expect(byKey(buildPreview({ inPlace: 'current', currentAssignments: 0 }), 'undone').note).toBe(
      'Undone: nothing in these days and venues is assigned, as before this build.',
    );
  });

  it('says when the schedule changed under a preview, and compares with the schedule as it was', () => {
    const { columns, note } = byKey(buildPreview({ inPlace: null }));
    expect(columns.map((c) => [c.title, c.short])).toEqual([
      ['This build', 'This build'],
      ['Schedule when built', 'When built'],
    ]);
    expect(note).toBe(
      'Assignments in these days and venues have changed since this build was made, so it can no longer be applied: build again ' +
        'to compare with the schedule as it is now. Beside it, the schedule as it was then.',
    );
  });
});

describe('changeCounts', () => {
  it('adds up what an apply adds and removes', () => {
    expect(changeCounts(buildPreview().changes)).toEqual({ added: 3, removed: 1, total: 4, people: 2 });
    expect(changeCounts([])).toEqual({ added: 0, removed: 0, total: 0, people: 0 });
  });
});
