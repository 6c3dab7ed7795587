import {
  type CatalogueName,
  type StatusState,
  type StatusTag,
  TIMELINE_LABELS,
  type TimelineKey,
  formatUtcDateTime,
  statusLabel,
} from '@svp/domain';
import { OUTCOME_LABELS } from '../jobs/jobLabels';
import type { JobOutcome } from '../jobs/types';
import { shiftLabel } from '../schedule/labels';
import { CONFERENCE_LABELS, type ConferenceField } from '../settings/conferenceErrors';
import { RESULT_TEXTS } from '../settings/resultTexts';
import { changesBetween } from './changes';
import type { AuditEntry, ShiftReference } from './types';

/** One change of an entry in words: 'Status: Pending → Waitlisted'; a side is absent when the thing was created or removed. */
export interface ChangeLine {
  label: string;
  before?: string;
  after?: string;
}

const ACTIONS: Readonly<Record<string, string>> = {
  'application.status': 'Changed the processing status',
  'application.update': 'Changed an application',
  'erasure.request': 'Asked to erase a person (a second administrator confirms)',
  'erasure.confirm': 'Erased a person on request, confirming another administrator’s request',
  'erasure.cancel': 'Cancelled a request to erase a person',
  'job.run': 'Ran a job',
  'jury.assign': 'Assigned the jury',
  'message.sent': 'Sent a message',
  'message.cancelled': 'Cancelled the queued emails of a message',
  'message.resumed': 'Resumed sending a message',
  'message.retried': 'Retried the failed or interrupted emails of a message',
  'message.test': 'Sent a test of a message to themselves',
  'retention.remove': 'Removed personal data whose retention period ended',
  'schedule-import.shifts': 'Imported shifts',
  'schedule-import.assignments': 'Imported shift assignments',
  'settings.update': 'Changed the settings',
  'shift.create': 'Added a shift',
  'shift.update': 'Changed a shift',
  'shift.delete': 'Deleted a shift',
  'shift-assignment.create': 'Assigned a volunteer to a shift',
  'shift-assignment.update': 'Changed a shift assignment',
  'shift-assignment.delete': 'Removed a volunteer from a shift',
  'shift-assignment.exception': 'Assigned a volunteer despite a schedule rule, giving a reason',
  'shift-swap.cancel': 'Cancelled a swap request',
  'user.update': 'Changed a user',
  'venue.create': 'Added a venue',
  'venue.update': 'Changed a venue',
  'venue.delete': 'Deleted a venue',
};

/** Words for the camelCase, snake_case or kebab-case name of a thing: 'svSlots' → 'Sv slots'. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an action did, in words ('Changed the processing status'). */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? humanise(action.replace('.', ' '));
}

const ROLES: Readonly<Record<string, string>> = { 'Student-Volunteer': 'Student Volunteer', 'Team-Leader': 'Team Leader' };

/** Why a status or an application changed, as recorded. */
const REASONS: Readonly<Record<string, string>> = {
  admin: 'Set by an administrator',
  applicant: 'By the applicant',
  deadline: 'A deadline passed',
  waitlist: 'Offered from the waitlist',
  accepted: 'Accepted',
  cancelled: 'Cancelled by an administrator',
  declined: 'Declined',
  deleted: 'Deleted by the volunteer',
  superseded: 'Replaced by another request',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  role: 'Role',
  isAdmin: 'Administrator',
  teamLeader: 'Applies as team leader',
  closed: 'Closed for changes',
  reason: 'Why',
  name: 'Name',
  location: 'Location',
  teamLeaderIds: 'Team leaders',
  volunteerId: 'Volunteer',
  shiftId: 'Shift',
  venueId: 'Venue',
  svid: 'SV ID',
  startBackToBack: 'Back-to-back shift before',
  endBackToBack: 'Back-to-back shift after',
  accommodations: 'Accommodations',
  day: 'Day',
  startTime: 'Starts (Pacific time)',
  endTime: 'Ends (Pacific time)',
  reportTo: 'Report to',
  description: 'Description',
  special: 'Special instructions',
  svSlots: 'Volunteer places',
  swappable: 'Can be swapped',
  swapsEnabled: 'Shift swaps online',
  autoOfferWaitlist: 'Offer waitlisted places automatically',
  statusCatalogue: 'Status catalogue',
  contactEmail: 'Contact email',
  mailingListUrl: 'Mailing list address',
  programmeUrl: 'Programme page address',
  closed_reason: 'Closed because',
  closed_at: 'Closed at',
  TLsPerApp: 'Team leaders per application',
  assignments: 'Assignments',
  scores: 'Scores',
  teamLeaders: 'Team leaders',
  applications: 'Applications',
  assigned: 'Pairs assigned',
  added: 'Pairs added',
  keptScores: 'Scores kept',
  removedScores: 'Scores removed',
  reset: 'All scores deleted',
  seed: 'Random seed',
  avoidSameSchool: 'Avoid team leaders of the same school',
  balanced: 'Loads balanced',
  sameSchool: 'Same-school pairs',
  'appsPerTeamLeader.min': 'Fewest applications per team leader',
  'appsPerTeamLeader.max': 'Most applications per team leader',
  outcome: 'Outcome',
  message: 'Result',
  edition: 'Edition',
  slot: 'For the date',
  rows: 'Rows',
  created: 'Created',
  subject: 'Subject',
  audience: 'Audience',
  recipients: 'Recipients',
  bannerUntil: 'Dashboard banner until',
};

