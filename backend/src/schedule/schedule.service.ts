import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, MoreThan, type Repository } from 'typeorm';
import {
  type BoardVolunteer,
  type DayShiftHolder,
  type LiveBoard,
  type RuleName,
  byStart,
  formatPacific,
  formatUtcDateTime,
  isDay,
  isLate,
  isNotAShift,
  isPlaceholderVenue,
  shiftHours,
} from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { SettingsService } from '../settings/settings.service.js';
import { rawBool, rawDate, rawInt } from '../database/raw-values.js';
import { type ScheduledShift, ScheduleReader } from './schedule-reader.service.js';
import { ScheduleAccessCache, type ScheduleAccessLoaders } from './schedule-access.js';
import { type JsonParts, ScheduleSnapshot, ScheduleSnapshots } from './schedule-snapshots.js';
import { DayExchanges, type DayShiftHolding } from './day-exchanges.js';
import { personName, shiftView, type VenueView } from './shift.view.js';
import { recordTimesView } from './performance-record.view.js';
import { Shift } from './shift.entity.js';

export const SCHEDULE_MESSAGES = {
  notReleased: (at: string) => `Schedules are released on ${formatUtcDateTime(at)}.`,
  notConfirmed: 'Schedules are for confirmed volunteers and team leaders.',
  ownOnly: 'You can only see your own schedule.',
  notYourVenue: 'This shift is at a venue you do not lead.',
  noShift: (id: number) => `There is no shift with id ${id}.`,
  badDay: 'day must be a date, YYYY-MM-DD',
} as const;

interface VolunteerRow {
  id: number | string;
  username: string;
  first_name: string;
  last_name: string;
  nickname: string | null;
  svid: string;
  start_back_to_back: string | null;
  end_back_to_back: string | null;
  accommodations: string | null;
  exception_rules: string | null;
  exception_reason: string | null;
  pr_id: number | string | null;
  check_in: unknown;
  check_out: unknown;
  rating: number | string | null;
  notes: string | null;
  pr_version: number | string | null;
  pr_updated_at: unknown;
  check_in_at: unknown;
  check_in_by: number | string | null;
  check_out_at: unknown;
  check_out_by: number | string | null;
  time_note: string | null;
  check_in_first: string | null;
  check_in_last: string | null;
  check_out_first: string | null;
  check_out_last: string | null;
}

/** A volunteer on a shift of the live board, with the times of their record. */
interface BoardRow {
  shift_id: number | string;
  id: number | string;
  first_name: string;
  last_name: string;
  svid: string;
  check_in: unknown;
  check_in_at: unknown;
  check_out_at: unknown;
}

/** How far ahead the live board looks for shifts about to start. */
export const BOARD_LOOKAHEAD_MINUTES = 60;

/** A volunteer holding a shift of the day, as GET /schedule/shifts/{day} names them. */
interface HolderRow {
  shift_id: number | string;
  id: number | string;
  username: string;
  first_name: string;
  last_name: string;
  svid: string;
}

/** The schedules (docs/product.md, 'Jury, schedules and swaps'): a volunteer's, a team leader's, and a shift's detail. */
@Injectable()
export class ScheduleService {
  constructor(
    @InjectRepository(Shift) private readonly shifts: Repository<Shift>,
    private readonly reader: ScheduleReader,
    private readonly settings: SettingsService,
    private readonly snapshots: ScheduleSnapshots,
    private readonly access: ScheduleAccessCache,
    private readonly moduleRef: ModuleRef,
  ) {}

  private readonly accessLoaders: ScheduleAccessLoaders = {
    revision: async () => {
      const [row] = await this.shifts.query<{ revision: number | string }[]>('SELECT revision FROM schedule_revision WHERE id = 1');
      return rawInt(row?.revision ?? 0);
    },
    status: async (userId) => {
      const [row] = await this.shifts.query<{ status: string | null }[]>(
        'SELECT status FROM applications WHERE user_id = ? AND edition_id = ?',
        [userId, await this.settings.currentId()],
      );
      return row?.status ?? null;
    },
  };

