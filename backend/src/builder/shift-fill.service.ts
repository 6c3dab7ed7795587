import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  type BuilderShift,
  type PersonFit,
  type ShiftCandidates,
  type ShiftProposalView,
  hoursOf,
  peopleAgainstShift,
  rankCandidates,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { ScheduleService } from '../schedule/schedule.service.js';
import { ScheduleWorldService } from '../schedule/schedule-world.service.js';
import { ShiftAssignmentsService, exceptionView } from '../schedule/shift-assignments.service.js';
import { personName } from '../schedule/shift.view.js';
import { shiftLabel } from '../schedule/shift-label.js';
import { Shift } from '../schedule/shift.entity.js';
import { Venue } from '../schedule/venue.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { type ProposalStatus, ShiftProposal } from './shift-proposal.entity.js';

/** How many candidates a shift lists: the best, since a free place needs one person. */
export const CANDIDATES_SHOWN = 50;

export const FILL_MESSAGES = {
  notWork: (id: number) => `Shift ${id} is not a shift volunteers fill (a Placeholder venue, the Job Fair or the Chapters Lunch).`,
  noShift: (id: number) => `There is no shift with id ${id}.`,
  full: 'This shift has no free place.',
  notCandidate:
    'This volunteer cannot take this shift now: they are not a confirmed volunteer, already on it, or it breaks one of their rules.',
  alreadyProposed: 'You have already proposed this volunteer for this shift.',
  proposalNotFound: (id: number) => `There is no shift proposal with id ${id}.`,
  decided: 'This proposal has already been decided.',
} as const;