/** Parts of a record that say nothing a reader needs: ids, bookkeeping times, figures repeated elsewhere. */
const HIDDEN = new Set([
  'id',
  'runId',
  'createdAt',
  'updatedAt',
  'created_at',
  'startsAt',
  'endsAt',
  'volunteerName',
  'accepted',
  'kind',
  'version',
  'tag',
]);
const HIDDEN_PREFIXES = ['shift.', 'swapped_shift.', 'sv.', 'swapped_sv.'];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

function plainText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatUtcDateTime(value) : value;
  if (Array.isArray(value)) return value.length ? value.map((item) => plainText(item) ?? '—').join(', ') : undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function labelOf(path: string): string {
  const [head, key] = path.split('.') as [string, string | undefined];
  if (head === 'timeline' && key) return TIMELINE_LABELS[key as TimelineKey] ?? humanise(key);
  if (head === 'conference' && key) return CONFERENCE_LABELS[key as ConferenceField] ?? humanise(key);
  if (head === 'resultTexts' && key) return RESULT_TEXTS.find((text) => text.source === key)?.label ?? humanise(key);
  if (head === 'counts' && key) return humanise(key);
  return FIELD_LABELS[path] ?? humanise(path.split('.').at(-1)!);
}

/** The person a user id stands for, by name. */
function personOf(entry: AuditEntry, id: unknown): string {
  return entry.references.users[String(id)] ?? `User ${String(id)}`;
}

function shiftOf(entry: AuditEntry, id: unknown): string {
  const shift = entry.references.shifts[String(id)];
  return shift ? shiftLabel(shift) : `Shift ${String(id)}`;
}

function valueOf(entry: AuditEntry, path: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const key = path.split('.').at(-1)!;
  switch (key) {
    case 'role':
      return entry.entity === 'user' ? (ROLES[String(value)] ?? String(value)) : plainText(value);
    case 'teamLeaderIds':
      return Array.isArray(value) ? (value.length ? value.map((id) => personOf(entry, id)).join(', ') : undefined) : plainText(value);
    case 'volunteerId':
    case 'teamLeaderId':
    case 'userId':
      return personOf(entry, value);
    case 'shiftId':
      return shiftOf(entry, value);
    case 'venueId':
      return entry.references.venues[String(value)] ?? `Venue ${String(value)}`;
    case 'reason':
    case 'closed_reason':
      return REASONS[String(value)] ?? plainText(value);
    case 'outcome':
      return OUTCOME_LABELS[value as JobOutcome]?.label ?? plainText(value);
    case 'statusCatalogue':
      return `Catalogue ${String(value)}`;
    default:
      return plainText(value);
  }
}

function statusOf(value: unknown, catalogue: CatalogueName | undefined): string | undefined {
  if (!value || typeof value !== 'object' || !('state' in value)) return undefined;
  const { state, tag } = value as { state: StatusState; tag?: StatusTag | null };
  return catalogue ? statusLabel(catalogue, state, tag ?? null) : humanise(state);
}