  /** Who may see schedules, and from when (403 otherwise); returns the server's now. */
  async assertCanSee(caller: AuthUser): Promise<Date> {
    return (await this.visibleSchedule(caller)).now;
  }

  /**
   * assertCanSee, plus the schedule revision (a schedule read needs both), both kept a moment by
   * ScheduleAccessCache.
   */
  private async visibleSchedule(caller: AuthUser): Promise<{ now: Date; revision: number }> {
    const { gates, settings, now } = await this.settings.gates();
    if (!gates.schedulesOut) throw AppException.forbidden(SCHEDULE_MESSAGES.notReleased(settings.timeline.schedulesReleaseDate));
    const { status, revision } = await this.access.read(caller.id, this.accessLoaders);
    if (caller.role !== 'Team-Leader' && status !== 'confirmed') throw AppException.forbidden(SCHEDULE_MESSAGES.notConfirmed);
    return { now, revision };
  }

  /** GET /schedule/{id}: the caller's own shifts, the current and next ones, and their hours; the whole answer as JSON bytes. */
  async volunteerSchedule(caller: AuthUser, id: number): Promise<JsonParts> {
    if (id !== caller.id) throw AppException.forbidden(SCHEDULE_MESSAGES.ownOnly);
    // The revision is read before the shifts: a write landing in between then only costs a rebuild on the next call.
    const { now, revision } = await this.visibleSchedule(caller);
    const snapshot = await this.snapshots.get(`volunteer:${caller.id}`, revision, async () => {
      const shifts = byStart((await this.reader.shiftsOfVolunteer(caller.id)).filter((s) => !isPlaceholderVenue(s.venueName)));
      const venues = await this.reader.venuesOf(shifts);
      const views = shifts.map((s) => shiftView(s, venues.get(s.venueId)!));
      // The Job Fair and the Chapters Lunch block time but are not work.
      const worked = shifts.filter((s) => !isNotAShift({ role: s.role, venue: { name: s.venueName, location: s.venueLocation } }));
      return new ScheduleSnapshot(revision, shifts, views, { hours: JSON.stringify(shiftHours(worked)) });
    });
    return snapshot.answer(now);
  }

  /**
   * GET /schedule/tl/{id}: the shifts of the venues the caller leads, with how many volunteers each has
   * and whether the caller works it, and the shifts the caller holds wherever they are (with the next
   * of them and their hours); the whole answer as JSON bytes.
   */
  async teamLeaderSchedule(caller: AuthUser, id: number): Promise<JsonParts> {
    if (id !== caller.id) throw AppException.forbidden(SCHEDULE_MESSAGES.ownOnly);
    const { now, revision } = await this.visibleSchedule(caller);
    const snapshot = await this.snapshots.get(`team-leader:${caller.id}`, revision, async () => {
      const [led, held] = await Promise.all([this.reader.venuesLedBy(caller.id), this.reader.shiftsOfVolunteer(caller.id)]);
      const venues = [...led.values()].filter((v) => !isPlaceholderVenue(v.name)).sort((a, b) => a.name.localeCompare(b.name));
      const shifts = byStart(await this.reader.shiftsOfVenues(venues.map((v) => v.id)));
      // What they work themselves, at their venues or elsewhere (an administrator may place them anywhere).
      const own = byStart(held.filter((s) => !isPlaceholderVenue(s.venueName)));
      const mine = new Set(own.map((s) => s.id));
      const views = shifts.map((s) => ({ ...shiftView(s, led.get(s.venueId)!), assigned: s.assigned, mine: mine.has(s.id) }));
      const ownVenues = await this.reader.venuesOf(own.filter((s) => !led.has(s.venueId)));
      const ownViews = own.map((s) => shiftView(s, led.get(s.venueId) ?? ownVenues.get(s.venueId)!));
      const worked = own.filter((s) => !isNotAShift({ role: s.role, venue: { name: s.venueName, location: s.venueLocation } }));
      return new ScheduleSnapshot(
        revision,
        shifts,
        views,
        { venues: JSON.stringify(venues), my_shifts: JSON.stringify(ownViews), hours: JSON.stringify(shiftHours(worked)) },
        { shifts: own, views: ownViews },
      );
    });
    return snapshot.answer(now);
  }

