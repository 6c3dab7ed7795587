import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, In, type Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { LIKE_ESCAPE, type ListQuery, likePattern } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { User } from '../users/user.entity.js';
import type { CreateVenueDto, UpdateVenueDto } from './dto/venue.dto.js';
import { SettingsService } from '../settings/settings.service.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { Shift } from './shift.entity.js';
import { VenueTeamLeader } from './venue-team-leader.entity.js';
import { Venue } from './venue.entity.js';
import { bumpScheduleRevision } from './schedule-revision.js';

export const VENUE_SORTABLE = ['id', 'name', 'location', 'createdAt'] as const;

export const VENUE_MESSAGES = {
  notFound: (id: number) => `There is no venue with id ${id}.`,
  notTeamLeaders: (ids: number[]) => `These users are not team leaders: ${ids.join(', ')}. Grant them the Team-Leader role first.`,
  hasShifts: (count: number) => `This venue still has ${count} shift${count === 1 ? '' : 's'}; delete or move them first.`,
} as const;

/** The venues resource of the admin panel: a venue with the ids of its team leaders. */
export function adminVenueView(venue: Venue, teamLeaderIds: number[]) {
  return {
    id: venue.id,
    editionId: venue.editionId,
    name: venue.name,
    location: venue.location,
    preference: venue.preference ?? 'none',
    teamLeaderIds,
    createdAt: venue.createdAt.toISOString(),
    updatedAt: venue.updatedAt.toISOString(),
  };
}

@Injectable()
export class VenuesService {
  constructor(
    @InjectRepository(Venue) private readonly venues: Repository<Venue>,
    private readonly reader: ScheduleReader,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  async list(query: ListQuery) {
    const { q, id } = query.filter as { q?: unknown; id?: unknown };
    const edition = await this.settings.editionFor(query.filter.edition);
    const builder = this.venues.createQueryBuilder('venue').where('venue.editionId = :editionId', { editionId: edition.id });
    if (typeof q === 'string' && q.trim()) {
      const pattern = likePattern(q);
      builder.andWhere(
        new Brackets((w) =>
          w
            .where(`LOWER(venue.name) LIKE :pattern ${LIKE_ESCAPE}`, { pattern })
            .orWhere(`LOWER(venue.location) LIKE :pattern ${LIKE_ESCAPE}`, { pattern }),
        ),
      );
    }
    if (Array.isArray(id) && id.every(Number.isInteger)) builder.andWhere(id.length ? 'venue.id IN (:...ids)' : '1 = 0', { ids: id });
    const [venues, total] = await builder
      .orderBy(`venue.${query.sort.field}`, query.sort.order)
      .addOrderBy('venue.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    const leaders = await this.reader.leadersOf(venues.map((v) => v.id));
    return {
      rows: venues.map((v) =>
        adminVenueView(
          v,
          (leaders.get(v.id) ?? []).map((l) => l.id),
        ),
      ),
      total,
    };
  }

  async get(id: number) {
    const venue = await this.find(id);
    const leaders = await this.reader.leadersOf([id]);
    return adminVenueView(
      venue,
      (leaders.get(id) ?? []).map((l) => l.id),
    );
  }

  async create(actor: AuthUser, dto: CreateVenueDto) {
    const teamLeaderIds = await this.checkTeamLeaders(dto.teamLeaderIds ?? []);
    const now = this.clock.now();
    const id = await this.venues.manager.transaction(async (manager) => {
      const venue = await manager.save(
        manager.create(Venue, {
          editionId: await this.settings.currentId(),
          name: dto.name,
          location: dto.location ?? '',
          preference: dto.preference ?? 'none',
          createdAt: now,
          updatedAt: now,
        }),
      );
      await this.setLeaders(manager, venue.id, teamLeaderIds);
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        { action: 'venue.create', entity: 'venue', entityId: venue.id, after: adminVenueView(venue, teamLeaderIds) },
        manager,
      );
      return venue.id;
    });
    return this.get(id);
  }

  async update(actor: AuthUser, id: number, dto: UpdateVenueDto) {
    const before = await this.get(id);
    await this.settings.assertCurrent(before.editionId);
    const teamLeaderIds = dto.teamLeaderIds === undefined ? undefined : await this.checkTeamLeaders(dto.teamLeaderIds);
    await this.venues.manager.transaction(async (manager) => {
      const change: Partial<Venue> = { updatedAt: this.clock.now() };
      if (dto.name !== undefined) change.name = dto.name;
      // A null location is already '' here (NullAsEmptyText).
      if (dto.location !== undefined) change.location = dto.location ?? '';
      if (dto.preference !== undefined) change.preference = dto.preference;
      await manager.update(Venue, { id }, change);
      // Its shifts' calendar events name the venue as their LOCATION: a new place raises their SEQUENCE.
      if ((dto.name !== undefined && dto.name !== before.name) || (dto.location !== undefined && dto.location !== before.location)) {
        await manager
          .createQueryBuilder()
          .update(Shift)
          .set({ calendarSequence: () => 'calendar_sequence + 1', updatedAt: change.updatedAt })
          .where('venue_id = :id', { id })
          .execute();
      }
      if (teamLeaderIds) await this.setLeaders(manager, id, teamLeaderIds);
      await bumpScheduleRevision(manager);
      await this.audit.record(
        actor,
        { action: 'venue.update', entity: 'venue', entityId: id, before, after: { ...before, ...dto } },
        manager,
      );
    });
    return this.get(id);
  }

  async remove(actor: AuthUser, id: number) {
    const before = await this.get(id);
    await this.settings.assertCurrent(before.editionId);
    const shifts = await this.venues.manager.countBy(Shift, { venueId: id });
    if (shifts) throw AppException.conflict(VENUE_MESSAGES.hasShifts(shifts), ErrorCode.VenueHasShifts);
    await this.venues.manager.transaction(async (manager) => {
      await manager.delete(VenueTeamLeader, { venueId: id });
      await manager.delete(Venue, { id });
      await bumpScheduleRevision(manager);
      await this.audit.record(actor, { action: 'venue.delete', entity: 'venue', entityId: id, before }, manager);
    });
    return before;
  }

  /** The distinct ids, each a user with the Team-Leader role (400 otherwise). */
  private async checkTeamLeaders(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const leaders = await this.venues.manager.find(User, { where: { id: In(unique), role: 'Team-Leader' }, select: { id: true } });
    const found = new Set(leaders.map((u) => u.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length)
      throw AppException.badRequest(VENUE_MESSAGES.notTeamLeaders(missing), { teamLeaderIds: VENUE_MESSAGES.notTeamLeaders(missing) });
    return unique.sort((a, b) => a - b);
  }

  private async setLeaders(manager: EntityManager, venueId: number, teamLeaderIds: number[]): Promise<void> {
    await manager.delete(VenueTeamLeader, { venueId });
    if (teamLeaderIds.length)
      await manager.insert(
        VenueTeamLeader,
        teamLeaderIds.map((teamLeaderId) => ({ venueId, teamLeaderId })),
      );
  }

  private async find(id: number): Promise<Venue> {
    const venue = await this.venues.findOneBy({ id });
    if (!venue) throw AppException.notFound(VENUE_MESSAGES.notFound(id));
    return venue;
  }
}
