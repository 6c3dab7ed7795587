// A seeded, realistic edition for the schedule builder's benchmark: confirmed
// volunteers and shifts in the builder's own shapes (domain/src/builder/rules.ts), nothing stored.
//
// Seven Pacific days, Friday 7 August 2026 (pre-conference) to Thursday 13 August; 60 venues in 12
// areas; shifts of 2–6 h between 07:00 and 22:00 Pacific, laid end to end along role tracks of a
// venue (a registration desk from 07:00, a room monitor from 08:30, …), so a compact day is possible.
// The slots are set so that their hours come to `supplyRatio` × every volunteer's expected hours
// (25 h a student volunteer, 60 h a team leader), the pre-conference day holding a share that the
// volunteers who asked for it can work.
import { DateTime } from 'luxon';

export const EDITION_DAYS = ['2026-08-07', '2026-08-08', '2026-08-09', '2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13'];
export const PRECONFERENCE_DAY = EDITION_DAYS[0];
const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;

export const SV_HOURS = 25;
export const TL_HOURS = 60;
/** Pre-conference slot hours per volunteer who asked for them: organisers ask for a little more than the early hours can give. */
const PRECONFERENCE_HOURS_EACH = 8;

const AREAS = [
  'West Building',
  'East Building',
  'North Building',
  'Exhibit Hall',
  'Ballroom',
  'Theatre',
  'Registration',
  'Emerging Technologies',
  'Art Gallery',
  'Courses',
  'Production Sessions',
  'Offsite Events',
];
/** How often each area is asked for: a few are popular, as in a real season. */
const AREA_POPULARITY = [6, 5, 3, 8, 2, 6, 2, 9, 7, 2, 3, 1];

/** An instant (ms) from a Pacific day and a time of day in minutes. */
export const pacific = (day, minutes) => DateTime.fromISO(day, { zone: ZONE }).plus({ minutes }).toMillis();

/** Deterministic pseudo-random floats in [0, 1) (mulberry32, as the domain's seededRandom): the same seed, the same sequence. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic pseudo-random choices: the same seed gives the same edition. */
function random(seed) {
  const next = mulberry32(seed);
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const weighted = (weights) => {
    let r = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
    return weights.length - 1;
  };
  return { next, int, weighted, chance: (p) => next() < p, pick: (list) => list[Math.floor(next() * list.length)] };
}

/**
 * The edition: `volunteers` (10 % team leaders), `venues`, `shifts` over EDITION_DAYS. Answers
 * { volunteers, shifts, venues, facts } where volunteers and shifts are BuilderVolunteer and
 * BuilderShift objects and facts sums up what was generated.
 */