/** What an entry changed, line by line in words: field labels, names instead of ids, labels instead of codes. */
export function changeLines(entry: AuditEntry, catalogue?: CatalogueName): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const hasState = [entry.before, entry.after].some((side) => side && typeof side === 'object' && 'state' in side);
  const [statusBefore, statusAfter] = [statusOf(entry.before, catalogue), statusOf(entry.after, catalogue)];
  if (hasState && statusBefore !== statusAfter) lines.push({ label: 'Processing status', before: statusBefore, after: statusAfter });
  if (entry.entity === 'shift-swap') {
    const open = (side: unknown) =>
      side && typeof side === 'object' && 'status' in side ? (side as { status: boolean | null }).status : undefined;
    const swapState = (status: boolean | null | undefined) =>
      status === undefined ? undefined : status === null ? 'Open' : status ? 'Accepted' : 'Closed';
    if (open(entry.before) !== open(entry.after))
      lines.push({ label: 'Request', before: swapState(open(entry.before)), after: swapState(open(entry.after)) });
  }
  for (const change of changesBetween(entry.before, entry.after)) {
    const key = change.path.split('.').at(-1)!;
    if (HIDDEN.has(key) || HIDDEN_PREFIXES.some((prefix) => change.path.startsWith(prefix))) continue;
    if (hasState && key === 'state') continue;
    if (entry.entity === 'shift-swap' && key === 'status') continue;
    const before = valueOf(entry, change.path, change.before);
    const after = valueOf(entry, change.path, change.after);
    if (before === after) continue;
    lines.push({ label: labelOf(change.path), before, after });
  }
  return lines;
}

function shiftFrom(entry: AuditEntry): string | undefined {
  const recorded = [entry.after, entry.before].find((side): side is Partial<ShiftReference> =>
    Boolean(side && typeof side === 'object' && 'role' in side && 'startTime' in side),
  );
  const known = entry.entityId ? entry.references.shifts[entry.entityId] : undefined;
  const shift =
    known ?? (recorded?.day && recorded.startTime && recorded.endTime && recorded.role ? (recorded as ShiftReference) : undefined);
  return shift ? shiftLabel(shift) : undefined;
}

/** What an entry is about, by name: 'Application of Grace Hopper', 'Ada Lovelace', 'Venue Main Hall'. */
export function subjectOf(entry: AuditEntry): string {
  const id = entry.entityId ?? '';
  const side = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  switch (entry.entity) {
    case 'application': {
      const owner = entry.references.applications[id];
      return owner ? `Application of ${owner}` : `Application ${id}`;
    }
    case 'user':
      return entry.references.users[id] ?? `User ${id}`;
    case 'venue':
      return `Venue ${entry.references.venues[id] ?? (typeof side.name === 'string' ? side.name : id)}`;
    case 'shift':
      return entry.action.startsWith('schedule-import') ? 'Shifts' : (shiftFrom(entry) ?? `Shift ${id}`);
    case 'shift-assignment': {
      if (entry.action.startsWith('schedule-import')) return 'Shift assignments';
      const volunteer = side.volunteerId === undefined ? undefined : personOf(entry, side.volunteerId);
      const shift = side.shiftId === undefined ? undefined : shiftOf(entry, side.shiftId);
      return [volunteer, shift].filter(Boolean).join(' on ') || `Assignment ${id}`;
    }
    case 'shift-swap': {
      const sv = side.sv as { given_name?: string; family_name?: string } | undefined;
      return sv?.given_name ? `Swap request of ${`${sv.given_name} ${sv.family_name ?? ''}`.trim()}` : `Swap request ${id}`;
    }
    case 'settings':
      return 'Edition settings';
    case 'job':
      return `Job: ${humanise(id)}`;
    case 'jury':
      return 'Jury assignments';
    case 'message':
      return typeof side.subject === 'string' ? `Message “${side.subject}”` : `Message ${id}`;
    default:
      return `${humanise(entry.entity)}${id ? ` ${id}` : ''}`;
  }
}

/** Who made the change: their name, else the email recorded, else the system (deadline jobs). */
export function actorOf(entry: Pick<AuditEntry, 'actorName' | 'actorEmail'>): string {
  return entry.actorName ?? entry.actorEmail ?? 'System';
}
