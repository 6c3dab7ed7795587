import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import {
  type AssignmentVerdict,
  type BuilderShift,
  type BuilderVolunteer,
  assignmentVerdict,
  builderShift,
  builderVolunteer,
  type EditionSettings,
  type RuleBreak,
  scheduleBreaks,
  isNotAShift,
  isPlaceholderVenue,
} from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { SettingsService } from '../settings/settings.service.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { Shift } from './shift.entity.js';
import { Venue } from './venue.entity.js';
import { VenueTeamLeader } from './venue-team-leader.entity.js';
import { User } from '../users/user.entity.js';
import { VolunteerConstraints } from './volunteer-constraints.entity.js';

/** A shift as the rules see it (domain builderShift), for the services that import it from here. */
export { builderShift };

/** Everything the rules and the builder need, read from what the portal holds. */
export interface BuilderWorld {
  volunteers: BuilderVolunteer[];
  /** Every shift that is work (not a Placeholder venue, not the Job Fair or the Chapters Lunch). */
  shifts: BuilderShift[];
  assignments: ShiftAssignment[];
  users: Map<number, Pick<User, 'id' | 'firstName' | 'lastName' | 'svid' | 'email'>>;
  rows: Map<number, Shift>;
  venues: Map<number, Venue>;
}

/** What was read about the people of an edition, by user id. */
interface ReadPeople {
  applicationOf: Map<number, Pick<Application, 'data' | 'confirmation'>>;
  constraintsOf: Map<number, VolunteerConstraints>;
  leading: Map<number, number[]>;
}

/** A user as the rules see them (domain builderVolunteer), from what was read about them. */
function ruledVolunteer(
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'role'>,
  read: ReadPeople,
  venues: readonly Pick<Venue, 'id' | 'preference'>[],
  settings: EditionSettings,
): BuilderVolunteer {
  const application = read.applicationOf.get(user.id) ?? null;
  const constraints = read.constraintsOf.get(user.id) ?? null;
  return builderVolunteer({ user, application, constraints, ledVenues: read.leading.get(user.id) }, venues, settings.conference);
}

