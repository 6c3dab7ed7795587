import type { CatalogueName } from '../catalogue/status.js';
import { roundHours } from '../records/records.js';
import { formatShiftDay } from '../schedule/time.js';
import {
  type AudienceFacts,
  type AudienceNames,
  type AudienceNode,
  type ScheduleSegment,
  inAudience,
  isAudienceGroup,
  isScheduleSegment,
  shiftInSegment,
} from './audience.js';
import { MERGE_FIELDS, type MergeField, type MergeValues } from './merge-fields.js';

/**
 * The schedule's merge fields ({nextShift}, {scheduledHours}) follow the audience: in a message to
 * the volunteers of a venue, a day or a shift they read only the person's shifts there (see
 * docs/decisions.md, 'Merge fields follow the audience'). Other segments leave every shift in.
 */

export const NO_UPCOMING_SHIFT = 'No upcoming shift';
/** {nextShift} of a person who has none of the shifts the audience is about (a venue's team leader not assigned there). */
export const NO_MATCHING_SHIFT = 'No matching shift';

/** A person's shift as the schedule fields read it. */
export interface ScheduleFieldShift {
  id: number;
  venueId: number;
  /** Pacific day and start time, as the audience compares them. */
  day: string;
  startTime: string;
  startsAt: Date;
  endsAt: Date;
}

/** What the schedule fields read about a person: the audience's facts, with their shifts' times. */
export type PersonShifts<T extends ScheduleFieldShift> = Omit<AudienceFacts, 'shifts'> & { shifts: readonly T[] };

type Scope = ((shift: AudienceFacts['shifts'][number]) => boolean) | null;

/**
 * Which of a person's shifts the audience is about; null: all of them. A venue, day or shift segment
 * keeps its shifts; any other segment keeps every shift. 'And' keeps the shifts every part keeps; 'or'
 * the shifts any part the person is in keeps (every part when they are in none, as for a sample
 * person shown in a preview).
 */
function scopeOf(facts: AudienceFacts, node: AudienceNode, catalogue: CatalogueName): Scope {
  if (!isAudienceGroup(node)) return isScheduleSegment(node) ? (shift) => shiftInSegment(shift, node) : null;
  if (node.op === 'and') {
    const scopes = node.parts.map((part) => scopeOf(facts, part, catalogue)).filter((scope): scope is NonNullable<Scope> => scope !== null);
    return scopes.length ? (shift) => scopes.every((scope) => scope(shift)) : null;
  }
  const within = node.parts.filter((part) => inAudience(facts, part, catalogue));
  const scopes = (within.length ? within : node.parts).map((part) => scopeOf(facts, part, catalogue));
  if (scopes.some((scope) => scope === null)) return null;
  return (shift) => scopes.some((scope) => scope!(shift));
}

/** The person's shifts the schedule fields read, by start; `scoped` is false when the audience keeps all of them. */
export function shiftsForAudience<T extends ScheduleFieldShift>(
  facts: PersonShifts<T>,
  audience: AudienceNode | null,
  catalogue: CatalogueName,
): { scoped: boolean; shifts: T[] } {
  const scope = audience ? scopeOf(facts, audience, catalogue) : null;
  const shifts = (scope ? facts.shifts.filter(scope) : [...facts.shifts]).sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id,
  );
  return { scoped: scope !== null, shifts };
}

/**
 * {nextShift} and {scheduledHours} of a person in a message to `audience` (null: a message without
 * one, a test to oneself) at `now`. Without a schedule segment: their next shift to start, or "No
 * upcoming shift", and all their hours. With one: among the shifts it is about, the next to start, or
 * once all have started the last of them (a message about Thursday sent on Friday still names
 * Thursday's shift), or "No matching shift"; and the hours of those shifts.
 */
