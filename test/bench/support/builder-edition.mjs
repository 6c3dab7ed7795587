// A seeded, realistic edition for the schedule builder's benchmark: confirmed
// volunteers and shifts in the builder's own shapes (domain/src/builder/rules.ts), nothing stored.
//
// Seven Pacific days, Friday 7 August 2026 (pre-conference) to Thursday 13 August; 60 venues in 12
// areas; shifts of 2–6 h between 07:00 and 22:00 Pacific, laid end to end along role tracks of a
// venue (a registration desk from 07:00, a room monitor from 08:30, …), so a compact day is possible.
// The slots are set so that their hours come to `supplyRatio` × every volunteer's expected hours
// (25 h a student volunteer, 60 h a team leader), the pre-conference day holding a share that the
// volunteers who asked for it can work.
//
// `hard: true` hardens the same edition (HARDENING): volunteers scarce (their expected hours 70–90 %
// of the slot hours), most with times they cannot work, a daily maximum or a rest, more shifts
// needing experience, and a fifth of the slots pinned to volunteers who fit them (`kept`). The
// hardening draws from a generator of its own, after the edition's, so the loose edition of a seed
// stays what it was.
import { DateTime } from 'luxon';
import { random } from './random.mjs';

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

/** What `hard: true` changes, as shares of volunteers, shifts and slots. */
export const HARDENING = {
  /** Every volunteer's expected hours come to this share of the slot hours (drawn per edition). */
  expectedShareOfSlotHours: [0.7, 0.9],
  /** Volunteers with 1–3 times they cannot work (2–8 h, or a whole day). */
  withUnavailability: 0.8,
  /** Volunteers with a daily maximum of 4–8 h. */
  withDailyMaximum: 0.75,
  /** Volunteers needing 30–120 min of rest between shifts. */
  withRest: 0.5,
  /** Shifts needing an experienced volunteer (3 % still need a team leader). */
  experiencedShifts: 0.3,
  /** Slots pinned to a volunteer who fits them, as an organiser would before a build. */
  pinnedSlots: 0.2,
};

/**
 * The edition: `volunteers` (10 % team leaders), `venues`, `shifts` over EDITION_DAYS. Answers
 * { volunteers, shifts, venues, kept, facts } where volunteers and shifts are BuilderVolunteer and
 * BuilderShift objects, kept the pinned assignments (none unless `hard`) and facts sums up what was
 * generated. `hard` needs `fits(volunteer, shift, held)` (the rules' fitsShift) to pin only what
 * breaks no rule.
 */
export function generateBuilderEdition({
  volunteers: volunteerCount = 1000,
  venues: venueCount = 60,
  shifts: shiftCount = 3000,
  supplyRatio: looseSupplyRatio = 1.02,
  seed = 20,
  hard = false,
  fits = null,
} = {}) {
  const rng = random(seed);
  const hardRng = random(seed * 7919 + 104_729);
  const [least, most] = HARDENING.expectedShareOfSlotHours;
  const supplyRatio = hard ? 1 / (least + hardRng.next() * (most - least)) : looseSupplyRatio;
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
    if (hard) harden(volunteers.at(-1), hardRng);
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
  const experiencedShare = hard ? HARDENING.experiencedShifts : 0.12;
  for (const shift of shifts) {
    const roll = rng.next();
    shift.requires = roll < 0.03 ? 'team-leader' : roll < 0.03 + experiencedShare ? 'experienced' : 'none';
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

  const kept = hard ? pin(volunteers, shifts, hardRng, fits) : [];

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
    ...(hard ? { hard: true, pinnedSlots: kept.length } : {}),
  };
  return { volunteers, shifts, venues, kept, facts };
}

/** A volunteer of a hard edition: times they cannot work, a daily maximum and a rest, by HARDENING's shares. */
function harden(volunteer, rng) {
  volunteer.unavailable = [];
  if (rng.chance(HARDENING.withUnavailability)) {
    const windows = rng.int(1, 3);
    for (let i = 0; i < windows; i++) {
      const day = rng.pick(EDITION_DAYS);
      if (rng.chance(0.2)) volunteer.unavailable.push({ start: pacific(day, 0), end: pacific(day, 24 * 60) });
      else {
        const from = 7 * 60 + 30 * rng.int(0, 26);
        volunteer.unavailable.push({ start: pacific(day, from), end: pacific(day, from + 60 * rng.int(2, 8)) });
      }
    }
    volunteer.unavailable.sort((a, b) => a.start - b.start);
  }
  volunteer.maxHoursPerDay = rng.chance(HARDENING.withDailyMaximum) ? rng.int(4, 8) : null;
  volunteer.minRestMinutes = rng.chance(HARDENING.withRest) ? rng.pick([30, 45, 60, 90, 120]) : null;
}

/**
 * Pins a fifth of the slots (HARDENING.pinnedSlots): slots drawn at random, each given to a volunteer
 * drawn among those it fits on top of their pins so far (a few tries, then the slot stays open).
 */
function pin(volunteers, shifts, rng, fits) {
  if (!fits) throw new Error('A hard edition needs fits (the rules) to pin only what breaks no rule.');
  const slots = shifts.flatMap((shift) => Array.from({ length: shift.slots }, () => shift));
  const target = Math.round(HARDENING.pinnedSlots * slots.length);
  const held = new Map(volunteers.map((v) => [v.id, []]));
  const taken = new Map(shifts.map((s) => [s.id, 0]));
  const kept = [];
  for (let tries = 0; kept.length < target && tries < 20 * target; tries++) {
    const shift = rng.pick(slots);
    if (taken.get(shift.id) >= shift.slots) continue;
    for (let attempt = 0; attempt < 30; attempt++) {
      const volunteer = rng.pick(volunteers);
      const mine = held.get(volunteer.id);
      if (mine.includes(shift) || !fits(volunteer, shift, mine)) continue;
      mine.push(shift);
      taken.set(shift.id, taken.get(shift.id) + 1);
      kept.push({ volunteerId: volunteer.id, shiftId: shift.id });
      break;
    }
  }
  return kept.sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId);
}
