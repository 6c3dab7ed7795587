import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import {
  type AudienceMember,
  type AudienceNode,
  type EditionSettings,
  type MergeValues,
  type PersonShifts,
  type StatusState,
  type StatusTag,
  describeAudience,
  entryForWireId,
  formatUtcDateTime,
  inAudience,
  offerDeadline,
  pacificDay,
  pacificTime,
  scheduleMergeValues,
  statusLabel,
} from '@svp/domain';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { rawDate, rawInt } from '../database/raw-values.js';
import { Application } from '../applications/application.entity.js';
import { Shift } from '../schedule/shift.entity.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { shiftLabel } from '../schedule/shift-label.js';
import { Venue } from '../schedule/venue.entity.js';
import { VenueTeamLeader } from '../schedule/venue-team-leader.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';

/** The volunteer and team-leader schedule pages of the applicant app (merge field {scheduleUrl}). */
const SCHEDULE_PATHS = { 'Team-Leader': '/schedule/tl', 'Student-Volunteer': '/schedule/sv' } as const;

/** A shift as the audience reads it: one object per shift, shared by everyone assigned to it. */
interface AssignedShift {
  id: number;
  venueId: number;
  startsAt: Date;
  endsAt: Date;
  role: string;
  venueName: string;
  /** Pacific day and start time, what the day segment compares. */
  day: string;
  startTime: string;
  /** "Greeter at Room 1, Sun Aug 9th 08:00–12:00", made the first time a merge field needs it. */
  label?: string;
}

const labelOf = (shift: AssignedShift) =>
  (shift.label ??= shiftLabel({ role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt }, { name: shift.venueName }));

/** A person an organisers' message could reach: who they are, the facts the audience rule reads, their shifts. */
export interface Person {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  svid: string;
  facts: PersonShifts<AssignedShift>;
  application: { state: StatusState; tag: StatusTag | null; offerExpiresAt: Date | null } | null;
  shifts: AssignedShift[];
}

/**
 * The people a message can go to (every account whose email was verified), with what the audience
 * segments read: their application, the venues they lead and their shifts. Read in four queries,
 * whatever the number of people.
 */
