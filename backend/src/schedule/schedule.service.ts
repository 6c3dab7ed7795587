import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { byStart, currentShifts, formatUtcDateTime, isDay, isPlaceholderVenue, nextShifts, shiftHours } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { SettingsService } from '../settings/settings.service.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { bool, shiftView, type VenueView } from './shift.view.js';
import { Shift } from './shift.entity.js';
import { assignedCounts } from './shifts.service.js';
import { VenueTeamLeader } from './venue-team-leader.entity.js';

export const SCHEDULE_MESSAGES = {
  notReleased: (at: string) => `Schedules are released on ${formatUtcDateTime(new Date(at))} UTC.`,
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
  pr_id: number | string | null;
  check_in: unknown;
  check_out: unknown;
  rating: number | string | null;
  notes: string | null;
}

/** The schedules of operations-area §2: a volunteer's, a team leader's, and a shift's detail. */
@Injectable()
export class ScheduleService {
  constructor(
    @InjectRepository(Shift) private readonly shifts: Repository<Shift>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly reader: ScheduleReader,
    private readonly settings: SettingsService,
  ) {}

  /** Who may see schedules, and from when (403 otherwise); returns the server's now. */
  async assertCanSee(caller: AuthUser): Promise<Date> {
    const { gates, settings, now } = await this.settings.gates();
    if (!gates.schedulesOut) throw AppException.forbidden(SCHEDULE_MESSAGES.notReleased(settings.timeline.schedulesReleaseDate));
    if (caller.role === 'Team-Leader') return now;
    const application = await this.applications.findOne({ where: { userId: caller.id }, select: { id: true, status: true } });
    if (application?.status !== 'confirmed') throw AppException.forbidden(SCHEDULE_MESSAGES.notConfirmed);
    return now;
  }

  /** GET /schedule/{id}: the caller's own shifts, the current and next ones, and their hours. */
  async volunteerSchedule(caller: AuthUser, id: number) {
    if (id !== caller.id) throw AppException.forbidden(SCHEDULE_MESSAGES.ownOnly);
    const now = await this.assertCanSee(caller);
    const held = await this.reader.shiftsOfVolunteer(caller.id);
    const venues = await this.reader.venues(held.map((s) => s.venueId));
    const shifts = held.filter((s) => !isPlaceholderVenue(venues.get(s.venueId)!.name));
    const view = (s: Shift) => shiftView(s, venues.get(s.venueId)!);
    return {
      now: now.toISOString(),
      shifts: byStart(shifts).map(view),
      next_shifts: nextShifts(shifts, now).map(view),
      current_shifts: currentShifts(shifts, now).map(view),
      hours: shiftHours(shifts),
    };
  }

  /** GET /schedule/tl/{id}: the shifts of the venues the caller leads, with how many volunteers each has. */
  async teamLeaderSchedule(caller: AuthUser, id: number) {
    if (id !== caller.id) throw AppException.forbidden(SCHEDULE_MESSAGES.ownOnly);
    const now = await this.assertCanSee(caller);
    const led = await this.shifts.manager.find(VenueTeamLeader, { where: { teamLeaderId: caller.id }, select: { venueId: true } });
    const venueIds = led.map((l) => l.venueId);
    const venues = await this.reader.venues(venueIds);
    const all = venueIds.length ? await this.shifts.find({ where: { venueId: In(venueIds) }, order: { startsAt: 'ASC', id: 'ASC' } }) : [];
    const shifts = all.filter((s) => !isPlaceholderVenue(venues.get(s.venueId)!.name));
    const counts = await assignedCounts(this.shifts.manager, shifts.map((s) => s.id));
    const view = (s: Shift) => ({ ...shiftView(s, venues.get(s.venueId)!), assigned: counts.get(s.id) ?? 0 });
    return {
      now: now.toISOString(),
      venues: [...venues.values()].filter((v) => !isPlaceholderVenue(v.name)).sort((a, b) => a.name.localeCompare(b.name)),
      shifts: byStart(shifts).map(view),
      next_shifts: nextShifts(shifts, now).map(view),
      current_shifts: currentShifts(shifts, now).map(view),
    };
  }

