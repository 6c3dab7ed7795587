import { describe, expect, it } from '@jest/globals';
import { scheduleFigures } from './figures.js';
import type { BuilderShift } from './rules.js';
import { aVolunteer } from './volunteer.fixture.js';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 7, 8, 15); // 08:00 Pacific daylight time, Saturday 8 August 2026

const volunteer = (id: number, preferredVenues: number[] = []) => aVolunteer(id, { expectedHours: 8, experienceYears: 0, preferredVenues });

const shift = (id: number, venueId: number, day: number, fromHour: number, toHour: number): BuilderShift => ({
  id,
  venueId,
  start: DAY0 + day * 24 * HOUR + fromHour * HOUR,
  end: DAY0 + day * 24 * HOUR + toHour * HOUR,
  day: `2026-08-0${8 + day}`,
  slots: 2,
  preconference: false,
  requires: 'none',
});

describe('scheduleFigures', () => {
  const people = [volunteer(1, [7]), volunteer(2)];
  const shifts = [shift(10, 7, 0, 0, 4), shift(11, 8, 0, 5, 8), shift(12, 8, 1, 0, 4)];

  it('counts the days people work and the hours of those who stated a preference, beside the figures they qualify', () => {
    const figures = scheduleFigures(people, shifts, [
      { volunteerId: 1, shiftId: 10 },
      { volunteerId: 1, shiftId: 11 },
      { volunteerId: 2, shiftId: 12 },
    ]);
    expect(figures).toMatchObject({
      filledSlots: 3,
      totalSlots: 6,
      // Volunteer 1 works one day (two shifts, an hour apart), volunteer 2 another.
      workingDays: 2,
      shiftsPerWorkingDay: 1.5,
      idleGapHours: 1,
      // Only volunteer 1 named a venue: 4 of their 7 hours are there.
      statedPreferenceHours: 7,
      preferredHours: 4,
      preferredShare: 0.5714,
    });
  });

  it('says, for an empty schedule, that nobody works and no preference was measured', () => {
    const figures = scheduleFigures(people, shifts, []);
    // The shares and averages fall back to numbers that only look good: the counts say they mean nothing.
    expect(figures).toMatchObject({ filledSlots: 0, workingDays: 0, shiftsPerWorkingDay: 0, idleGapHours: 0 });
    expect(figures).toMatchObject({ statedPreferenceHours: 0, preferredHours: 0, preferredShare: 1 });
  });

  it('counts the hours of a person with a preference who works only elsewhere', () => {
    const elsewhere = [shift(20, 9, 1, 6, 9)];
    const figures = scheduleFigures(people, shifts, [{ volunteerId: 1, shiftId: 20 }], elsewhere);
    expect(figures).toMatchObject({ filledSlots: 0, workingDays: 1, statedPreferenceHours: 3, preferredShare: 0 });
  });
});