  /** GET /schedule/shift/{id}: one shift of a venue the caller leads, with its volunteers and their performance records. */
  async shiftDetail(caller: AuthUser, id: number) {
    const now = await this.assertCanSee(caller);
    const { shift, venue } = await this.ledShift(caller, id);
    const rows = await this.shifts.manager.query<VolunteerRow[]>(
      `SELECT u.id AS id, u.username AS username, u.first_name AS first_name, u.last_name AS last_name, u.nickname AS nickname,
              u.svid AS svid,
              a.start_back_to_back AS start_back_to_back, a.end_back_to_back AS end_back_to_back, a.accommodations AS accommodations,
              a.exception_rules AS exception_rules, a.exception_reason AS exception_reason,
              pr.id AS pr_id, pr.check_in AS check_in, pr.check_out AS check_out, pr.rating AS rating, pr.notes AS notes,
              pr.version AS pr_version, pr.updated_at AS pr_updated_at,
              pr.check_in_at AS check_in_at, pr.check_in_by AS check_in_by, pr.check_out_at AS check_out_at,
              pr.check_out_by AS check_out_by,
              pr.time_note AS time_note, ci.first_name AS check_in_first, ci.last_name AS check_in_last,
              co.first_name AS check_out_first, co.last_name AS check_out_last
         FROM shift_assignments a
         JOIN users u ON u.id = a.volunteer_id
         LEFT JOIN performance_records pr ON pr.shift_id = a.shift_id AND pr.volunteer_id = a.volunteer_id
         LEFT JOIN users ci ON ci.id = pr.check_in_by
         LEFT JOIN users co ON co.id = pr.check_out_by
        WHERE a.shift_id = ?
        ORDER BY u.last_name, u.first_name, u.id`,
      [id],
    );
    const studentVolunteers = rows.map((row) => ({
      id: rawInt(row.id),
      username: row.username,
      given_name: row.first_name,
      family_name: row.last_name,
      nickname: row.nickname ?? '',
      sv_id: row.svid,
      start_back_to_back: row.start_back_to_back ?? '',
      end_back_to_back: row.end_back_to_back ?? '',
      accommodations: row.accommodations ?? '',
      exception: row.exception_rules ? { rules: row.exception_rules.split(',') as RuleName[], reason: row.exception_reason ?? '' } : null,
      // Not saved yet: an empty record the page can edit and send back with id null.
      performance_record: {
        id: row.pr_id === null ? null : rawInt(row.pr_id),
        shift_id: id,
        student_volunteer_id: rawInt(row.id),
        check_in: rawBool(row.check_in),
        check_out: rawBool(row.check_out),
        rating: row.rating === null ? 0 : rawInt(row.rating),
        notes: row.notes ?? '',
        // What a save sends back, so that a save from an older page is refused instead of overwriting.
        version: row.pr_version === null ? 0 : rawInt(row.pr_version),
        updated_at: row.pr_updated_at === null ? null : rawDate(row.pr_updated_at).toISOString(),
        ...recordTimesView(
          {
            checkInAt: row.check_in_at == null ? null : rawDate(row.check_in_at),
            checkInBy: row.check_in_by == null ? null : rawInt(row.check_in_by),
            checkOutAt: row.check_out_at == null ? null : rawDate(row.check_out_at),
            checkOutBy: row.check_out_by == null ? null : rawInt(row.check_out_by),
            timeNote: row.time_note,
          },
          (by) => {
            if (by === null) return null;
            if (row.check_in_first !== null && by === rawInt(row.check_in_by))
              return personName({ firstName: row.check_in_first, lastName: row.check_in_last ?? '' });
            if (row.check_out_first !== null && by === rawInt(row.check_out_by))
              return personName({ firstName: row.check_out_first, lastName: row.check_out_last ?? '' });
            return null;
          },
          now,
        ),
      },
    }));
    return {
      shift: {
        ...shiftView(shift, venue),
        assigned: studentVolunteers.length,
        mine: studentVolunteers.some((v) => v.id === caller.id),
        studentVolunteers,
      },
    };
  }