  /** GET /schedule/shift/{id}: one shift of a venue the caller leads, with its volunteers and their performance records. */
  async shiftDetail(caller: AuthUser, id: number) {
    await this.assertCanSee(caller);
    const { shift, venue } = await this.ledShift(caller, id);
    const rows = await this.shifts.manager.query<VolunteerRow[]>(
      `SELECT u.id AS id, u.username AS username, u.first_name AS first_name, u.last_name AS last_name, u.nickname AS nickname, u.svid AS svid,
              a.start_back_to_back AS start_back_to_back, a.end_back_to_back AS end_back_to_back, a.accommodations AS accommodations,
              pr.id AS pr_id, pr.check_in AS check_in, pr.check_out AS check_out, pr.rating AS rating, pr.notes AS notes
         FROM shift_assignments a
         JOIN users u ON u.id = a.volunteer_id
         LEFT JOIN performance_records pr ON pr.shift_id = a.shift_id AND pr.volunteer_id = a.volunteer_id
        WHERE a.shift_id = ?
        ORDER BY u.last_name, u.first_name, u.id`,
      [id],
    );
    const studentVolunteers = rows.map((row) => ({
      id: Number(row.id),
      username: row.username,
      given_name: row.first_name,
      family_name: row.last_name,
      nickname: row.nickname ?? '',
      sv_id: row.svid,
      start_back_to_back: row.start_back_to_back ?? '',
      end_back_to_back: row.end_back_to_back ?? '',
      accommodations: row.accommodations ?? '',
      // Not saved yet: an empty record the page can edit and send back with id null.
      performance_record: {
        id: row.pr_id === null ? null : Number(row.pr_id),
        shift_id: id,
        student_volunteer_id: Number(row.id),
        check_in: bool(row.check_in),
        check_out: bool(row.check_out),
        rating: row.rating === null ? 0 : Number(row.rating),
        notes: row.notes ?? '',
      },
    }));
    return { shift: { ...shiftView(shift, venue), assigned: studentVolunteers.length, studentVolunteers } };
  }

  /** GET /schedule/shifts/{day}: every shift of a Pacific day with its free places (swap candidates are chosen from these). */
  async shiftsOfDay(caller: AuthUser, day: string) {
    if (!isDay(day)) throw AppException.badRequest(SCHEDULE_MESSAGES.badDay, { day: SCHEDULE_MESSAGES.badDay });
    await this.assertCanSee(caller);
    const all = await this.shifts.find({ where: { day }, order: { startsAt: 'ASC', id: 'ASC' } });
    const [venues, counts] = await Promise.all([
      this.reader.venues(all.map((s) => s.venueId)),
      assignedCounts(this.shifts.manager, all.map((s) => s.id)),
    ]);
    const shifts = all.filter((s) => !isPlaceholderVenue(venues.get(s.venueId)!.name));
    return { day, shifts: shifts.map((s) => ({ ...shiftView(s, venues.get(s.venueId)!), assigned: counts.get(s.id) ?? 0 })) };
  }

  /** The shift and its venue when the caller leads that venue: 404 for no shift, 403 for another venue's. */
  async ledShift(caller: AuthUser, id: number): Promise<{ shift: Shift; venue: VenueView }> {
    const shift = await this.shifts.findOneBy({ id });
    if (!shift) throw AppException.notFound(SCHEDULE_MESSAGES.noShift(id));
    const venue = (await this.reader.venues([shift.venueId])).get(shift.venueId)!;
    if (!venue.teamLeaders.some((l) => l.id === caller.id)) throw AppException.forbidden(SCHEDULE_MESSAGES.notYourVenue);
    return { shift, venue };
  }
}
