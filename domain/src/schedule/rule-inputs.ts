/**
 * What the schedule rules (builder/rules.ts) work on, made from what the portal stores: a shift's row,
 * a volunteer's account, application, confirmation form and constraints. Every path that judges an
 * assignment (the builder, manual assignment, import, swaps) reads people and shifts through these.
 */
import type { BuilderShift, BuilderVolunteer, ShiftRequirement } from '../builder/rules.js';
import type { ConfirmationForm } from '../contract/applications.js';
import type { UnavailableTime } from '../contract/builder.js';
import type { ConferenceFacts } from '../contract/settings.js';
import { FORM_VENUE_PREFERENCES } from '../options/lists.js';
import { parsePacific } from './time.js';

const DAY_MS = 86_400_000;

/** A shift as stored: its instants, its Pacific day, its places and who may take it. */
export interface StoredShift {
  id: number;
  venueId: number;
  startsAt: Date;
  endsAt: Date;
  day: string;
  svSlots: number;
  requires: ShiftRequirement | null;
}

/** A volunteer's account, application and constraints as stored (each but the account may be missing). */
export interface StoredVolunteer {
  user: { id: number; firstName: string; lastName: string; role: string };
  application: { data: unknown; confirmation: Partial<ConfirmationForm> | null } | null;
  constraints: { unavailable: readonly UnavailableTime[] | null; maxHoursPerDay: number | null; minRestMinutes: number | null } | null;
  /** The venues they lead (a team leader's). */
  ledVenues?: readonly number[];
}

/** The instant a Pacific local day and time names (the day's start when the time is missing). */
function pacificInstant(day: string, time: string | null): number {
  return (parsePacific(`${day} ${time ?? '00:00'}`) ?? new Date(`${day}T00:00:00Z`)).getTime();
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A volunteer's unavailable days and hours as intervals of instants (a day without hours: all of it, Pacific time). */
export function unavailableIntervals(unavailable: readonly UnavailableTime[]): { start: number; end: number }[] {
  return unavailable.map((gap) => ({
    start: pacificInstant(gap.day, gap.from),
    end: gap.to ? pacificInstant(gap.day, gap.to) : pacificInstant(addDays(gap.day, 1), null),
  }));
}

/** A shift as the rules see it: before the conference's first day it is a pre-conference shift. */
export function builderShift(shift: StoredShift, conference: Pick<ConferenceFacts, 'startDate'>): BuilderShift {
  return {
    id: shift.id,
    venueId: shift.venueId,
    start: shift.startsAt.getTime(),
    end: shift.endsAt.getTime(),
    day: shift.day,
    slots: shift.svSlots,
    preconference: shift.day < conference.startDate,
    requires: shift.requires ?? 'none',
  };
}

/**
 * A volunteer as the rules see them: their experience (the years of the application's two lists, at
 * least one when the form says they served before), the venues that satisfy the preferences they
 * ticked, when their pre-conference shifts may start, and the hours their role is expected to give.
 */
export function builderVolunteer(
  { user, application, constraints, ledVenues = [] }: StoredVolunteer,
  venues: readonly { id: number; preference: string }[],
  conference: Pick<ConferenceFacts, 'firstShiftDay' | 'svHours' | 'tlHours'>,
): BuilderVolunteer {
  const teamLeader = user.role === 'Team-Leader';
  const form: Partial<ConfirmationForm> = application?.confirmation ?? {};
  const data = (application?.data ?? {}) as { yearsVolunteered?: unknown; yearsVolunteeredAsia?: unknown };
  const years = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  const experienceYears = Math.max(years(data.yearsVolunteered) + years(data.yearsVolunteeredAsia), form.priorSv ? 1 : 0);
  const wanted: readonly string[] = FORM_VENUE_PREFERENCES.filter((key) => form[key] === true);
  const preferredVenues = venues.filter((v) => wanted.includes(v.preference)).map((v) => v.id);
  // The form's two pre-conference days are the first shift day and the day after (preconferenceDays).
  const startDay = form.preconfStart === 'saturday' ? addDays(conference.firstShiftDay, 1) : conference.firstShiftDay;
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    teamLeader,
    ledVenues: teamLeader ? [...ledVenues] : [],
    expectedHours: teamLeader ? conference.tlHours : conference.svHours,
    experienceYears,
    preferredVenues,
    preconference: {
      wanted: form.preconfShifts === true,
      from: form.preconfShifts ? pacificInstant(startDay, form.preconfStartTime ?? '12:00') : null,
    },
    unavailable: unavailableIntervals(constraints?.unavailable ?? []),
    maxHoursPerDay: constraints?.maxHoursPerDay ?? null,
    minRestMinutes: constraints?.minRestMinutes ?? null,
  };
}
