import { type EditionSettings, defaultSettings } from '@svp/domain';
import type { BuildPreview, ScheduleBuild, ScheduleFigures } from '../builder/types';
import type { ShiftRow, VenueRow } from '../schedule/types';
import { json } from './fakePortal';

/** A short 2025 edition (a pre-conference day and two days of service), so tests do not hang on the product's default edition. */
export function edition2025(): EditionSettings {
  const settings = defaultSettings('chair@example.org');
  settings.conference = {
    ...settings.conference,
    name: 'SIGGRAPH 2025',
    firstShiftDay: '2025-08-08',
    startDate: '2025-08-09',
    endDate: '2025-08-10',
    defaultScheduleDay: '2025-08-08',
    svHours: 8,
    tlHours: 12,
  };
  return settings;
}

/** A list answer in ra-data-simple-rest form. */
export const listOf = (resource: string, rows: unknown[], total = rows.length) =>
  json(rows, 200, { 'Content-Range': `${resource} 0-${Math.max(0, rows.length - 1)}/${total}` });

export function venueRow(overrides: Partial<VenueRow> = {}): VenueRow {
  return {
    id: 1,
    name: 'Room 1',
    location: 'West building',
    teamLeaderIds: [],
    preference: 'none',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function shiftRow(overrides: Partial<ShiftRow> = {}): ShiftRow {
  return {
    id: 5,
    venueId: 1,
    day: '2025-08-10',
    startTime: '2025-08-10 08:00',
    endTime: '2025-08-10 12:00',
    startsAt: '2025-08-10T15:00:00.000Z',
    endsAt: '2025-08-10T19:00:00.000Z',
    role: 'Greeter',
    reportTo: '',
    description: '',
    special: '',
    svSlots: 3,
    swappable: true,
    requires: 'none',
    assigned: 1,
    ...overrides,
  };
}

export function figures(overrides: Partial<ScheduleFigures> = {}): ScheduleFigures {
  return {
    filledSlots: 10,
    totalSlots: 12,
    coverage: 10 / 12,
    largestShortfall: 6,
    meanShortfall: 2.5,
    moreThan3hShort: 2,
    hoursSpread: 3.2,
    preferredShare: 0.5,
    preferredHours: 12,
    statedPreferenceHours: 24,
    workingDays: 6,
    shiftsPerWorkingDay: 1.5,
    idleGapHours: 4,
    ...overrides,
  };
}

export function buildPreview(overrides: Partial<BuildPreview> = {}): BuildPreview {
  return {
    figures: figures({
      filledSlots: 11,
      coverage: 11 / 12,
      largestShortfall: 2,
      meanShortfall: 1,
      moreThan3hShort: 0,
      hoursSpread: 1.4,
      preferredShare: 0.75,
      shiftsPerWorkingDay: 1.5,
      idleGapHours: 5,
    }),
    current: figures({ filledSlots: 4, coverage: 4 / 12 }),
    bound: { coverageSlots: 11, largestShortfall: null, hoursSpread: null, exact: true },
    unfilled: [
      {
        shiftId: 9,
        label: 'Usher at Room 1, Sun Aug 10th 20:00–23:00',
        day: '2025-08-10',
        venueName: 'Room 1',
        free: 1,
        reason: 'Everyone who could take it is already working another shift at that time.',
      },
    ],
    exceptions: [],
    people: [
      { volunteerId: 21, name: 'Ada Lopez', svid: 'SV21', teamLeader: false, expected: 8, hoursBefore: 4, hoursAfter: 8 },
      { volunteerId: 22, name: 'Ben Ito', svid: 'SV22', teamLeader: false, expected: 8, hoursBefore: 0, hoursAfter: 6 },
      { volunteerId: 23, name: 'Chen Wu', svid: 'SV23', teamLeader: true, expected: 12, hoursBefore: 12, hoursAfter: 12 },
    ],
    changes: [
      { volunteerId: 21, name: 'Ada Lopez', added: [{ shiftId: 5, label: 'Greeter at Room 1, Sun Aug 10th 08:00–12:00' }], removed: [] },
      {
        volunteerId: 22,
        name: 'Ben Ito',
        added: [
          { shiftId: 6, label: 'Greeter at Room 1, Sun Aug 10th 12:00–16:00' },
          { shiftId: 7, label: 'Runner at Room 2, Mon Aug 11th 09:00–11:00' },
        ],
        removed: [{ shiftId: 8, label: 'Usher at Room 2, Mon Aug 11th 13:00–15:00' }],
      },
    ],
    assignments: 11,
    currentAssignments: 4,
    inPlace: 'current',
    ...overrides,
  };
}

export function scheduleBuild(overrides: Partial<ScheduleBuild> = {}): ScheduleBuild {
  return {
    id: 3,
    status: 'preview',
    progress: 100,
    message: null,
    scope: { days: null, venueIds: null, keep: 'all', seed: 42 },
    createdAt: '2025-07-20T17:00:00.000Z',
    createdBy: { id: 1, name: 'Chair Person' },
    appliedAt: null,
    undoneAt: null,
    preview: buildPreview(),
    ...overrides,
  };
}