  /**
   * GET /schedule/shifts/{day}: every shift of a Pacific day with its free places and the volunteers
   * holding it, by name only (swap candidates, and whom to ask, are chosen from these). Each holder
   * carries `my_shift_options`: the caller's shifts they could give that holder for this shift, by the
   * swap rules of both schedules (exchangeOptions, the rule every swap call checks), so a page offers
   * only the exchanges the server will accept.
   */
  async shiftsOfDay(caller: AuthUser, day: string) {
    if (!isDay(day)) throw AppException.badRequest(SCHEDULE_MESSAGES.badDay, { day: SCHEDULE_MESSAGES.badDay });
    const now = await this.assertCanSee(caller);
    const shifts = (await this.reader.shiftsOfDay(day)).filter((s) => !isPlaceholderVenue(s.venueName));
    const venues = await this.reader.venuesOf(shifts);
    const holders = await this.shifts.manager.query<HolderRow[]>(
      `SELECT a.shift_id AS shift_id, u.id AS id, u.username AS username, u.first_name AS first_name, u.last_name AS last_name,
              u.svid AS svid
         FROM shift_assignments a JOIN shifts s ON s.id = a.shift_id JOIN users u ON u.id = a.volunteer_id
        WHERE s.day = ? AND s.edition_id = ?
        ORDER BY u.last_name, u.first_name, u.id`,
      [day, await this.settings.currentId()],
    );
    const byId = new Map(shifts.map((s) => [s.id, s]));
    // A Placeholder entry is not listed, nor are its holders.
    const holdings: DayShiftHolding[] = holders.flatMap((row) => {
      const shift = byId.get(rawInt(row.shift_id));
      const holder = { id: rawInt(row.id), username: row.username, firstName: row.first_name, lastName: row.last_name, svid: row.svid };
      return shift ? [{ shift, holder }] : [];
    });
    // The swap module names the exchanges; it depends on this one, so it is found at run time.
    const listed = await this.moduleRef.get(DayExchanges, { strict: false }).holders(caller.id, holdings, now, this.shifts.manager);
    const volunteers = new Map<number, DayShiftHolder[]>();
    holdings.forEach(({ shift }, i) => {
      const list = volunteers.get(shift.id) ?? [];
      list.push(listed[i]!);
      volunteers.set(shift.id, list);
    });
    return {
      day,
      shifts: byStart(shifts).map((s) => ({
        ...shiftView(s, venues.get(s.venueId)!),
        assigned: s.assigned,
        studentVolunteers: volunteers.get(s.id) ?? [],
      })),
    };
  }

