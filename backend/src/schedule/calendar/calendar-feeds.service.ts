import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type CalendarFeedLink, type CalendarFeedRevoked, type CalendarFeedStatus, isPlaceholderVenue } from '@svp/domain';
import { Clock } from '../../clock/clock.js';
import type { AuthUser } from '../../common/auth-user.js';
import { AppException, ErrorCode } from '../../common/errors/app.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { SettingsService } from '../../settings/settings.service.js';
import { User } from '../../users/user.entity.js';
import { ScheduleReader } from '../schedule-reader.service.js';
import { SCHEDULE_MESSAGES, ScheduleService } from '../schedule.service.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { buildShiftCalendar, type CalendarShift } from './shift-calendar.js';

const WHERE_TO_GET_A_LINK = 'open your schedule in the SV Portal and choose "Get a new link" under "Add your shifts to your calendar"';

export const CALENDAR_MESSAGES = {
  ownOnly: 'You can only manage your own calendar link.',
  linkInvalid: `This calendar link is no longer valid (it was turned off or replaced). To subscribe again, ${WHERE_TO_GET_A_LINK}.`,
  noCredentials: `This calendar needs your personal link. To get one, ${WHERE_TO_GET_A_LINK}.`,
  turnedOff: 'Your calendar link is turned off. Calendars subscribed to it stop updating.',
} as const;

export interface CalendarFile {
  fileName: string;
  text: string;
}

/** sha256 hex: what is stored and looked up instead of the token. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Personal, revocable iCalendar feeds of one's own shifts (the volunteer's and the team leader's schedules as a calendar). */
@Injectable()
export class CalendarFeedsService {
  constructor(
    @InjectRepository(CalendarFeed) private readonly feeds: Repository<CalendarFeed>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly reader: ScheduleReader,
    private readonly schedule: ScheduleService,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Creates the caller's link, or replaces it (the old link stops working); the token is shown only here. */
  async subscribe(caller: AuthUser, id: number): Promise<CalendarFeedLink> {
    this.assertOwn(caller, id);
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    await this.feeds.upsert({ userId: caller.id, tokenHash: hashFeedToken(token), createdAt, lastUsedAt: null }, ['userId']);
    const url = `${this.config.publicUrl}/api/schedule/${caller.id}/calendar.ics?token=${token}`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://'), created_at: createdAt.toISOString() };
  }

  /** Whether the caller has a working link, and when it was made and last read; never the token. */
  async status(caller: AuthUser, id: number): Promise<CalendarFeedStatus> {
    this.assertOwn(caller, id);
    const feed = await this.feeds.findOneBy({ userId: caller.id });
    return { active: !!feed, created_at: feed?.createdAt.toISOString() ?? null, last_used_at: feed?.lastUsedAt?.toISOString() ?? null };
  }

  /** Turns the caller's link off. */
  async revoke(caller: AuthUser, id: number): Promise<CalendarFeedRevoked> {
    this.assertOwn(caller, id);
    await this.feeds.delete({ userId: caller.id });
    return { active: false, created_at: null, last_used_at: null, message: CALENDAR_MESSAGES.turnedOff };
  }

  /** The owner of feed {id} when `token` is its current token (401 otherwise, whoever's token it is). */
  async ownerOfToken(id: number, token: string): Promise<User> {
    const feed = await this.feeds.findOneBy({ userId: id });
    const given = Buffer.from(hashFeedToken(token), 'hex');
    // Compared in constant time, so response times do not reveal how much of a guess was right.
    const matches = !!feed && feed.tokenHash.length === given.length * 2 && timingSafeEqual(Buffer.from(feed.tokenHash, 'hex'), given);
    const user = matches ? await this.users.findOneBy({ id }) : null;
    if (!feed || !matches || !user) throw AppException.unauthorized(CALENDAR_MESSAGES.linkInvalid, ErrorCode.CalendarLinkInvalid);
    await this.feeds.update({ id: feed.id }, { lastUsedAt: this.clock.now() });
    return user;
  }

  /** The signed-in caller's own user row, for a download with an access token. */
  async signedInUser(caller: AuthUser, id: number): Promise<User> {
    if (id !== caller.id) throw AppException.forbidden(SCHEDULE_MESSAGES.ownOnly);
    const user = await this.users.findOneBy({ id });
    if (!user) throw AppException.unauthorized();
    return user;
  }

  /**
   * The .ics of a user's shifts: those they hold (as GET /schedule/{id}) and those of the venues they
   * lead (as GET /schedule/tl/{id}), once each; seen only when their schedule may be seen.
   */
  async calendar(user: User): Promise<CalendarFile> {
    await this.schedule.assertCanSee(authUserOf(user));
    const [held, led, edition] = await Promise.all([
      this.reader.shiftsOfVolunteer(user.id),
      this.reader.venuesLedBy(user.id),
      this.settings.get(),
    ]);
    const leading = await this.reader.shiftsOfVenues([...led.keys()]);
    const byId = new Map([...held, ...leading].map((shift) => [shift.id, shift]));
    const venues = await this.reader.venuesOf([...byId.values()]);
    const shifts: CalendarShift[] = [...byId.values()]
      .map((shift) => ({ shift, venue: venues.get(shift.venueId)! }))
      .filter(({ venue }) => !isPlaceholderVenue(venue.name));
    const text = buildShiftCalendar({
      name: `${edition.conference.name} shifts — ${user.firstName}`.trim(),
      uidHost: new URL(this.config.publicUrl).hostname,
      now: this.clock.now(),
      shifts,
    });
    return { fileName: `sv-shifts-${user.svid}.ics`, text };
  }

  private assertOwn(caller: AuthUser, id: number): void {
    if (id !== caller.id) throw AppException.forbidden(CALENDAR_MESSAGES.ownOnly);
  }
}

/** The caller a feed reader stands for: the schedule's visibility rules are written for one. */
function authUserOf(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    isAdmin: user.isAdmin,
    svid: user.svid,
    username: user.username,
    verified: user.verified,
  };
}
