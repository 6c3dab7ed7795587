import { type CatalogueName, type StatusState, type StatusTag, entryForWireId } from '../catalogue/status.js';
import { isDay } from '../schedule/time.js';
import type { AudienceGroup, AudienceNode, AudienceSegment } from '../contract/messages.js';
import type { TeamAudience } from './views.js';

/** Declared once, as wire shapes, in domain/src/contract/messages.ts. */
export type { AudienceGroup, AudienceNode, AudienceSegment } from '../contract/messages.js';

/**
 * Who an organisers' message goes to: segments of the people the portal knows, combined with
 * and/or. A segment is one fact about a person; a group combines segments (or groups) with one
 * operator. The same tree is checked here, counted on the server and drawn by the admin panel.
 */

export type AudienceSegmentKind = AudienceSegment['kind'];

export const AUDIENCE_SEGMENT_LABELS: Readonly<Record<AudienceSegmentKind, string>> = {
  status: 'Application status',
  role: 'Role',
  teamLeaderApplicants: 'Team-leader applicants',
  financialAidApplicants: 'Financial-aid applicants',
  confirmed: 'Confirmed volunteers',
  confirmationIncomplete: 'Confirmation form not sent',
  venue: "A venue's volunteers and team leaders",
  day: 'Volunteers of one day',
  shift: 'Volunteers of one shift',
};

export const AUDIENCE_SEGMENT_KINDS = Object.keys(AUDIENCE_SEGMENT_LABELS) as AudienceSegmentKind[];

/** How deep groups may nest, and how many parts a message's audience may hold in all. */
export const AUDIENCE_LIMITS = { depth: 3, parts: 40 } as const;

