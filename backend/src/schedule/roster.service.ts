import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ROSTER_MESSAGES, type VenueDayRoster, formatPacific, isDay, orderRosterShifts, orderRosterVolunteers } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { rawInt } from '../database/raw-values.js';
import { ScheduleReader } from './schedule-reader.service.js';
import { ScheduleService } from './schedule.service.js';
import { Shift } from './shift.entity.js';
import { personName } from './shift.view.js';

/** A volunteer on one of the day's shifts, with the phone number of their profile. */
interface RosterRow {
  shift_id: number | string;
  id: number | string;
  first_name: string;
  last_name: string;
  svid: string;
  phone_number: string | null;
}

/**
 * The printable roster of a venue on a Pacific day: its shifts in start order, each with its
 * volunteers, their SV IDs and phone numbers. Administrators see any venue; a team leader only the
 * venues they lead, once schedules are out (the rule of their schedule and the live board).
 */
@Injectable()
export class RosterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ScheduleReader,
    private readonly schedule: ScheduleService,
  ) {}

  async roster(caller: AuthUser, venueId: number, day: string): Promise<VenueDayRoster> {
    if (!isDay(day)) throw AppException.badRequest(ROSTER_MESSAGES.badDay, { day: ROSTER_MESSAGES.badDay });
    if (!caller.isAdmin) await this.schedule.assertCanSee(caller);
    const venue = (await this.reader.venues([venueId])).get(venueId);
    if (!venue) throw AppException.notFound(ROSTER_MESSAGES.noVenue(venueId));
    if (!caller.isAdmin && !venue.teamLeaders.some((leader) => leader.id === caller.id))
      throw AppException.forbidden(ROSTER_MESSAGES.notYourVenue);

    const shifts = orderRosterShifts(await this.dataSource.manager.find(Shift, { where: { venueId, day } }));
    const rows = shifts.length
      ? await this.dataSource.manager.query<RosterRow[]>(
          `SELECT a.shift_id AS shift_id, u.id AS id, u.first_name AS first_name, u.last_name AS last_name, u.svid AS svid,
                  u.phone_number AS phone_number
             FROM shift_assignments a JOIN users u ON u.id = a.volunteer_id
            WHERE a.shift_id IN (${shifts.map(() => '?').join(', ')})`,
          shifts.map((s) => s.id),
        )
      : [];
    const onShift = new Map<number, { id: number; firstName: string; lastName: string; svid: string; phoneNumber: string | null }[]>();
    for (const row of rows) {
      const shiftId = rawInt(row.shift_id);
      const list = onShift.get(shiftId) ?? [];
      list.push({
        id: rawInt(row.id),
        firstName: row.first_name,
        lastName: row.last_name,
        svid: row.svid,
        phoneNumber: row.phone_number?.trim() || null,
      });
      onShift.set(shiftId, list);
    }
    return {
      venue,
      day,
      shifts: shifts.map((s) => ({
        id: s.id,
        role: s.role,
        reportTo: s.reportTo,
        description: s.description ?? '',
        startTime: formatPacific(s.startsAt),
        endTime: formatPacific(s.endsAt),
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        slots: s.svSlots,
        volunteers: orderRosterVolunteers(onShift.get(s.id) ?? []).map((v) => ({
          id: v.id,
          name: personName(v),
          svid: v.svid,
          phoneNumber: v.phoneNumber,
        })),
      })),
    };
  }
}
