import { type AudienceGroup, type AudienceSegment, type AudienceSegmentKind, type CatalogueName, audienceProblem } from '@svp/domain';

export type Operator = AudienceGroup['op'];
export type Role = Extract<AudienceSegment, { kind: 'role' }>['role'];

/**
 * One segment row of the builder as the organiser fills it: a picker not chosen yet is undefined,
 * so the domain rule names what is missing. `key` only tells rows apart on screen.
 */
export interface SegmentDraft {
  key: string;
  kind: AudienceSegmentKind;
  statusId?: number | null;
  role?: Role;
  venueId?: number;
  shiftId?: number;
  day?: string;
  startsFrom?: string;
  startsBefore?: string;
}

/** A group row: its own operator over its segments (one level of nesting on screen). */
export interface GroupDraft {
  key: string;
  op: Operator;
  parts: SegmentDraft[];
}

export type PartDraft = SegmentDraft | GroupDraft;

/** The whole audience: the top-level operator over segments and groups. */
export interface AudienceDraft {
  op: Operator;
  parts: PartDraft[];
}

export const isGroupDraft = (part: PartDraft): part is GroupDraft => 'op' in part;

let lastKey = 0;
const newKey = () => `part-${++lastKey}`;

/** A new row of that kind; a role starts as student volunteers and a day as the edition's first. */
export function newSegment(kind: AudienceSegmentKind, firstDay?: string): SegmentDraft {
  const segment: SegmentDraft = { key: newKey(), kind };
  if (kind === 'role') segment.role = 'Student-Volunteer';
  if (kind === 'day' && firstDay) segment.day = firstDay;
  return segment;
}

/** A row changed to another kind keeps its place and drops what the old kind held. */
export const withKind = (segment: SegmentDraft, kind: AudienceSegmentKind, firstDay?: string): SegmentDraft => ({
  ...newSegment(kind, firstDay),
  key: segment.key,
});

export function newGroup(op: Operator = 'or'): GroupDraft {
  return { key: newKey(), op, parts: [] };
}

/** The segment as the API takes it: only its kind's fields, empty times left out. */
export function segmentOf(draft: SegmentDraft): AudienceSegment {
  switch (draft.kind) {
    case 'status':
      return { kind: 'status', statusId: draft.statusId as number | null };
    case 'role':
      return { kind: 'role', role: draft.role as Role };
    case 'venue':
      return { kind: 'venue', venueId: draft.venueId as number };
    case 'shift':
      return { kind: 'shift', shiftId: draft.shiftId as number };
    case 'day':
      return {
        kind: 'day',
        day: draft.day as string,
        ...(draft.startsFrom ? { startsFrom: draft.startsFrom } : {}),
        ...(draft.startsBefore ? { startsBefore: draft.startsBefore } : {}),
      };
    default:
      return { kind: draft.kind };
  }
}

/** The audience as the API takes it: always a group, even of one segment. */
export function audienceOf(draft: AudienceDraft): AudienceGroup {
  return {
    op: draft.op,
    parts: draft.parts.map((part) => (isGroupDraft(part) ? { op: part.op, parts: part.parts.map(segmentOf) } : segmentOf(part))),
  };
}

/** What is wrong with one row (a segment, or a group and its segments), in the domain rule's words. */
export function partProblem(part: PartDraft, catalogue: CatalogueName): string | null {
  return audienceProblem(isGroupDraft(part) ? { op: part.op, parts: part.parts.map(segmentOf) } : segmentOf(part), catalogue);
}

/** What is wrong with the whole audience (depth, number of segments, an empty group…), or null. */
export const draftProblem = (draft: AudienceDraft, catalogue: CatalogueName): string | null =>
  audienceProblem(audienceOf(draft), catalogue);
