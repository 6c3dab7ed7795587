import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AuditReferences, type ShiftReference, formatPacific } from '@svp/domain';
import { type DataSource, In } from 'typeorm';
import { Application } from '../applications/application.entity.js';
import { Shift } from '../schedule/shift.entity.js';
import { Venue } from '../schedule/venue.entity.js';
import { User } from '../users/user.entity.js';
import type { AuditEntry } from '../audit/audit-entry.entity.js';

export type { AuditReferences, ShiftReference };

/** Keys of a recorded value that hold user ids (one or a list). */
const USER_KEYS = new Set(['teamLeaderIds', 'volunteerId', 'teamLeaderId', 'userId', 'creatorId', 'swappedSvId']);
const VENUE_KEYS = new Set(['venueId']);
const SHIFT_KEYS = new Set(['shiftId']);

interface Wanted {
  users: Set<number>;
  applications: Set<number>;
  venues: Set<number>;
  shifts: Set<number>;
}

const emptyWanted = (): Wanted => ({ users: new Set(), applications: new Set(), venues: new Set(), shifts: new Set() });

function addIds(into: Set<number>, value: unknown): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    const id = Number(item);
    if (Number.isInteger(id) && id > 0) into.add(id);
  }
}

/** The ids an entry mentions: its actor, its subject and the ids in what it recorded. */
function wantedBy(entry: AuditEntry): Wanted {
  const wanted = emptyWanted();
  if (entry.actorId !== null) wanted.users.add(entry.actorId);
  const subject = { user: wanted.users, application: wanted.applications, venue: wanted.venues, shift: wanted.shifts }[entry.entity];
  if (subject && entry.entityId !== null) addIds(subject, entry.entityId);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (USER_KEYS.has(key)) addIds(wanted.users, inner);
        else if (VENUE_KEYS.has(key)) addIds(wanted.venues, inner);
        else if (SHIFT_KEYS.has(key)) addIds(wanted.shifts, inner);
        else visit(inner);
      }
    }
  };
  visit(entry.before);
  visit(entry.after);
  return wanted;
}

const pick = <T>(all: Map<number, T>, ids: Set<number>): Record<string, T> =>
  Object.fromEntries([...ids].filter((id) => all.has(id)).map((id) => [String(id), all.get(id)!]));

/** Looks up, for a page of the audit log at once, the people, applications, venues and shifts its entries name. */
@Injectable()
export class AuditReferencesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async referencesOf(entries: readonly AuditEntry[]): Promise<AuditReferences[]> {
    const perEntry = entries.map(wantedBy);
    const all = emptyWanted();
    for (const wanted of perEntry) for (const kind of Object.keys(all) as (keyof Wanted)[]) wanted[kind].forEach((id) => all[kind].add(id));

    const manager = this.dataSource.manager;
    const applications = all.applications.size
      ? await manager.find(Application, { where: { id: In([...all.applications]) }, select: { id: true, userId: true } })
      : [];
    applications.forEach((application) => all.users.add(application.userId));
    const [users, venues, shifts] = await Promise.all([
      all.users.size
        ? manager.find(User, { where: { id: In([...all.users]) }, select: { id: true, firstName: true, lastName: true } })
        : [],
      all.venues.size ? manager.find(Venue, { where: { id: In([...all.venues]) }, select: { id: true, name: true } }) : [],
      all.shifts.size
        ? manager.find(Shift, {
            where: { id: In([...all.shifts]) },
            select: { id: true, day: true, startsAt: true, endsAt: true, role: true },
          })
        : [],
    ]);
    const names = new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
    const owners = new Map(applications.filter((a) => names.has(a.userId)).map((a) => [a.id, names.get(a.userId)!]));
    const venueNames = new Map(venues.map((venue) => [venue.id, venue.name]));
    const shiftFacts = new Map(
      shifts.map((shift): [number, ShiftReference] => [
        shift.id,
        { day: shift.day, startTime: formatPacific(shift.startsAt), endTime: formatPacific(shift.endsAt), role: shift.role },
      ]),
    );
    return perEntry.map((wanted) => ({
      users: pick(names, wanted.users),
      applications: pick(owners, wanted.applications),
      venues: pick(venueNames, wanted.venues),
      shifts: pick(shiftFacts, wanted.shifts),
    }));
  }
}