/** Loads the world the schedule rules work on: confirmed volunteers, work shifts, every assignment. */
@Injectable()
export class ScheduleWorldService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /**
   * The one decision on an assignment (domain assignmentVerdict): may `volunteerId` take a place on
   * `shift` on top of `heldShiftIds`, `taken` places being filled by others; an administrator's
   * `reason` sets aside every rule but capacity and overlap.
   */
  async verdict(
    manager: EntityManager,
    volunteerId: number,
    shift: Shift,
    heldShiftIds: readonly number[],
    taken: number,
    reason: string | null = null,
  ): Promise<AssignmentVerdict> {
    const settings = await this.settings.get();
    const volunteer = await this.volunteer(volunteerId, settings, manager);
    if (!volunteer) throw AppException.conflict(`User ${volunteerId} is not a volunteer of this edition.`, ErrorCode.VolunteerNotConfirmed);
    const held = heldShiftIds.length ? await manager.find(Shift, { where: { id: In([...heldShiftIds]) } }) : [];
    return assignmentVerdict(
      volunteer,
      builderShift(shift, settings.conference),
      held.map((s) => builderShift(s, settings.conference)),
      taken,
      reason,
    );
  }

  /**
   * What a change to a shift (its times, venue or requirement) would break for the people holding it,
   * as the schedule would judge it (domain scheduleBreaks): an assignment made through an exception
   * keeps only overlap; the others every rule, against their shifts that are not exceptions.
   */
  async holdersBreaks(manager: EntityManager, changed: Shift, holders: readonly ShiftAssignment[]): Promise<RuleBreak[]> {
    if (!holders.length) return [];
    const settings = await this.settings.get();
    const ids = holders.map((a) => a.volunteerId);
    const [volunteers, theirs] = await Promise.all([
      this.volunteers(ids, settings, manager),
      manager.find(ShiftAssignment, { where: { volunteerId: In(ids) } }),
    ]);
    const others = theirs.filter((a) => a.shiftId !== changed.id);
    const shifts = others.length ? await manager.find(Shift, { where: { id: In([...new Set(others.map((a) => a.shiftId))]) } }) : [];
    const rule = (shift: Shift) => builderShift(shift, settings.conference);
    const current = shifts.filter((s) => s.editionId === changed.editionId).map(rule);
    return scheduleBreaks(
      [...volunteers.values()],
      [rule(changed), ...current],
      theirs.map((a) => ({ shiftId: a.shiftId, volunteerId: a.volunteerId, exception: a.exceptionRules !== null })),
      // What involves the changed shift: a break elsewhere on their schedule is not this change's doing (places are checked apart).
    ).filter((b) => b.shiftId === changed.id && b.rule !== 'capacity');
  }

  /** The current edition's world: its confirmed volunteers, shifts, venues and assignments. */
  async world(settings: EditionSettings, manager: EntityManager = this.dataSource.manager): Promise<BuilderWorld> {
    const editionId = await this.settings.currentId();
    const [applications, shifts, venues, assignments] = await Promise.all([
      manager.find(Application, {
        where: { editionId, status: 'confirmed' },
        select: { id: true, userId: true, data: true, confirmation: true },
      }),
      manager.find(Shift, { where: { editionId } }),
      manager.find(Venue, { where: { editionId } }),
      manager
        .getRepository(ShiftAssignment)
        .createQueryBuilder('a')
        .innerJoin(Shift, 's', 's.id = a.shiftId')
        .where('s.editionId = :editionId', { editionId })
        .orderBy('a.id', 'ASC')
        .getMany(),
    ]);
    const userIds = applications.map((a) => a.userId);
    const [users, constraints, leading] = userIds.length
      ? await Promise.all([
          manager.find(User, {
            where: { id: In(userIds) },
            select: { id: true, firstName: true, lastName: true, svid: true, email: true, role: true },
          }),
          manager.find(VolunteerConstraints, { where: { editionId, userId: In(userIds) } }),
          this.ledVenues(manager, editionId, userIds),
        ])
      : [[], [], new Map<number, number[]>()];
    const venueById = new Map(venues.map((v) => [v.id, v]));
    const constraintsOf = new Map(constraints.map((c) => [c.userId, c]));
    const applicationOf = new Map(applications.map((a) => [a.userId, a]));
    const work = shifts.filter((s) => {
      const venue = venueById.get(s.venueId);
      return (
        venue && !isPlaceholderVenue(venue.name) && !isNotAShift({ role: s.role, venue: { name: venue.name, location: venue.location } })
      );
    });
    return {
      volunteers: users.map((u) => ruledVolunteer(u, { applicationOf, constraintsOf, leading }, venues, settings)),
      shifts: work.map((s) => builderShift(s, settings.conference)),
      assignments,
      users: new Map(users.map((u) => [u.id, u])),
      rows: new Map(shifts.map((s) => [s.id, s])),
      venues: venueById,
    };
  }

  /** One volunteer (confirmed or not), as the rules see them. */
  async volunteer(
    userId: number,
    settings: EditionSettings,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BuilderVolunteer | null> {
    return (await this.volunteers([userId], settings, manager)).get(userId) ?? null;
  }

  /** Several volunteers as the rules see them, in five queries whatever their number (an import names many). */
  async volunteers(
    userIds: readonly number[],
    settings: EditionSettings,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, BuilderVolunteer>> {
    if (!userIds.length) return new Map();
    const ids = [...new Set(userIds)];
    const editionId = await this.settings.currentId();
    const [users, applications, constraints, venues, leading] = await Promise.all([
      manager.find(User, { where: { id: In(ids) }, select: { id: true, firstName: true, lastName: true, role: true } }),
      manager.find(Application, {
        where: { editionId, userId: In(ids) },
        select: { id: true, userId: true, data: true, confirmation: true },
      }),
      manager.find(VolunteerConstraints, { where: { editionId, userId: In(ids) } }),
      manager.find(Venue, { where: { editionId }, select: { id: true, preference: true } }),
      this.ledVenues(manager, editionId, ids),
    ]);
    const applicationOf = new Map(applications.map((a) => [a.userId, a]));
    const constraintsOf = new Map(constraints.map((c) => [c.userId, c]));
    return new Map(users.map((u) => [u.id, ruledVolunteer(u, { applicationOf, constraintsOf, leading }, venues, settings)]));
  }

  /** The venues of the edition each of these people leads: one query. */
  private async ledVenues(manager: EntityManager, editionId: number, userIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await manager
      .createQueryBuilder(VenueTeamLeader, 'vtl')
      .innerJoin(Venue, 'v', 'v.id = vtl.venueId')
      .where('v.editionId = :editionId', { editionId })
      .andWhere('vtl.teamLeaderId IN (:...userIds)', { userIds: [...userIds] })
      .getMany();
    const led = new Map<number, number[]>();
    for (const row of rows) led.set(row.teamLeaderId, [...(led.get(row.teamLeaderId) ?? []), row.venueId]);
    return led;
  }
}
