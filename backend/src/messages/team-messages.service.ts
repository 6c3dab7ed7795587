import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, MoreThan, type Repository } from 'typeorm';
import {
  type AudienceNode,
  type AudiencePreview,
  type MessageDetail,
  type MessageSummary,
  type TeamMessageVenue,
  isDay,
  nextTeamMessageAt,
  pacificDay,
  teamAudienceNode,
  teamMessageLimitText,
  teamMessageWindowStart,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { isMysql } from '../database/dialect.js';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { ScheduleService } from '../schedule/schedule.service.js';
import { Shift } from '../schedule/shift.entity.js';
import { shiftLabel } from '../schedule/shift-label.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { AudienceService } from './audience.service.js';
import type { CreateTeamMessageDto, TeamAudienceDto } from './dto/messages.dto.js';
import { teamLeaderSignature } from './message-signatures.js';
import { Message } from './message.entity.js';
import { MessagesService } from './messages.service.js';

export const TEAM_MESSAGE_TEXTS = {
  notYourVenue: 'You can only write to the volunteers of a venue you lead.',
  notTheVenuesShift: 'That shift is not one of the venue’s.',
  badDay: 'Give the day as YYYY-MM-DD.',
} as const;

/**
 * A team leader's messages: to the volunteers of a venue they lead (all of its shifts, one Pacific
 * day, or one shift), never anyone else, once schedules are out, and at most TEAM_MESSAGE_LIMIT a
 * venue in an hour; the organisers get a copy.
 */
@Injectable()
export class TeamMessagesService {
  constructor(
    @InjectRepository(Shift) private readonly shifts: Repository<Shift>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly schedule: ScheduleService,
    private readonly reader: ScheduleReader,
    private readonly messages: MessagesService,
    private readonly audiences: AudienceService,
    private readonly settings: SettingsService,
  ) {}

  async venues(caller: AuthUser): Promise<TeamMessageVenue[]> {
    await this.schedule.assertCanSee(caller);
    const led = await this.reader.venuesLedBy(caller.id);
    if (!led.size) return [];
    const shifts = await this.shifts.find({ where: { venueId: In([...led.keys()]) }, order: { startsAt: 'ASC', id: 'ASC' } });
    return [...led.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((venue) => ({
        id: venue.id,
        name: venue.name,
        shifts: shifts
          .filter((s) => s.venueId === venue.id)
          .map((s) => ({ id: s.id, label: shiftLabel(s, venue), day: pacificDay(s.startsAt) })),
      }));
  }

  async audience(caller: AuthUser, body: TeamAudienceDto): Promise<AudiencePreview> {
    const { audience, members } = await this.resolve(caller, body);
    return this.messages.preview(audience, await this.settings.get(), members);
  }

  async create(caller: AuthUser, body: CreateTeamMessageDto): Promise<MessageDetail> {
    const { audience, members, venueName } = await this.resolve(caller, body);
    const settings = await this.settings.get();
    const author = await this.users.findOneByOrFail({ id: caller.id });
    return this.messages.create(
      {
        actor: caller,
        kind: 'team-leader',
        venueId: body.venueId,
        from: teamLeaderSignature(`${author.firstName} ${author.lastName}`, venueName),
        organisersCopy: settings.contactEmail,
        admit: (manager, now) => this.admit(manager, body.venueId, venueName, now),
      },
      body,
      audience,
      members,
      settings,
    );
  }

  /**
   * Refuses a message to a venue whose volunteers have had TEAM_MESSAGE_LIMIT messages from team
   * leaders in the past hour. On MySQL the venue's row is locked first, so two leaders writing at once
   * are counted one after the other (SQLite runs one writer at a time).
   */
  private async admit(manager: EntityManager, venueId: number, venueName: string, now: Date): Promise<void> {
    if (isMysql(manager)) await manager.query('SELECT id FROM venues WHERE id = ? FOR UPDATE', [venueId]);
    const recent = await manager.getRepository(Message).find({
      where: { venueId, authorKind: 'team-leader', createdAt: MoreThan(teamMessageWindowStart(now)) },
      select: { id: true, createdAt: true },
    });
    const nextAt = nextTeamMessageAt(
      recent.map((message) => message.createdAt),
      now,
    );
    if (nextAt) {
      const details = { nextAt: nextAt.toISOString() };
      throw new AppException(429, ErrorCode.TeamMessageLimit, teamMessageLimitText(venueName, nextAt), undefined, details);
    }
  }

  async list(caller: AuthUser): Promise<MessageSummary[]> {
    return this.messages.ownMessages(caller.id);
  }

  /** The audience of a team leader's choice, checked against the venues they lead; never the writer themself. */
  private async resolve(caller: AuthUser, body: TeamAudienceDto) {
    await this.schedule.assertCanSee(caller);
    const led = await this.reader.venuesLedBy(caller.id);
    const venue = led.get(body.venueId);
    if (!venue) throw new AppException(403, ErrorCode.NotYourVenue, TEAM_MESSAGE_TEXTS.notYourVenue);
    if (body.shiftId !== undefined) {
      const shift = await this.shifts.findOneBy({ id: body.shiftId });
      if (!shift || shift.venueId !== venue.id)
        throw AppException.badRequest(TEAM_MESSAGE_TEXTS.notTheVenuesShift, { shiftId: TEAM_MESSAGE_TEXTS.notTheVenuesShift });
    } else if (body.day !== undefined && !isDay(body.day)) {
      throw AppException.badRequest(TEAM_MESSAGE_TEXTS.badDay, { day: TEAM_MESSAGE_TEXTS.badDay });
    }
    // The merge fields read the same audience: the shift, the venue's day or the venue (domain/src/messages/schedule-fields.ts).
    const audience: AudienceNode = teamAudienceNode({ venueId: venue.id, shiftId: body.shiftId, day: body.day });
    const members = (await this.audiences.members(audience, await this.settings.get())).filter((person) => person.id !== caller.id);
    return { audience, members, venueName: venue.name };
  }
}
