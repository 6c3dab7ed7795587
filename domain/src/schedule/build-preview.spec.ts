import { describe, expect, it } from '@jest/globals';
import { type PreviewInput, buildPreview, keptByBuild, scheduleDifference, scheduleInPlace, shiftsInScope } from './build-preview.js';

const ada = { id: 1, name: 'Ada Lovelace', teamLeader: false, expectedHours: 20 };
const tess = { id: 2, name: 'Tess Lead', teamLeader: true, expectedHours: 30 };
const shifts: Record<number, { label: string; day: string; venueName: string }> = {
  10: { label: 'Greeter at Registration, Sun Aug 9th 08:00 AM–12:00 PM', day: '2026-08-09', venueName: 'Registration' },
  11: { label: 'Usher at Hall A, Sun Aug 9th 01:00 PM–05:00 PM', day: '2026-08-09', venueName: 'Hall A' },
  12: { label: 'Usher at Hall A, Mon Aug 10th 08:00 AM–12:00 PM', day: '2026-08-10', venueName: 'Hall A' },
  20: { label: 'Greeter at Registration, Tue Aug 11th 08:00 AM–12:00 PM', day: '2026-08-11', venueName: 'Registration' },
};
const preview = (change: Partial<PreviewInput>) =>
  buildPreview({
    volunteers: [ada, tess],
    scope: new Set([10, 11, 12]),
    current: [],
    built: [],
    unfilled: [],
    hoursBefore: {},
    hoursAfter: {},
    shift: (id) => shifts[id]!,
    person: (id) => ({ 1: { name: 'Ada Lovelace', svid: 'SV1' }, 2: { name: 'Tess Lead', svid: null } })[id],
    ...change,
  });

describe('the shifts a build covers', () => {
  const rows = [
    { id: 10, day: '2026-08-09', venueId: 1 },
    { id: 11, day: '2026-08-09', venueId: 2 },
    { id: 12, day: '2026-08-10', venueId: 2 },
  ];

  it('are every shift when the organiser names no day and no venue', () => {
    expect(shiftsInScope(rows, { days: null, venueIds: null }).map((s) => s.id)).toEqual([10, 11, 12]);
  });

  it('are those on the days chosen, at the venues chosen', () => {
    expect(shiftsInScope(rows, { days: ['2026-08-09'], venueIds: null }).map((s) => s.id)).toEqual([10, 11]);
    expect(shiftsInScope(rows, { days: ['2026-08-09'], venueIds: [2] }).map((s) => s.id)).toEqual([11]);
  });
});

describe('what a build keeps as it was', () => {
  const assignments = [
    { shiftId: 20, volunteerId: 1, pinned: false, exceptionRules: null },
    { shiftId: 10, volunteerId: 1, pinned: true, exceptionRules: null },
    { shiftId: 11, volunteerId: 1, pinned: false, exceptionRules: '["rest"]' },
    { shiftId: 12, volunteerId: 1, pinned: false, exceptionRules: null },
    { shiftId: 20, volunteerId: 9, pinned: false, exceptionRules: null },
  ];
  const scope = new Set([10, 11, 12]);
  const confirmed = new Set([1]);

  it('keeps shifts outside its scope, pinned shifts and exceptions; rebuilds the rest', () => {
    expect(keptByBuild(assignments, scope, confirmed, 'pinned').map((a) => a.shiftId)).toEqual([20, 10, 11]);
  });

  it('keeps every assignment of a confirmed volunteer when the organiser asks it to keep all', () => {
    expect(keptByBuild(assignments, scope, confirmed, 'all').map((a) => a.shiftId)).toEqual([20, 10, 11, 12]);
  });
});

