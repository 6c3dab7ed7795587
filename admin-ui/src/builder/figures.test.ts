import { describe, expect, it } from 'vitest';
import { buildPreview, figures } from '../testing/scheduleFixtures';
import { changeCounts, figureRows } from './figures';

describe('figureRows', () => {
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
    const rows = Object.fromEntries(figureRows(preview).map((row) => [row.key, row]));
    expect(rows.coverage).toMatchObject({ build: '9 of 12 slots (75%)', current: '10 of 12 slots (83.3%)', better: 'current' });
    expect(rows.bound).toMatchObject({ build: '9 of at most 11 fillable', current: '10 of at most 11 fillable', better: 'current' });
    // Less is better for shortfalls, spread and gaps; more for preferred venues.
    expect(rows.largestShortfall).toMatchObject({ build: '2 h', current: '5 h', better: 'build' });
    expect(rows.hoursSpread).toMatchObject({ better: 'same' });
    expect(rows.preferredShare).toMatchObject({ build: '40%', current: '50%', better: 'current' });
    expect(rows.idleGapHours).toMatchObject({ better: 'build' });
    expect(rows.moreThan3hShort!.build).toBe('2 people');
  });
});

describe('changeCounts', () => {
  it('adds up what an apply adds and removes', () => {
    expect(changeCounts(buildPreview().changes)).toEqual({ added: 3, removed: 1, total: 4, people: 2 });
    expect(changeCounts([])).toEqual({ added: 0, removed: 0, total: 0, people: 0 });
  });
});