export function scheduleMergeValues<T extends ScheduleFieldShift>(
  facts: PersonShifts<T>,
  audience: AudienceNode | null,
  catalogue: CatalogueName,
  now: Date,
  label: (shift: T) => string,
): Pick<MergeValues, 'nextShift' | 'scheduledHours'> {
  const { scoped, shifts } = shiftsForAudience(facts, audience, catalogue);
  const upcoming = shifts.find((shift) => shift.startsAt.getTime() > now.getTime());
  const next = upcoming ?? (scoped ? shifts[shifts.length - 1] : undefined);
  const scheduledMs = shifts.reduce((sum, shift) => sum + (shift.endsAt.getTime() - shift.startsAt.getTime()), 0);
  return {
    nextShift: next ? label(next) : scoped ? NO_MATCHING_SHIFT : NO_UPCOMING_SHIFT,
    scheduledHours: String(roundHours(scheduledMs)),
  };
}

/** The shifts a schedule segment is about, in words that follow "their next shift": "on Thu Dec 3rd at Room 1". */
function segmentWords(segment: ScheduleSegment, names: AudienceNames): string {
  const venue = (id: number) => names.venue?.(id) ?? `venue #${id}`;
  switch (segment.kind) {
    case 'venue':
      return `at ${venue(segment.venueId)}`;
    case 'shift':
      return `in the shift ${names.shift?.(segment.shiftId) ?? `#${segment.shiftId}`}`;
    case 'day': {
      const at = segment.venueId === undefined ? '' : ` at ${venue(segment.venueId)}`;
      const from = segment.startsFrom ? ` from ${segment.startsFrom}` : '';
      const before = segment.startsBefore ? `${from ? ' and' : ''} before ${segment.startsBefore}` : '';
      return `on ${formatShiftDay(segment.day)}${at}${from || before ? `, starting${from}${before} (Pacific)` : ''}`;
    }
  }
}

interface ScopeWords {
  text: string;
  /** Several pieces joined with and/or: bracketed inside another group. */
  compound: boolean;
  /** Some members may be in the audience through a part that keeps every shift. */
  partial: boolean;
  /** The audience's one shift, when that is all it is about. */
  shift: string | null;
}

function scopeWords(node: AudienceNode, names: AudienceNames): ScopeWords | null {
  if (!isAudienceGroup(node)) {
    if (!isScheduleSegment(node)) return null;
    const shift = node.kind === 'shift' ? (names.shift?.(node.shiftId) ?? `#${node.shiftId}`) : null;
    return { text: segmentWords(node, names), compound: false, partial: false, shift };
  }
  const parts = node.parts.map((part) => scopeWords(part, names));
  const scoped = parts.filter((words): words is ScopeWords => words !== null);
  if (!scoped.length) return null;
  const one = scoped.length === 1 ? scoped[0] : null;
  return {
    text: one ? one.text : scoped.map((words) => (words.compound ? `(${words.text})` : words.text)).join(` ${node.op} `),
    compound: one ? one.compound : true,
    partial: node.op === 'and' ? scoped.every((words) => words.partial) : scoped.length < parts.length || scoped.some((w) => w.partial),
    shift: one?.shift ?? null,
  };
}

/**
 * What each merge field means in a message to `audience` (null or not yet valid: the general
 * meaning of MERGE_FIELDS), for the composer's help: the schedule fields name the venue, day or shift
 * the audience is about. `names` names venues and shifts as the composer shows them.
 */
export function mergeFieldHelp(audience: AudienceNode | null, names: AudienceNames = {}): Record<MergeField, string> {
  const words = audience ? scopeWords(audience, names) : null;
  if (!words) return { ...MERGE_FIELDS };
  const others = (overall: string) => (words.partial ? `; anyone in the audience for another reason: ${overall}` : '');
  const nextShift = words.shift
    ? `The audience’s shift: ${words.shift}`
    : `Their next shift ${words.text} (role, venue, day and Pacific times), or the last of them once all have started; ` +
      `"${NO_MATCHING_SHIFT}" if they have none`;
  const scheduledHours = words.shift ? 'Hours of the audience’s shift' : `Hours of their shifts ${words.text}`;
  return {
    ...MERGE_FIELDS,
    nextShift: nextShift + others(`their next shift overall, or "${NO_UPCOMING_SHIFT}"`),
    scheduledHours: scheduledHours + others('all their hours'),
  };
}