/** Fill a shift: who fits a free place now, best first; a team leader proposes, an administrator assigns. */
@Injectable()
export class ShiftFillService {
  constructor(
    @InjectRepository(ShiftProposal) private readonly proposals: Repository<ShiftProposal>,
    private readonly world: ScheduleWorldService,
    private readonly schedule: ScheduleService,
    private readonly assignments: ShiftAssignmentsService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** GET …/candidates: the free places, who could take one now (best first), and why not for everyone else. */
  async candidates(shiftId: number): Promise<ShiftCandidates> {
    const settings = await this.settings.get();
    const world = await this.world.world(settings);
    const shift = world.shifts.find((s) => s.id === shiftId);
    if (!shift)
      throw world.rows.has(shiftId)
        ? AppException.badRequest(FILL_MESSAGES.notWork(shiftId))
        : AppException.notFound(FILL_MESSAGES.noShift(shiftId));
    const byId = new Map(world.shifts.map((s) => [s.id, s]));
    const held = new Map<number, BuilderShift[]>();
    let taken = 0;
    for (const a of world.assignments) {
      if (a.shiftId === shiftId) taken += 1;
      const s = byId.get(a.shiftId);
      if (s) held.set(a.volunteerId, [...(held.get(a.volunteerId) ?? []), s]);
    }
    const free = Math.max(0, shift.slots - taken);
    const ranked = free ? rankCandidates(shift, world.volunteers, held).slice(0, CANDIDATES_SHOWN) : [];
    const leaders = new Set(world.volunteers.filter((v) => v.teamLeader).map((v) => v.id));
    return {
      shiftId,
      free,
      candidates: ranked.map((c) => {
        const user = world.users.get(c.volunteerId)!;
        return { ...c, name: personName(user), svid: user.svid, teamLeader: leaders.has(c.volunteerId) };
      }),
      people: await this.people(world, shift, held, free),
    };
  }

  /** Every confirmed person against the shift: on it (with its exception, if any), fits, or the first rule against them. */
  private async people(
    world: Awaited<ReturnType<ScheduleWorldService['world']>>,
    shift: BuilderShift,
    held: ReadonlyMap<number, BuilderShift[]>,
    free: number,
  ): Promise<PersonFit[]> {
    const onShift = new Map(world.assignments.filter((a) => a.shiftId === shift.id).map((a) => [a.volunteerId, a]));
    const makers = [...new Set([...onShift.values()].flatMap((a) => (a.exceptionBy === null ? [] : [a.exceptionBy])))];
    const names = new Map(
      (makers.length
        ? await this.proposals.manager.find(User, { where: { id: In(makers) }, select: { id: true, firstName: true, lastName: true } })
        : []
      ).map((u) => [u.id, personName(u)]),
    );
    const volunteers = new Map(world.volunteers.map((v) => [v.id, v]));
    return peopleAgainstShift(shift, world.volunteers, held, free).map((person) => {
      const volunteer = volunteers.get(person.volunteerId)!;
      const user = world.users.get(person.volunteerId)!;
      const assignment = onShift.get(person.volunteerId);
      return {
        volunteerId: person.volunteerId,
        name: personName(user),
        svid: user.svid,
        teamLeader: volunteer.teamLeader,
        hours: Math.round((held.get(person.volunteerId) ?? []).reduce((sum, s) => sum + hoursOf(s), 0) * 100) / 100,
        expected: volunteer.expectedHours,
        prefersVenue: volunteer.preferredVenues.includes(shift.venueId),
        onShift: person.onShift,
        fits: person.fits,
        rule: person.blockedBy?.rule ?? null,
        reason: person.blockedBy?.message ?? null,
        exceptable: person.exceptable,
        exception: assignment ? exceptionView(assignment, names) : null,
      };
    });
  }

  /** For a team leader of the shift's venue only. */
  async candidatesForLeader(caller: AuthUser, shiftId: number) {
    await this.schedule.assertCanSee(caller);
    await this.schedule.ledShift(caller, shiftId);
    return this.candidates(shiftId);
  }

  async propose(caller: AuthUser, shiftId: number, volunteerId: number) {
    await this.schedule.assertCanSee(caller);
    await this.schedule.ledShiftToChange(caller, shiftId);
    const { free, candidates } = await this.candidates(shiftId);
    if (!free) throw AppException.conflict(FILL_MESSAGES.full, ErrorCode.ShiftFull);
    if (!candidates.some((c) => c.volunteerId === volunteerId))
      throw AppException.conflict(FILL_MESSAGES.notCandidate, ErrorCode.RuleBroken);
    if (await this.proposals.existsBy({ shiftId, volunteerId, proposedBy: caller.id, status: 'open' })) {
      throw AppException.conflict(FILL_MESSAGES.alreadyProposed, ErrorCode.AlreadyProposed);
    }
    const proposal = await this.proposals.manager.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(ShiftProposal, {
          shiftId,
          volunteerId,
          proposedBy: caller.id,
          status: 'open',
          createdAt: this.clock.now(),
          decidedAt: null,
          decidedBy: null,
        }),
      );
      await this.audit.record(
        caller,
        { action: 'shift-proposal.create', entity: 'shift-proposal', entityId: saved.id, after: { shiftId, volunteerId } },
        manager,
      );
      return saved;
    });
    return (await this.views([proposal]))[0]!;
  }

  async proposalsOfShift(caller: AuthUser, shiftId: number) {
    await this.schedule.assertCanSee(caller);
    await this.schedule.ledShift(caller, shiftId);
    return this.views(await this.proposals.find({ where: { shiftId }, order: { id: 'DESC' } }));
  }

  async list(query: ListQuery) {
    const { status } = query.filter as { status?: unknown };
    const edition = await this.settings.editionFor(query.filter.edition);
    const builder = this.proposals
      .createQueryBuilder('p')
      .innerJoin(Shift, 's', 's.id = p.shiftId')
      .where('s.editionId = :editionId', { editionId: edition.id });
    if (typeof status === 'string' && ['open', 'accepted', 'declined'].includes(status))
      builder.andWhere('p.status = :status', { status: status as ProposalStatus });
    const [rows, total] = await builder.orderBy('p.id', 'DESC').skip(query.offset).take(query.limit).getManyAndCount();
    return { rows: await this.views(rows), total };
  }

  /**
   * An administrator accepts: the assignment is made by the same rules as any other (409 with the
   * rule's words), judged against the schedule as it is now; with a reason, as an exception.
   */
  async accept(actor: AuthUser, id: number, exceptionReason: string | null = null) {
    const proposal = await this.open(id);
    await this.assignments.create(actor, { shiftId: proposal.shiftId, volunteerId: proposal.volunteerId, exceptionReason });
    return this.decide(actor, proposal, 'accepted');
  }

  async decline(actor: AuthUser, id: number) {
    return this.decide(actor, await this.open(id), 'declined');
  }

  /** An open proposal of a shift of the current edition (an earlier edition's is read-only). */
  private async open(id: number): Promise<ShiftProposal> {
    const proposal = await this.proposals.findOneBy({ id });
    if (!proposal) throw AppException.notFound(FILL_MESSAGES.proposalNotFound(id));
    const shift = await this.proposals.manager.findOne(Shift, { where: { id: proposal.shiftId }, select: { id: true, editionId: true } });
    if (shift) await this.settings.assertCurrent(shift.editionId);
    if (proposal.status !== 'open') throw AppException.conflict(FILL_MESSAGES.decided, ErrorCode.ProposalDecided);
    return proposal;
  }

  private async decide(actor: AuthUser, proposal: ShiftProposal, status: ProposalStatus) {
    const result = await this.proposals.update(
      { id: proposal.id, status: 'open' },
      { status, decidedAt: this.clock.now(), decidedBy: actor.id },
    );
    if (!result.affected) throw AppException.conflict(FILL_MESSAGES.decided, ErrorCode.ProposalDecided);
    await this.audit.record(actor, {
      action: `shift-proposal.${status === 'accepted' ? 'accept' : 'decline'}`,
      entity: 'shift-proposal',
      entityId: proposal.id,
      after: { status },
    });
    return (await this.views([{ ...proposal, status }]))[0]!;
  }

  private async views(proposals: ShiftProposal[]): Promise<ShiftProposalView[]> {
    if (!proposals.length) return [];
    const manager = this.proposals.manager;
    const userIds = [...new Set(proposals.flatMap((p) => [p.volunteerId, p.proposedBy]))];
    const [users, shifts] = await Promise.all([
      manager.find(User, { where: { id: In(userIds) }, select: { id: true, firstName: true, lastName: true } }),
      manager.find(Shift, { where: { id: In([...new Set(proposals.map((p) => p.shiftId))]) } }),
    ]);
    const venues = new Map(
      (await manager.find(Venue, { where: { id: In([...new Set(shifts.map((s) => s.venueId))]) } })).map((v) => [v.id, v]),
    );
    const usersById = new Map(users.map((u) => [u.id, u]));
    const shiftsById = new Map(shifts.map((s) => [s.id, s]));
    const name = (id: number) => {
      const user = usersById.get(id);
      return user ? personName(user) : `User ${id}`;
    };
    return proposals.map((p) => {
      const shift = shiftsById.get(p.shiftId);
      return {
        id: p.id,
        shiftId: p.shiftId,
        shiftLabel: shift ? shiftLabel(shift, venues.get(shift.venueId)) : `Shift ${p.shiftId}`,
        volunteerId: p.volunteerId,
        volunteerName: name(p.volunteerId),
        proposedBy: { id: p.proposedBy, name: name(p.proposedBy) },
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        decidedAt: p.decidedAt?.toISOString() ?? null,
      };
    });
  }
}