@Injectable()
export class AudienceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  /** Everyone in the audience, by last then first name. */
  async members(audience: AudienceNode, settings: EditionSettings): Promise<Person[]> {
    const people = await this.people();
    return people.filter((person) => inAudience(person.facts, audience, settings.statusCatalogue));
  }

  /** The people the portal could write to, by last then first name. */
  async people(onlyIds?: readonly number[]): Promise<Person[]> {
    const manager = this.dataSource.manager;
    // The current edition's applications, venues and shifts: last year's are history, not audiences.
    const editionId = await this.settings.currentId();
    const users = await manager
      .getRepository(User)
      .createQueryBuilder('u')
      .select(['u.id', 'u.email', 'u.firstName', 'u.lastName', 'u.svid', 'u.role'])
      .where('u.verified = :verified', { verified: true })
      .getMany();
    const wanted = onlyIds ? new Set(onlyIds) : null;
    const chosen = wanted ? users.filter((u) => wanted.has(u.id)) : users;
    const applications = await manager
      .getRepository(Application)
      .createQueryBuilder('a')
      .select(['a.userId', 'a.status', 'a.statusTag', 'a.teamLeader', 'a.financialAid', 'a.confirmedAt', 'a.offerExpiresAt'])
      .where('a.editionId = :editionId', { editionId })
      .getMany();
    const led = await manager
      .getRepository(VenueTeamLeader)
      .createQueryBuilder('vtl')
      .innerJoin(Venue, 'v', 'v.id = vtl.venueId')
      .where('v.editionId = :editionId', { editionId })
      .getMany();
    const assignments = await manager
      .getRepository(ShiftAssignment)
      .createQueryBuilder('sa')
      .innerJoin(Shift, 's', 's.id = sa.shiftId')
      .innerJoin(Venue, 'v', 'v.id = s.venueId')
      .select([
        'sa.volunteerId AS volunteerId',
        's.id AS shiftId',
        's.venueId AS venueId',
        's.role AS role',
        's.startsAt AS startsAt',
        's.endsAt AS endsAt',
        'v.name AS venueName',
      ])
      .where('s.editionId = :editionId', { editionId })
      .getRawMany<{
        volunteerId: number;
        shiftId: number;
        venueId: number;
        role: string;
        startsAt: unknown;
        endsAt: unknown;
        venueName: string;
      }>();

    const applicationOf = new Map(applications.map((a) => [a.userId, a]));
    const ledBy = new Map<number, number[]>();
    for (const row of led) ledBy.set(row.teamLeaderId, [...(ledBy.get(row.teamLeaderId) ?? []), row.venueId]);
    // Thousands of assignments share a few thousand shifts: each shift's times are read once.
    const shiftById = new Map<number, AssignedShift>();
    const shiftsOf = new Map<number, AssignedShift[]>();
    for (const row of assignments) {
      const id = rawInt(row.shiftId);
      let shift = shiftById.get(id);
      if (!shift) {
        const startsAt = rawDate(row.startsAt);
        shift = {
          id,
          venueId: rawInt(row.venueId),
          startsAt,
          endsAt: rawDate(row.endsAt),
          role: row.role,
          venueName: row.venueName,
          day: pacificDay(startsAt),
          startTime: pacificTime(startsAt),
        };
        shiftById.set(id, shift);
      }
      const volunteerId = rawInt(row.volunteerId);
      const held = shiftsOf.get(volunteerId);
      if (held) held.push(shift);
      else shiftsOf.set(volunteerId, [shift]);
    }

    return chosen
      .map((user): Person => {
        const application = applicationOf.get(user.id);
        const shifts = (shiftsOf.get(user.id) ?? []).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
        return {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          svid: user.svid,
          application: application
            ? { state: application.status, tag: application.statusTag, offerExpiresAt: application.offerExpiresAt }
            : null,
          shifts,
          facts: {
            role: user.role,
            application: application
              ? {
                  state: application.status,
                  tag: application.statusTag,
                  teamLeader: application.teamLeader,
                  financialAid: application.financialAid,
                  confirmationSent: application.confirmedAt !== null,
                }
              : null,
            ledVenueIds: ledBy.get(user.id) ?? [],
            shifts,
          },
        };
      })
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id);
  }

  /** A person as the list before sending shows them. */
  member(person: Person, settings: EditionSettings): AudienceMember {
    return {
      id: person.id,
      name: `${person.firstName} ${person.lastName}`,
      svid: person.svid,
      email: person.email,
      status: person.application ? statusLabel(settings.statusCatalogue, person.application.state, person.application.tag) : null,
    };
  }

  /**
   * The merge values of one person at `now` in a message to `audience` (null: none, as a test to
   * oneself): the schedule fields read the shifts the audience is about (domain/src/messages/schedule-fields.ts).
   */
  mergeValues(person: Person, settings: EditionSettings, now: Date, audience: AudienceNode | null): MergeValues {
    const application = person.application;
    return {
      firstName: person.firstName,
      lastName: person.lastName,
      fullName: `${person.firstName} ${person.lastName}`,
      svid: person.svid,
      email: person.email,
      status: application ? statusLabel(settings.statusCatalogue, application.state, application.tag) : 'No application',
      confirmBy: formatUtcDateTime(offerDeadline(settings.timeline, application?.offerExpiresAt ?? null)),
      ...scheduleMergeValues(person.facts, audience, settings.statusCatalogue, now, labelOf),
      conferenceName: settings.conference.name,
      portalUrl: this.config.publicUrl,
      scheduleUrl: `${this.config.publicUrl}${SCHEDULE_PATHS[person.facts.role]}`,
    };
  }

  /** The audience in words, naming statuses, venues and shifts. */
  async describe(audience: AudienceNode, settings: EditionSettings): Promise<string> {
    const venues = new Map(
      (await this.dataSource.manager.getRepository(Venue).find({ select: { id: true, name: true } })).map((v) => [v.id, v.name]),
    );
    const shiftIds = collectShiftIds(audience);
    const shifts = new Map<number, string>();
    if (shiftIds.length) {
      const rows = await this.dataSource.manager.getRepository(Shift).find({ where: { id: In(shiftIds) } });
      for (const shift of rows) shifts.set(shift.id, shiftLabel(shift, { name: venues.get(shift.venueId) ?? 'a venue' }));
    }
    return describeAudience(audience, {
      statusLabel: (id) => entryForWireId(settings.statusCatalogue, id)?.label,
      venue: (id) => venues.get(id),
      shift: (id) => shifts.get(id),
    }).slice(0, 1000);
  }
}

function collectShiftIds(node: AudienceNode): number[] {
  if ('op' in node) return node.parts.flatMap(collectShiftIds);
  return node.kind === 'shift' ? [node.shiftId] : [];
}
