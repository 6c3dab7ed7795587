import type { ImportRowError } from '../contract/schedule.js';
import { ASSIGNMENT_MESSAGES, MAX_SV_SLOTS, SHIFT_MESSAGES, overlapMessage } from './schedule-messages.js';
import { findOverlap, shiftTimesProblem } from './shifts.js';
import { formatShiftDay, isDay, pacificTime, parsePacific } from './time.js';

/**
 * The rules of the schedule's CSV imports (shifts, then assignments): every row checked against the
 * stored schedule and the rows above it, each problem named with its row and column. The files are
 * read, and the rows that pass are written, by the backend (backend/src/schedule/import/).
 */

/** The columns an import knows, in the order the header help shows them; the optional ones may be left out. */
export interface CsvLayout {
  columns: readonly string[];
  optional: readonly string[];
}

/** One data row, its values trimmed and keyed by lower-case column name ('' for an optional column the file lacks). */
export interface CsvRow {
  row: number;
  values: Record<string, string>;
}

/** A stored shift as the import rules read it. */
export interface ImportShift {
  id: number;
  venueId: number;
  startsAt: Date;
  endsAt: Date;
  role: string;
  svSlots: number;
}

export const SHIFT_LAYOUT: CsvLayout = {
  columns: ['venue', 'day', 'start', 'end', 'role', 'report_to', 'description', 'special', 'sv_slots', 'swappable'],
  optional: ['report_to', 'description', 'special', 'swappable'],
};

export const ASSIGNMENT_LAYOUT: CsvLayout = {
  columns: ['svid', 'venue', 'day', 'start', 'accommodations', 'start_back_to_back', 'end_back_to_back', 'role'],
  optional: ['accommodations', 'start_back_to_back', 'end_back_to_back', 'role'],
};

/** The longest text each column takes (the same limits as the shift and assignment forms). */
const MAX_LENGTH: Record<string, number> = {
  role: 200,
  report_to: 200,
  description: 5000,
  special: 2000,
  accommodations: 2000,
  start_back_to_back: 500,
  end_back_to_back: 500,
};

/** "Greeter at Room 1 on Mon Aug 10th, 08:00–12:00", as overlapMessage names a shift. */
const shiftLabel = (shift: Pick<ImportShift, 'role' | 'startsAt' | 'endsAt'>, venueName: string) =>
  `${shift.role} at ${venueName} on ${formatShiftDay(shift.startsAt)}, ${pacificTime(shift.startsAt)}–${pacificTime(shift.endsAt)}`;