/** What the audience rule needs to know about one person. */
export interface AudienceFacts {
  role: 'Student-Volunteer' | 'Team-Leader';
  /** Null: no application. */
  application: { state: StatusState; tag: StatusTag | null; teamLeader: boolean; financialAid: boolean; confirmationSent: boolean } | null;
  /** The venues this person leads. */
  ledVenueIds: readonly number[];
  /** The shifts assigned to this person. */
  shifts: readonly { id: number; venueId: number; day: string; startTime: string }[];
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isAudienceGroup = (node: AudienceNode): node is AudienceGroup => 'op' in node;

/**
 * What is wrong with an audience, in words an organiser can act on, or null. `catalogue` is the
 * edition's status catalogue (a status id must be one of its ids).
 */
export function audienceProblem(audience: unknown, catalogue: CatalogueName): string | null {
  let parts = 0;
  const check = (node: unknown, depth: number): string | null => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return 'Each part of the audience must be a segment or a group.';
    const n = node as Record<string, unknown>;
    if ('op' in n) {
      if (depth >= AUDIENCE_LIMITS.depth) return `Groups may nest at most ${AUDIENCE_LIMITS.depth} deep.`;
      if (n.op !== 'and' && n.op !== 'or') return "A group combines its parts with 'and' or 'or'.";
      if (!Array.isArray(n.parts) || n.parts.length === 0) return 'A group needs at least one segment.';
      for (const part of n.parts) {
        const problem = check(part, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    parts += 1;
    if (parts > AUDIENCE_LIMITS.parts) return `An audience may combine at most ${AUDIENCE_LIMITS.parts} segments.`;
    return segmentProblem(n, catalogue);
  };
  return check(audience, 0);
}

function segmentProblem(n: Record<string, unknown>, catalogue: CatalogueName): string | null {
  const known = (keys: string[]) => Object.keys(n).every((key) => key === 'kind' || keys.includes(key));
  const positiveId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
  switch (n.kind) {
    case 'status':
      if (!known(['statusId'])) return 'A status segment holds only statusId.';
      if (
        !(n.statusId === null || (typeof n.statusId === 'number' && Number.isInteger(n.statusId))) ||
        !entryForWireId(catalogue, n.statusId as number | null)
      ) {
        return 'Pick a status of the edition’s catalogue.';
      }
      return null;
    case 'role':
      if (!known(['role'])) return 'A role segment holds only role.';
      return n.role === 'Student-Volunteer' || n.role === 'Team-Leader' ? null : "The role must be 'Student-Volunteer' or 'Team-Leader'.";
    case 'teamLeaderApplicants':
    case 'financialAidApplicants':
    case 'confirmed':
    case 'confirmationIncomplete':
      return known([]) ? null : `A '${n.kind}' segment holds nothing else.`;
    case 'venue':
      if (!known(['venueId'])) return 'A venue segment holds only venueId.';
      return positiveId(n.venueId) ? null : 'Pick a venue.';
    case 'shift':
      if (!known(['shiftId'])) return 'A shift segment holds only shiftId.';
      return positiveId(n.shiftId) ? null : 'Pick a shift.';
    case 'day': {
      if (!known(['day', 'venueId', 'startsFrom', 'startsBefore'])) return 'A day segment holds day, venueId, startsFrom and startsBefore.';
      if (!isDay(n.day)) return 'Give the day as YYYY-MM-DD.';
      if (n.venueId !== undefined && !positiveId(n.venueId)) return 'Pick a venue, or none for every venue.';
      for (const key of ['startsFrom', 'startsBefore'] as const) {
        if (n[key] !== undefined && !(typeof n[key] === 'string' && TIME.test(n[key] as string)))
          return `Give ${key === 'startsFrom' ? 'the earliest start' : 'the latest start'} as HH:mm (Pacific).`;
      }
      if (typeof n.startsFrom === 'string' && typeof n.startsBefore === 'string' && n.startsFrom >= n.startsBefore)
        return 'The earliest start must come before the latest start.';
      return null;
    }
    default:
      return `Unknown segment '${String(n.kind)}': use one of ${AUDIENCE_SEGMENT_KINDS.join(', ')}.`;
  }
}

/** Whether a person with these facts is in the segment. */
export function inSegment(facts: AudienceFacts, segment: AudienceSegment, catalogue: CatalogueName): boolean {
  const application = facts.application;
  switch (segment.kind) {
    case 'status': {
      const entry = entryForWireId(catalogue, segment.statusId);
      if (!entry || !application) return false;
      return application.state === entry.state && (entry.tag === null || application.tag === entry.tag);
    }
    case 'role':
      return facts.role === segment.role;
    case 'teamLeaderApplicants':
      return Boolean(application?.teamLeader);
    case 'financialAidApplicants':
      return Boolean(application?.financialAid);
    case 'confirmed':
      return application?.state === 'confirmed';
    case 'confirmationIncomplete':
      return application?.state === 'offered' && !application.confirmationSent;
    case 'venue':
      return facts.ledVenueIds.includes(segment.venueId) || facts.shifts.some((shift) => shiftInSegment(shift, segment));
    case 'day':
    case 'shift':
      return facts.shifts.some((shift) => shiftInSegment(shift, segment));
  }
}

/** A segment about the schedule: the volunteers of a venue, of a day, or of one shift. */
export type ScheduleSegment = Extract<AudienceSegment, { kind: 'venue' | 'day' | 'shift' }>;

export const isScheduleSegment = (segment: AudienceSegment): segment is ScheduleSegment =>
  segment.kind === 'venue' || segment.kind === 'day' || segment.kind === 'shift';

/** Whether a shift is one the segment is about: at its venue, on its day (venue and start window), or the shift itself. */
export function shiftInSegment(shift: AudienceFacts['shifts'][number], segment: ScheduleSegment): boolean {
  switch (segment.kind) {
    case 'venue':
      return shift.venueId === segment.venueId;
    case 'day':
      return (
        shift.day === segment.day &&
        (segment.venueId === undefined || shift.venueId === segment.venueId) &&
        (segment.startsFrom === undefined || shift.startTime >= segment.startsFrom) &&
        (segment.startsBefore === undefined || shift.startTime < segment.startsBefore)
      );
    case 'shift':
      return shift.id === segment.shiftId;
  }
}

/** A team leader's audience as a segment: the shift when one is chosen, else the venue's shifts of the day, else the venue. */
export function teamAudienceNode(team: TeamAudience): ScheduleSegment {
  if (team.shiftId !== undefined) return { kind: 'shift', shiftId: team.shiftId };
  if (team.day !== undefined) return { kind: 'day', day: team.day, venueId: team.venueId };
  return { kind: 'venue', venueId: team.venueId };
}

/** Whether a person with these facts is in the audience. */
export function inAudience(facts: AudienceFacts, audience: AudienceNode, catalogue: CatalogueName): boolean {
  if (!isAudienceGroup(audience)) return inSegment(facts, audience, catalogue);
  return audience.op === 'and'
    ? audience.parts.every((part) => inAudience(facts, part, catalogue))
    : audience.parts.some((part) => inAudience(facts, part, catalogue));
}

/** Every segment of an audience, in order. */
export function audienceSegments(audience: AudienceNode): AudienceSegment[] {
  return isAudienceGroup(audience) ? audience.parts.flatMap(audienceSegments) : [audience];
}

/** Names for the ids an audience refers to, to describe it in words. */
export interface AudienceNames {
  statusLabel?: (statusId: number | null) => string | undefined;
  venue?: (venueId: number) => string | undefined;
  shift?: (shiftId: number) => string | undefined;
}

/** The audience in words: "Confirmed volunteers and (venue Room 1 or venue Hall B)". */
export function describeAudience(audience: AudienceNode, names: AudienceNames = {}): string {
  const describe = (node: AudienceNode, nested: boolean): string => {
    if (!isAudienceGroup(node)) return describeSegment(node, names);
    const text = node.parts.map((part) => describe(part, true)).join(node.op === 'and' ? ' and ' : ' or ');
    return nested && node.parts.length > 1 ? `(${text})` : text;
  };
  return describe(audience, false);
}

function describeSegment(segment: AudienceSegment, names: AudienceNames): string {
  switch (segment.kind) {
    case 'status':
      return `status ${names.statusLabel?.(segment.statusId) ?? String(segment.statusId)}`;
    case 'role':
      return segment.role === 'Team-Leader' ? 'team leaders (role)' : 'student volunteers (role)';
    case 'teamLeaderApplicants':
      return 'team-leader applicants';
    case 'financialAidApplicants':
      return 'financial-aid applicants';
    case 'confirmed':
      return 'confirmed volunteers';
    case 'confirmationIncomplete':
      return 'offered, confirmation form not sent';
    case 'venue':
      return `venue ${names.venue?.(segment.venueId) ?? `#${segment.venueId}`}`;
    case 'day': {
      const from = segment.startsFrom ? ` from ${segment.startsFrom}` : '';
      const before = segment.startsBefore ? ` before ${segment.startsBefore}` : '';
      const venue = segment.venueId === undefined ? '' : ` at ${names.venue?.(segment.venueId) ?? `venue #${segment.venueId}`}`;
      return `shifts${venue} on ${segment.day}${from || before ? `, starting${from}${before}` : ''}`;
    }
    case 'shift':
      return `shift ${names.shift?.(segment.shiftId) ?? `#${segment.shiftId}`}`;
  }
}
