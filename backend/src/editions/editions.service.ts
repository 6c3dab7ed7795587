import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, IsNull } from 'typeorm';
import {
  EDITION_MESSAGES,
  type EditionSettings,
  type EditionView,
  type NextEditionProposal,
  PACIFIC_ZONE,
  type StartedEdition,
  type TeamLeaderToKeep,
  dayMoved,
  daysFromTo,
  editionOf,
  followDerivedTexts,
  formatUtcDateTime,
  instantMoved,
  nextEditionSettings,
  normaliseTimeline,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { Shift } from '../schedule/shift.entity.js';
import { VenueTeamLeader } from '../schedule/venue-team-leader.entity.js';
import { Venue } from '../schedule/venue.entity.js';
import { personName } from '../schedule/shift.view.js';
import { Edition } from '../settings/edition.entity.js';
import { EditionRole } from '../settings/edition-role.entity.js';
import { SettingsService, merge, settingsProblems } from '../settings/settings.service.js';
import { CallerCache } from '../users/caller-cache.js';
import { User } from '../users/user.entity.js';

/** What the organisers chose on the form besides the settings. */
export interface StartChoices {
  copyVenues: boolean;
  /** Copy the shifts too, moved to the new dates (needs copyVenues); never their assignments. */
  copyShifts: boolean;
  /** The current edition's team leaders who keep the role in the new one. */
  keepTeamLeaders: readonly number[];
}

/**
 * The editions of the programme: the list, what a new one would start from, and starting it.
 * Starting one makes it the current edition at once (the newest is current); the previous one keeps
 * everything it holds, its files and its team leaders included, and becomes read-only. Venues and
 * shifts can be copied over, and team leaders can keep their role; nothing else is.
 */
@Injectable()
export class EditionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly callers: CallerCache,
    private readonly clock: Clock,
  ) {}

  async list(query: ListQuery): Promise<{ rows: EditionView[]; total: number }> {
    const [rows, total] = await this.dataSource
      .getRepository(Edition)
      .findAndCount({ order: { id: query.sort.order }, skip: query.offset, take: query.limit });
    const currentId = await this.settings.currentId();
    return { rows: rows.map((edition) => view(edition, currentId)), total };
  }

  /**
   * The current edition's settings moved to the same week of the next year, or with `startDate` (the
   * conference's first day) picked; what could be copied; and the team leaders who could keep the role.
   */
  async next(startDate?: string): Promise<NextEditionProposal> {
    if (startDate !== undefined && new Date(`${startDate}T00:00:00Z`).toISOString().slice(0, 10) !== startDate) {
      const message = 'startDate must be a real day written YYYY-MM-DD, e.g. 2027-08-14';
      throw AppException.badRequest(message, { startDate: message });
    }
    const current = await this.settings.current();
    const settings = nextEditionSettings(current.settings, startDate ? { startDate } : {});
    const [venues, shifts, teamLeaders] = await Promise.all([
      this.dataSource.getRepository(Venue).countBy({ editionId: current.id }),
      this.dataSource.getRepository(Shift).countBy({ editionId: current.id }),
      this.teamLeaders(),
    ]);
    const movedDays = daysFromTo(current.settings.conference.startDate, settings.conference.startDate);
    return { settings, movedDays, venues, shifts, teamLeaders };
  }

  /** The current edition's team leaders, by name. */
  private async teamLeaders(manager: EntityManager = this.dataSource.manager): Promise<TeamLeaderToKeep[]> {
    const users = await manager.find(User, {
      where: { role: 'Team-Leader' },
      select: { id: true, firstName: true, lastName: true, email: true },
    });
    return users
      .map((user) => ({ id: user.id, name: personName(user), email: user.email }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** Starts in this process, one after the other (another server's are kept apart by the database: see startNow). */
  private starting: Promise<unknown> = Promise.resolve();

  start(actor: AuthUser, sent: Partial<EditionSettings>, choices: StartChoices): Promise<StartedEdition> {
    const run = this.starting.then(() => this.startNow(actor, sent, choices));
    this.starting = run.catch(() => undefined);
    return run;
  }

  private async startNow(actor: AuthUser, sent: Partial<EditionSettings>, choices: StartChoices): Promise<StartedEdition> {
    // Read afresh: a start that finished just before this one has made another edition current.
    this.settings.editionChanged();
    const current = await this.settings.current();
    // What was sent, over the proposal: a form that leaves a field out keeps the proposed value, and a
    // text the proposal derived from its dates follows the dates as sent.
    const proposal = nextEditionSettings(current.settings);
    const settings = followDerivedTexts(proposal, merge(proposal, sent));
    const problems = settingsProblems(settings);
    if (choices.copyShifts && !choices.copyVenues) problems.push({ field: 'copyShifts', message: EDITION_MESSAGES.shiftsNeedVenues });
    const keep = [...new Set(choices.keepTeamLeaders)];
    const teamLeaders = await this.teamLeaders();
    const notLeaders = keep.filter((id) => !teamLeaders.some((leader) => leader.id === id));
    if (notLeaders.length) {
      const users = await this.dataSource.getRepository(User).findBy({ id: In(notLeaders) });
      const names = notLeaders.map((id) => {
        const user = users.find((u) => u.id === id);
        return user ? personName(user) : `user ${id}`;
      });
      problems.push({ field: 'keepTeamLeaders', message: EDITION_MESSAGES.notTeamLeaders(names.join(', ')) });
    }
    if (problems.length) {
      const field = (name: string) => (name === 'copyShifts' || name === 'keepTeamLeaders' ? name : `settings.${name}`);
      throw AppException.badRequest(
        problems.map((p) => p.message).join('; '),
        Object.fromEntries(problems.map((p) => [field(p.field), p.message])),
      );
    }
    settings.timeline = normaliseTimeline(settings.timeline);
    const key = editionOf(settings.timeline);
    // An edition is known by the year of its application deadline: the new one's must be a later year.
    if (Number(key) <= Number(current.key)) {
      const message = EDITION_MESSAGES.notNewer(formatUtcDateTime(settings.timeline.applicationEndDate), key, current.key);
      throw new AppException(409, ErrorCode.EditionExists, message, { 'settings.timeline.applicationEndDate': message });
    }
    const editions = this.dataSource.getRepository(Edition);
    if (await editions.existsBy({ key })) throw AppException.conflict(EDITION_MESSAGES.keyTaken(key), ErrorCode.EditionExists);

    const now = this.clock.now();
    const started = () => AppException.conflict(EDITION_MESSAGES.alreadyStarted(current.name), ErrorCode.EditionExists);
    const movedDays = daysFromTo(current.settings.conference.startDate, settings.conference.startDate);
    const outcome = await this.dataSource
      .transaction(async (manager) => {
        // Closing the current edition is the compare-and-set: of two starts at once, one closes it, the other finds it closed.
        const closing = await manager.update(Edition, { id: current.id, closedAt: IsNull() }, { closedAt: now });
        if (!closing.affected) throw started();
        const created = await manager.save(
          manager.create(Edition, {
            key,
            name: settings.conference.name,
            settings: JSON.stringify(settings),
            createdAt: now,
            closedAt: null,
          }),
        );
        // The role belongs to an edition: the closing one keeps its team leaders, and the new one starts with those chosen.
        const leaders = await this.teamLeaders(manager);
        if (leaders.length)
          await manager.insert(
            EditionRole,
            leaders.map((leader) => ({ editionId: current.id, userId: leader.id, role: 'Team-Leader' as const })),
          );
        const kept = leaders.filter((leader) => keep.includes(leader.id)).map((leader) => leader.id);
        const dropped = leaders.filter((leader) => !keep.includes(leader.id)).map((leader) => leader.id);
        if (dropped.length) await manager.update(User, { id: In(dropped) }, { role: 'Student-Volunteer', updatedAt: now });
        const copied = choices.copyVenues
          ? await this.copyPlan(manager, current.id, created.id, { shifts: choices.copyShifts, kept, movedDays, now })
          : { venues: 0, shifts: 0 };
        // Every schedule kept in memory belongs to the edition that ended.
        await bumpScheduleRevision(manager);
        await this.audit.record(
          { id: actor.id, email: actor.email },
          {
            action: 'edition.start',
            entity: 'edition',
            entityId: created.id,
            before: { key: current.key, name: current.name, teamLeaders: leaders.map((leader) => leader.id) },
            after: {
              key,
              name: created.name,
              venuesCopied: copied.venues,
              shiftsCopied: copied.shifts,
              teamLeadersKept: kept,
              movedDays,
            },
          },
          manager,
        );
        return { edition: created, copied, kept, dropped };
      })
      .catch((error: unknown) => {
        // The other start committed its edition first (the same key, on a database that let both through the check above).
        if (isUniqueViolation(error)) throw started();
        throw error;
      });
    for (const id of outcome.dropped) this.callers.forget(id);
    this.settings.editionChanged();
    await this.settings.notifyChange();
    return {
      ...view(outcome.edition, outcome.edition.id),
      venuesCopied: outcome.copied.venues,
      shiftsCopied: outcome.copied.shifts,
      teamLeadersKept: outcome.kept.length,
    };
  }

  /**
   * Copies the venues (name, location, kind; and their team leaders who keep the role), and with
   * `shifts` every shift with its venue, slots, role, requirement and texts, its day and times moved by
   * `movedDays` (Pacific wall-clock times kept). Assignments, records and builds are never copied.
   */
  private async copyPlan(
    manager: EntityManager,
    fromEdition: number,
    toEdition: number,
    options: { shifts: boolean; kept: readonly number[]; movedDays: number; now: Date },
  ): Promise<{ venues: number; shifts: number }> {
    const { now, movedDays } = options;
    const venues = await manager.find(Venue, { where: { editionId: fromEdition }, order: { id: 'ASC' } });
    const newVenue = new Map<number, number>();
    for (const venue of venues) {
      const inserted = await manager.insert(Venue, {
        editionId: toEdition,
        name: venue.name,
        location: venue.location,
        preference: venue.preference,
        createdAt: now,
        updatedAt: now,
      });
      newVenue.set(venue.id, Number(inserted.identifiers[0]!.id));
    }
    if (venues.length && options.kept.length) {
      const leads = await manager.find(VenueTeamLeader, {
        where: { venueId: In(venues.map((venue) => venue.id)), teamLeaderId: In([...options.kept]) },
        order: { id: 'ASC' },
      });
      if (leads.length)
        await manager.insert(
          VenueTeamLeader,
          leads.map((lead) => ({ venueId: newVenue.get(lead.venueId)!, teamLeaderId: lead.teamLeaderId })),
        );
    }
    if (!options.shifts || !venues.length) return { venues: venues.length, shifts: 0 };
    const shifts = await manager.find(Shift, { where: { editionId: fromEdition }, order: { id: 'ASC' } });
    const rows = shifts.map((shift) => ({
      editionId: toEdition,
      venueId: newVenue.get(shift.venueId)!,
      day: dayMoved(shift.day, movedDays),
      startsAt: new Date(instantMoved(shift.startsAt.toISOString(), movedDays, PACIFIC_ZONE)),
      endsAt: new Date(instantMoved(shift.endsAt.toISOString(), movedDays, PACIFIC_ZONE)),
      role: shift.role,
      reportTo: shift.reportTo,
      description: shift.description,
      special: shift.special,
      svSlots: shift.svSlots,
      swappable: shift.swappable,
      requires: shift.requires,
      calendarSequence: 0,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await manager.insert(Shift, rows.slice(i, i + 200));
    return { venues: venues.length, shifts: rows.length };
  }
}

function view(edition: Edition, currentId: number): EditionView {
  return {
    id: edition.id,
    key: edition.key,
    name: edition.name,
    current: edition.id === currentId,
    createdAt: edition.createdAt.toISOString(),
    closedAt: edition.closedAt?.toISOString() ?? null,
  };
}