export const IMPORT_MESSAGES = {
  required: (field: string) => `${field} is required.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  day: 'day must be a date written YYYY-MM-DD, e.g. 2026-08-10.',
  time: (field: string) => `${field} must be a time written HH:mm in Pacific time (24-hour clock), e.g. 08:00 or 22:30.`,
  sameStartEnd: 'end is the same as start; a shift must end after it starts (an end earlier than start means the next day).',
  noVenue: (name: string) => `There is no venue named "${name}"; create it under Venues first, or correct the name.`,
  severalVenues: (name: string, count: number) => `${count} venues are named "${name}"; rename them under Venues so each name is unique.`,
  svSlots: `sv_slots must be a whole number from 1 to ${MAX_SV_SLOTS}.`,
  swappable: 'swappable must be true, false, yes, no, 1 or 0 (left empty it means true).',
  repeatedShift: (row: number) => `Row ${row} already has a shift at this venue, day, start and role; remove one of the two rows.`,
  existingShift: (id: number) =>
    `This shift already exists (shift ${id}): same venue, day, start and role. Remove the row, or change that shift under Shifts.`,
  noVolunteer: (svid: string) => `There is no user with SV ID "${svid}"; check the SV ID under Users.`,
  noShift: (venue: string, day: string, start: string) =>
    `There is no shift at ${venue} starting ${day} ${start} (Pacific time); import that shift first, or correct venue, day and start.`,
  severalShifts: (count: number, venue: string, day: string, start: string, roles: string[]) =>
    `${count} shifts at ${venue} start ${day} ${start} (${roles.join(', ')}); add a role column and fill it in to say which one.`,
  noShiftWithRole: (role: string, venue: string, day: string, start: string, roles: string[]) =>
    `No shift at ${venue} starting ${day} ${start} has the role "${role}"; the roles there are: ${roles.join(', ')}.`,
  repeatedAssignment: (name: string, row: number) => `Row ${row} already assigns ${name} to this shift; remove one of the two rows.`,
  overlapInFile: (name: string, row: number, clash: Pick<ImportShift, 'role' | 'startsAt' | 'endsAt'>, venueName: string) =>
    `${name} is also on row ${row} for ${shiftLabel(clash, venueName)}, which overlaps this shift; remove one of the two rows.`,
  full: (shift: Pick<ImportShift, 'role' | 'startsAt' | 'endsAt' | 'svSlots'>, venueName: string, assigned: number, earlierRows: number) =>
    `${shiftLabel(shift, venueName)} is full: sv_slots is ${shift.svSlots}, with ${assigned} ` +
    `volunteer${assigned === 1 ? '' : 's'} assigned already` +
    ` and ${earlierRows} on earlier rows of this file. Raise sv_slots under Shifts, or choose another shift.`,
} as const;

export interface ImportVenue {
  id: number;
  name: string;
}

/** A user an assignment row names by SV ID. */
export interface ImportVolunteer {
  id: number;
  svid: string;
  name: string;
  confirmed: boolean;
}

/** A shift ready to insert, with the row it came from. */
export interface ShiftToImport {
  row: number;
  venueId: number;
  day: string;
  startsAt: Date;
  endsAt: Date;
  role: string;
  reportTo: string;
  description: string | null;
  special: string | null;
  svSlots: number;
  swappable: boolean;
}

/** An assignment ready to insert, with the row it came from. */
export interface AssignmentToImport {
  row: number;
  shiftId: number;
  volunteerId: number;
  accommodations: string | null;
  startBackToBack: string | null;
  endBackToBack: string | null;
}

export interface ShiftImportLookups {
  venues: readonly ImportVenue[];
  /** Shifts already stored at the file's venues on the file's days. */
  existing: readonly ImportShift[];
}

export interface AssignmentImportLookups<S extends ImportShift = ImportShift> {
  venues: readonly ImportVenue[];
  /** The users the file's SV IDs name (matched without regard to case). */
  volunteers: readonly ImportVolunteer[];
  /** Shifts stored at the file's venues on the file's days. */
  shifts: readonly S[];
  /** Who is on those shifts already. */
  assignments: readonly { shiftId: number; volunteerId: number }[];
  /** Every shift each named volunteer holds already. */
  held: ReadonlyMap<number, readonly S[]>;
  /**
   * The volunteer's own rules (availability, pre-conference wish, daily maximum, rest, required
   * experience or role) for taking `shift` on top of `held`: the broken rules' words, none when it fits.
   */
  ruleBreaks(volunteerId: number, shift: S, held: readonly S[]): string[];
}

export interface ImportRowCheck<T> {
  accepted: T[];
  errors: ImportRowError[];
}

/** The venue, day and start a row names (the columns both imports share); null where a problem was recorded. */
interface Where {
  venue: ImportVenue | null;
  day: string | null;
  start: string | null;
  startsAt: Date | null;
}

type Problem = (field: string | undefined, message: string) => void;

/** Pacific local "YYYY-MM-DD HH:mm" to an instant (or null), remembered: a file repeats a few days and times thousands of times. */
type PacificReader = (local: string) => Date | null;

function pacificReader(): PacificReader {
  const known = new Map<string, Date | null>();
  return (local) => {
    if (!known.has(local)) known.set(local, parsePacific(local));
    return known.get(local)!;
  };
}

const CLOCK_TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const TRUE_WORDS = new Set(['', 'true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** "8:00" or "08:00" as "08:00"; null for anything else. */
export function clockTime(value: string): string | null {
  const match = CLOCK_TIME.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** Appends to the list kept under `key`. */
function addTo<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

function venueIndex(venues: readonly ImportVenue[]): Map<string, ImportVenue[]> {
  const index = new Map<string, ImportVenue[]>();
  for (const venue of venues) addTo(index, venue.name.trim().toLowerCase(), venue);
  return index;
}

function text(values: Record<string, string>, field: string, problem: Problem, required = false): string {
  const value = values[field] ?? '';
  if (required && !value) problem(field, IMPORT_MESSAGES.required(field));
  const max = MAX_LENGTH[field];
  if (max !== undefined && value.length > max) problem(field, IMPORT_MESSAGES.tooLong(field, max));
  return value;
}

/** Reads venue, day and start, recording each problem. */
function readWhere(values: Record<string, string>, venues: Map<string, ImportVenue[]>, pacific: PacificReader, problem: Problem): Where {
  let venue: ImportVenue | null = null;
  const venueName = values.venue ?? '';
  const named = venues.get(venueName.toLowerCase()) ?? [];
  if (!venueName) problem('venue', IMPORT_MESSAGES.required('venue'));
  else if (!named.length) problem('venue', IMPORT_MESSAGES.noVenue(venueName));
  else if (named.length > 1) problem('venue', IMPORT_MESSAGES.severalVenues(venueName, named.length));
  else venue = named[0]!;

  const dayText = values.day ?? '';
  const day = isDay(dayText) ? dayText : null;
  if (!dayText) problem('day', IMPORT_MESSAGES.required('day'));
  else if (!day) problem('day', IMPORT_MESSAGES.day);

  const start = readClock(values, 'start', problem);
  let startsAt: Date | null = null;
  if (day && start) {
    startsAt = pacific(`${day} ${start}`);
    if (!startsAt) problem('start', SHIFT_MESSAGES.badTime('start'));
  }
  return { venue, day, start, startsAt };
}

function readClock(values: Record<string, string>, field: string, problem: Problem): string | null {
  const value = values[field] ?? '';
  const time = clockTime(value);
  if (!value) problem(field, IMPORT_MESSAGES.required(field));
  else if (!time) problem(field, IMPORT_MESSAGES.time(field));
  return time;
}

/** The end instant of a shift row: an end earlier than the start falls on the next day. */
function readEnd(values: Record<string, string>, where: Where, pacific: PacificReader, problem: Problem): Date | null {
  const end = readClock(values, 'end', problem);
  if (!end || !where.day || !where.start || !where.startsAt) return null;
  if (end === where.start) {
    problem('end', IMPORT_MESSAGES.sameStartEnd);
    return null;
  }
  const endsAt = pacific(`${end < where.start ? nextDay(where.day) : where.day} ${end}`);
  if (!endsAt) {
    problem('end', SHIFT_MESSAGES.badTime('end'));
    return null;
  }
  const times = shiftTimesProblem({ startsAt: where.startsAt, endsAt });
  if (times) {
    problem('end', times);
    return null;
  }
  return endsAt;
}

function readSvSlots(values: Record<string, string>, problem: Problem): number | null {
  const value = values.sv_slots ?? '';
  const slots = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!value) problem('sv_slots', IMPORT_MESSAGES.required('sv_slots'));
  else if (!(slots >= 1 && slots <= MAX_SV_SLOTS)) problem('sv_slots', IMPORT_MESSAGES.svSlots);
  return Number.isNaN(slots) ? null : slots;
}

function readSwappable(values: Record<string, string>, problem: Problem): boolean {
  const word = (values.swappable ?? '').toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  problem('swappable', IMPORT_MESSAGES.swappable);
  return true;
}

const shiftKey = (venueId: number, startsAt: Date, role: string) => `${venueId}|${startsAt.getTime()}|${role.toLowerCase()}`;

/** Checks every row of a shifts file; the rows without problems come back ready to insert. */
export function checkShiftRows(rows: readonly CsvRow[], lookups: ShiftImportLookups): ImportRowCheck<ShiftToImport> {
  const venues = venueIndex(lookups.venues);
  const existing = new Map(lookups.existing.map((shift) => [shiftKey(shift.venueId, shift.startsAt, shift.role.trim()), shift]));
  const firstRowOf = new Map<string, number>();
  const pacific = pacificReader();
  const accepted: ShiftToImport[] = [];
  const errors: ImportRowError[] = [];

  for (const { row, values } of rows) {
    const before = errors.length;
    const problem: Problem = (field, message) => errors.push({ row, ...(field ? { field } : {}), message });
    const where = readWhere(values, venues, pacific, problem);
    const endsAt = readEnd(values, where, pacific, problem);
    const role = text(values, 'role', problem, true);
    const reportTo = text(values, 'report_to', problem);
    const description = text(values, 'description', problem);
    const special = text(values, 'special', problem);
    const svSlots = readSvSlots(values, problem);
    const swappable = readSwappable(values, problem);

    if (where.venue && where.startsAt && role) {
      const key = shiftKey(where.venue.id, where.startsAt, role);
      const stored = existing.get(key);
      const earlier = firstRowOf.get(key);
      if (stored) problem(undefined, IMPORT_MESSAGES.existingShift(stored.id));
      else if (earlier !== undefined) problem(undefined, IMPORT_MESSAGES.repeatedShift(earlier));
      else firstRowOf.set(key, row);
    }
    if (errors.length > before) continue;
    accepted.push({
      row,
      venueId: where.venue!.id,
      day: where.day!,
      startsAt: where.startsAt!,
      endsAt: endsAt!,
      role,
      reportTo,
      description: description || null,
      special: special || null,
      svSlots: svSlots!,
      swappable,
    });
  }
  return { accepted, errors };
}

/** Finds the one shift a row names by venue and start, narrowed by role when there are several. */
function pickShift<S extends ImportShift>(
  candidates: readonly S[],
  values: Record<string, string>,
  where: Where,
  problem: Problem,
): S | null {
  const venue = where.venue!.name;
  const role = values.role ?? '';
  if (!candidates.length) {
    problem('start', IMPORT_MESSAGES.noShift(venue, where.day!, where.start!));
    return null;
  }
  const roles = [...new Set(candidates.map((s) => s.role))].sort();
  const matching = role ? candidates.filter((s) => s.role.trim().toLowerCase() === role.toLowerCase()) : candidates;
  if (!matching.length) {
    problem('role', IMPORT_MESSAGES.noShiftWithRole(role, venue, where.day!, where.start!, roles));
    return null;
  }
  if (matching.length > 1) {
    problem(role ? 'role' : 'start', IMPORT_MESSAGES.severalShifts(matching.length, venue, where.day!, where.start!, roles));
    return null;
  }
  return matching[0]!;
}

/**
 * Checks every row of an assignments file against the stored schedule and against the rows above
 * it: a volunteer may not be on two overlapping shifts, and a shift's earlier rows take its places first.
 */
export function checkAssignmentRows<S extends ImportShift>(
  rows: readonly CsvRow[],
  lookups: AssignmentImportLookups<S>,
): ImportRowCheck<AssignmentToImport> {
  const venues = venueIndex(lookups.venues);
  const venueNames = new Map(lookups.venues.map((v) => [v.id, v.name]));
  const volunteers = new Map(lookups.volunteers.map((v) => [v.svid.toLowerCase(), v]));
  const shiftsAt = new Map<string, S[]>();
  for (const shift of lookups.shifts) addTo(shiftsAt, `${shift.venueId}|${shift.startsAt.getTime()}`, shift);
  const assigned = new Set(lookups.assignments.map((a) => `${a.shiftId}|${a.volunteerId}`));
  const assignedCount = new Map<number, number>();
  for (const a of lookups.assignments) assignedCount.set(a.shiftId, (assignedCount.get(a.shiftId) ?? 0) + 1);

  const rowOfPair = new Map<string, number>();
  const pacific = pacificReader();
  const placesTaken = new Map<number, number>();
  const fileShiftsOf = new Map<number, { row: number; shift: S }[]>();
  const accepted: AssignmentToImport[] = [];
  const errors: ImportRowError[] = [];

  for (const { row, values } of rows) {
    const before = errors.length;
    const problem: Problem = (field, message) => errors.push({ row, ...(field ? { field } : {}), message });

    const svid = values.svid ?? '';
    const volunteer = volunteers.get(svid.toLowerCase()) ?? null;
    if (!svid) problem('svid', IMPORT_MESSAGES.required('svid'));
    else if (!volunteer) problem('svid', IMPORT_MESSAGES.noVolunteer(svid));
    else if (!volunteer.confirmed) problem('svid', ASSIGNMENT_MESSAGES.notConfirmed(volunteer.name));

    const where = readWhere(values, venues, pacific, problem);
    const shift =
      where.venue && where.startsAt
        ? pickShift(shiftsAt.get(`${where.venue.id}|${where.startsAt.getTime()}`) ?? [], values, where, problem)
        : null;
    const accommodations = text(values, 'accommodations', problem);
    const startBackToBack = text(values, 'start_back_to_back', problem);
    const endBackToBack = text(values, 'end_back_to_back', problem);

    if (shift && volunteer?.confirmed) {
      const pair = `${shift.id}|${volunteer.id}`;
      const earlierRow = rowOfPair.get(pair);
      if (assigned.has(pair)) problem('svid', ASSIGNMENT_MESSAGES.already(volunteer.name));
      else if (earlierRow !== undefined) problem('svid', IMPORT_MESSAGES.repeatedAssignment(volunteer.name, earlierRow));
      else {
        rowOfPair.set(pair, row);
        const stored = findOverlap(shift, lookups.held.get(volunteer.id) ?? []);
        const inFile = stored ? undefined : (fileShiftsOf.get(volunteer.id) ?? []).find((held) => findOverlap(shift, [held.shift]));
        if (stored) problem('svid', overlapMessage(volunteer.name, stored, venueNames.get(stored.venueId) ?? ''));
        else if (inFile)
          problem(
            'svid',
            IMPORT_MESSAGES.overlapInFile(volunteer.name, inFile.row, inFile.shift, venueNames.get(inFile.shift.venueId) ?? ''),
          );
        else {
          const heldWithFile = [...(lookups.held.get(volunteer.id) ?? []), ...(fileShiftsOf.get(volunteer.id) ?? []).map((h) => h.shift)];
          for (const message of lookups.ruleBreaks(volunteer.id, shift, heldWithFile)) problem('svid', message);
        }
        addTo(fileShiftsOf, volunteer.id, { row, shift });

        const already = assignedCount.get(shift.id) ?? 0;
        const earlier = placesTaken.get(shift.id) ?? 0;
        if (already + earlier >= shift.svSlots)
          problem('start', IMPORT_MESSAGES.full(shift, venueNames.get(shift.venueId) ?? '', already, earlier));
        else placesTaken.set(shift.id, earlier + 1);
      }
    }
    if (errors.length > before) continue;
    accepted.push({
      row,
      shiftId: shift!.id,
      volunteerId: volunteer!.id,
      accommodations: accommodations || null,
      startBackToBack: startBackToBack || null,
      endBackToBack: endBackToBack || null,
    });
  }
  return { accepted, errors };
}