describe('the preview of a build', () => {
  it('tells who gains and who loses which shifts, in the shifts’ order, leaving out people it does not change', () => {
    const result = preview({
      current: [
        { shiftId: 11, volunteerId: 1 },
        { shiftId: 20, volunteerId: 2 },
      ],
      built: [
        { shiftId: 12, volunteerId: 1 },
        { shiftId: 10, volunteerId: 1 },
      ],
    });
    expect(result.changes).toEqual([
      {
        volunteerId: 1,
        name: 'Ada Lovelace',
        added: [
          { shiftId: 10, label: shifts[10]!.label },
          { shiftId: 12, label: shifts[12]!.label },
        ],
        removed: [{ shiftId: 11, label: shifts[11]!.label }],
      },
    ]);
    // Tess's shift on the 11th is outside the scope: it is no change, and not among the assignments compared.
    expect(result.currentAssignments).toBe(1);
  });

  it('names a person whose account is gone by their id', () => {
    const result = preview({ built: [{ shiftId: 10, volunteerId: 1 }], person: () => undefined });
    expect(result.changes.map((c) => c.name)).toEqual(['User 1']);
    expect(result.people.map((p) => [p.name, p.svid])).toEqual([
      ['Ada Lovelace', ''],
      ['Tess Lead', ''],
    ]);
  });

  it('lists the shifts left unfilled with their day, venue, free places and the reason', () => {
    const result = preview({ unfilled: [{ shiftId: 11, free: 2, reason: 'Nobody else is free then.' }] });
    expect(result.unfilled).toEqual([
      { shiftId: 11, label: shifts[11]!.label, day: '2026-08-09', venueName: 'Hall A', free: 2, reason: 'Nobody else is free then.' },
    ]);
  });

  it('shows everyone’s hours before and after against what their role expects, 0 for someone without shifts', () => {
    const result = preview({ hoursBefore: { 1: 4 }, hoursAfter: { 1: 12, 2: 8 } });
    expect(result.people).toEqual([
      { volunteerId: 1, name: 'Ada Lovelace', svid: 'SV1', teamLeader: false, expected: 20, hoursBefore: 4, hoursAfter: 12 },
      { volunteerId: 2, name: 'Tess Lead', svid: '', teamLeader: true, expected: 30, hoursBefore: 0, hoursAfter: 8 },
    ]);
  });
});

describe('applying and undoing a build', () => {
  it('removes what the new schedule drops and adds what it brings, leaving what both hold', () => {
    const now = [
      { id: 1, shiftId: 10, volunteerId: 1 },
      { id: 2, shiftId: 11, volunteerId: 2 },
    ];
    const target = [
      { shiftId: 10, volunteerId: 1 },
      { shiftId: 11, volunteerId: 1 },
    ];
    expect(scheduleDifference(now, target)).toEqual({
      removed: [{ id: 2, shiftId: 11, volunteerId: 2 }],
      added: [{ shiftId: 11, volunteerId: 1 }],
    });
    expect(scheduleDifference(now, now)).toEqual({ removed: [], added: [] });
  });
});

describe('which schedule is in place after a build', () => {
  const build = { status: 'preview', basedOn: 'before', appliedState: null };

  it('is the one the build was made from while nobody changed it', () => {
    expect(scheduleInPlace(build, 'before')).toBe('current');
  });

  it('is the build’s once applied, and the earlier one again once undone', () => {
    expect(scheduleInPlace({ ...build, status: 'applied', appliedState: 'built' }, 'built')).toBe('build');
    expect(scheduleInPlace({ ...build, status: 'undone', appliedState: 'built' }, 'before')).toBe('current');
  });

  it('is neither when someone changed the shifts in scope since', () => {
    expect(scheduleInPlace(build, 'edited')).toBeNull();
    expect(scheduleInPlace({ ...build, status: 'applied', appliedState: 'built' }, 'edited')).toBeNull();
  });

  it('is not the build’s when an undone build’s schedule happens to be back', () => {
    expect(scheduleInPlace({ ...build, status: 'undone', appliedState: 'built' }, 'built')).toBeNull();
  });
});