  /**
   * GET /schedule/board: the shifts under way now or starting within BOARD_LOOKAHEAD_MINUTES,
   * with who is checked in and who is late. Administrators see every venue; team leaders only the
   * venues they lead (and only once schedules are out, as their other schedule reads).
   */
  async board(caller: AuthUser): Promise<LiveBoard> {
    let now: Date;
    let venueIds: number[] | null = null;
    if (caller.isAdmin) now = (await this.settings.gates()).now;
    else {
      now = await this.assertCanSee(caller);
      venueIds = [...(await this.reader.venuesLedBy(caller.id)).keys()];
      if (!venueIds.length) return { now: now.toISOString(), shifts: [] };
    }
    const horizon = new Date(now.getTime() + BOARD_LOOKAHEAD_MINUTES * 60_000);
    const found = await this.shifts.find({
      where: {
        editionId: await this.settings.currentId(),
        startsAt: LessThanOrEqual(horizon),
        endsAt: MoreThan(now),
        ...(venueIds ? { venueId: In(venueIds) } : {}),
      },
    });
    const venues = await this.reader.venues(found.map((s) => s.venueId));
    const shifts = found.filter((s) => venues.has(s.venueId) && !isPlaceholderVenue(venues.get(s.venueId)!.name));
    const rows = shifts.length
      ? await this.shifts.manager.query<BoardRow[]>(
          `SELECT a.shift_id AS shift_id, u.id AS id, u.first_name AS first_name, u.last_name AS last_name, u.svid AS svid,
                  pr.check_in AS check_in, pr.check_in_at AS check_in_at, pr.check_out_at AS check_out_at
             FROM shift_assignments a
             JOIN users u ON u.id = a.volunteer_id
             LEFT JOIN performance_records pr ON pr.shift_id = a.shift_id AND pr.volunteer_id = a.volunteer_id
            WHERE a.shift_id IN (${shifts.map(() => '?').join(', ')})
            ORDER BY u.last_name, u.first_name, u.id`,
          shifts.map((s) => s.id),
        )
      : [];
    const onShift = new Map<number, BoardRow[]>();
    for (const row of rows) onShift.set(rawInt(row.shift_id), [...(onShift.get(rawInt(row.shift_id)) ?? []), row]);
    const venueName = (s: Shift) => venues.get(s.venueId)!.name;
    return {
      now: now.toISOString(),
      shifts: shifts
        .sort(
          (a, b) =>
            a.startsAt.getTime() - b.startsAt.getTime() || venueName(a).localeCompare(venueName(b)) || a.venueId - b.venueId || a.id - b.id,
        )
        .map((s) => {
          let checkedIn = 0;
          const volunteers = (onShift.get(s.id) ?? []).map((row): BoardVolunteer => {
            const checkedInAt = row.check_in_at == null ? null : rawDate(row.check_in_at);
            // A record ticked before times were kept counts as checked in, without a time.
            const isIn = checkedInAt !== null || rawBool(row.check_in);
            if (isIn) checkedIn += 1;
            return {
              id: rawInt(row.id),
              name: personName({ firstName: row.first_name, lastName: row.last_name }),
              svid: row.svid,
              checkedInAt: checkedInAt?.toISOString() ?? null,
              checkedOutAt: row.check_out_at == null ? null : rawDate(row.check_out_at).toISOString(),
              late: !isIn && isLate(s, null, now),
            };
          });
          return {
            id: s.id,
            venueId: s.venueId,
            venueName: venueName(s),
            role: s.role,
            startTime: formatPacific(s.startsAt),
            endTime: formatPacific(s.endsAt),
            startsAt: s.startsAt.toISOString(),
            endsAt: s.endsAt.toISOString(),
            phase: s.startsAt.getTime() <= now.getTime() ? 'in-progress' : 'starting-soon',
            slots: s.svSlots,
            assigned: volunteers.length,
            checkedIn,
            volunteers,
          };
        }),
    };
  }

  /** The shift and its venue when the caller leads that venue: 404 for no shift, 403 for another venue's. */
  async ledShift(caller: AuthUser, id: number): Promise<{ shift: ScheduledShift; venue: VenueView }> {
    const shift = await this.reader.shift(id);
    if (!shift) throw AppException.notFound(SCHEDULE_MESSAGES.noShift(id));
    const venue = (await this.reader.venuesOf([shift])).get(shift.venueId)!;
    if (!venue.teamLeaders.some((l) => l.id === caller.id)) throw AppException.forbidden(SCHEDULE_MESSAGES.notYourVenue);
    return { shift, venue };
  }

  /** ledShift, for a change: a shift of an edition that is over is read-only (409 EDITION_READ_ONLY). */
  async ledShiftToChange(caller: AuthUser, id: number): Promise<{ shift: ScheduledShift; venue: VenueView }> {
    const led = await this.ledShift(caller, id);
    await this.settings.assertCurrent(led.shift.editionId);
    return led;
  }
}