export function generateBuilderEdition({
  volunteers: volunteerCount = 1000,
  venues: venueCount = 60,
  shifts: shiftCount = 3000,
  supplyRatio = 1.02,
  seed = 20,
} = {}) {
  const rng = random(seed);
  const venues = Array.from({ length: venueCount }, (_, i) => ({
    id: i + 1,
    area: i % AREAS.length,
    name: `${AREAS[i % AREAS.length]} ${Math.floor(i / AREAS.length) + 1}`,
  }));
  const venuesOfArea = AREAS.map((_, area) => venues.filter((v) => v.area === area).map((v) => v.id));

  // Volunteers. Team leaders are spread through the ids, as confirmations arrive in any order.
  const leaderCount = Math.round(volunteerCount / 10);
  const leaderIds = new Set();
  while (leaderIds.size < leaderCount) leaderIds.add(rng.int(1, volunteerCount));
  const volunteers = [];
  for (let id = 1; id <= volunteerCount; id++) {
    const teamLeader = leaderIds.has(id);
    const experienceYears = teamLeader ? rng.int(1, 4) : rng.chance(0.4) ? rng.int(1, 3) : 0;
    let preferredVenues = [];
    if (rng.chance(0.5)) {
      const first = rng.weighted(AREA_POPULARITY);
      const areas = new Set([first]);
      if (rng.chance(0.3)) areas.add(rng.weighted(AREA_POPULARITY));
      preferredVenues = [...areas].flatMap((area) => venuesOfArea[area]);
    }
    const wanted = rng.chance(0.3);
    const fromMinutes = [null, null, null, null, null, 10 * 60, 10 * 60, 13 * 60, 13 * 60, 17 * 60][rng.int(0, 9)];
    const unavailable = [];
    if (rng.chance(0.15)) {
      const day = EDITION_DAYS[rng.int(1, EDITION_DAYS.length - 1)];
      unavailable.push({ start: pacific(day, 0), end: pacific(day, 24 * 60) });
    }
    if (rng.chance(0.08)) {
      const day = EDITION_DAYS[rng.int(1, EDITION_DAYS.length - 1)];
      const [from, to] = rng.pick([
        [7 * 60, 13 * 60],
        [12 * 60, 18 * 60],
        [17 * 60, 22 * 60],
      ]);
      unavailable.push({ start: pacific(day, from), end: pacific(day, to) });
    }
    const maxHoursPerDay = teamLeader ? (rng.chance(0.1) ? 12 : null) : rng.chance(0.2) ? 8 : rng.chance(0.06) ? 6 : null;
    const minRestMinutes = rng.chance(0.2) ? 30 : rng.chance(0.12) ? 60 : null;
    volunteers.push({
      id,
      name: `Volunteer ${id}`,
      teamLeader,
      ledVenues: [],
      expectedHours: teamLeader ? TL_HOURS : SV_HOURS,
      experienceYears,
      preferredVenues,
      preconference: { wanted, from: wanted && fromMinutes !== null ? pacific(PRECONFERENCE_DAY, fromMinutes) : null },
      unavailable,
      maxHoursPerDay,
      minRestMinutes,
    });
  }
  // Each venue has a team leader, the first ones a second: team leaders work at the venues they lead (no draw, so the
  // random sequence, and with it everything else of the edition, is what it was before team leaders had venues).
  volunteers
    .filter((v) => v.teamLeader)
    .forEach((leader, k) => {
      leader.ledVenues = [venues[k % venues.length].id];
    });
  const demandHours = volunteers.reduce((sum, v) => sum + v.expectedHours, 0);

  // Shifts along role tracks: a venue's track on a day starts between 07:00 and 10:00 and runs shift
  // after shift (2–6 h, now and then a half-hour gap) until 22:00. The pre-conference day is smaller.
  const dayWeights = EDITION_DAYS.map((day) => (day === PRECONFERENCE_DAY ? 0.35 : 1));
  const lengths = [2, 3, 4, 5, 6];
  const lengthWeights = [2, 3, 3, 2, 1];
  const shifts = [];
  while (shifts.length < shiftCount) {
    const day = EDITION_DAYS[rng.weighted(dayWeights)];
    const venue = rng.pick(venues);
    let at = 7 * 60 + 30 * rng.int(0, 6);
    while (shifts.length < shiftCount) {
      const length = lengths[rng.weighted(lengthWeights)] * 60;
      if (at + length > 22 * 60) break;
      shifts.push({
        id: shifts.length + 1,
        venueId: venue.id,
        start: pacific(day, at),
        end: pacific(day, at + length),
        day,
        slots: 1,
        preconference: day === PRECONFERENCE_DAY,
        requires: 'none',
      });
      at += length + (rng.chance(0.15) ? 30 : 0);
    }
  }
  for (const shift of shifts) {
    const roll = rng.next();
    shift.requires = roll < 0.03 ? 'team-leader' : roll < 0.15 ? 'experienced' : 'none';
  }

  // Slots: one each, then more on shifts drawn at random (busy venues more often) until the slot
  // hours reach the target, per part (the pre-conference day's share follows who asked for it).
  const hours = (s) => (s.end - s.start) / HOUR;
  const venueWeight = new Map(venues.map((v) => [v.id, 1 + 3 * rng.next()]));
  const preconferenceDemand = volunteers.filter((v) => v.preconference.wanted).length * PRECONFERENCE_HOURS_EACH;
  const targetTotal = supplyRatio * demandHours;
  const parts = [
    { shifts: shifts.filter((s) => s.preconference), target: Math.min(preconferenceDemand, 0.08 * targetTotal) },
    { shifts: shifts.filter((s) => !s.preconference), target: 0 },
  ];
  parts[1].target = targetTotal - parts[0].target;
  for (const part of parts) {
    const open = part.shifts.filter((s) => s.requires !== 'team-leader');
    const weights = open.map((s) => venueWeight.get(s.venueId));
    let slotHours = part.shifts.reduce((sum, s) => sum + hours(s), 0);
    while (slotHours < part.target && open.length) {
      const shift = open[rng.weighted(weights)];
      if (shift.requires === 'experienced' && shift.slots >= 3) continue;
      shift.slots += 1;
      slotHours += hours(shift);
    }
  }

  const slotHours = shifts.reduce((sum, s) => sum + s.slots * hours(s), 0);
  const count = (predicate) => volunteers.filter(predicate).length;
  const facts = {
    days: EDITION_DAYS.length,
    volunteers: volunteers.length,
    teamLeaders: count((v) => v.teamLeader),
    experienced: count((v) => v.experienceYears >= 1),
    wantingPreconference: count((v) => v.preconference.wanted),
    withVenuePreference: count((v) => v.preferredVenues.length > 0),
    withUnavailability: count((v) => v.unavailable.length > 0),
    withDailyMaximum: count((v) => v.maxHoursPerDay !== null),
    withMinimumRest: count((v) => (v.minRestMinutes ?? 0) > 0),
    venues: venues.length,
    shifts: shifts.length,
    preconferenceShifts: parts[0].shifts.length,
    teamLeaderShifts: shifts.filter((s) => s.requires === 'team-leader').length,
    experiencedShifts: shifts.filter((s) => s.requires === 'experienced').length,
    slots: shifts.reduce((sum, s) => sum + s.slots, 0),
    slotHours: Math.round(slotHours),
    expectedHours: demandHours,
    slotHoursOverExpected: Math.round((slotHours / demandHours) * 1000) / 1000,
  };
  return { volunteers, shifts, venues, facts };
}
