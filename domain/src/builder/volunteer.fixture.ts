import type { BuilderVolunteer } from './rules.js';

/**
 * A volunteer for the builder's specs: a student with no limits, no wishes and nothing unavailable, `extra` laid over it. Only the
 * specs import it (the domain's build leaves out *.fixture.ts).
 */
export const aVolunteer = (id: number, extra: Partial<BuilderVolunteer> = {}): BuilderVolunteer => ({
  id,
  name: `Volunteer ${id}`,
  teamLeader: false,
  ledVenues: [],
  expectedHours: 12,
  experienceYears: 1,
  preferredVenues: [],
  preconference: { wanted: false, from: null },
  unavailable: [],
  maxHoursPerDay: null,
  minRestMinutes: null,
  ...extra,
});
