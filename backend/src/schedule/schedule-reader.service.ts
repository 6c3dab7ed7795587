import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { byStart } from '@svp/domain';
import { Shift } from './shift.entity.js';
import { ShiftAssignment } from './shift-assignment.entity.js';
import { personName, shiftView, type ShiftView, type TeamLeaderView, type VenueView, venueView } from './shift.view.js';
import { Venue } from './venue.entity.js';

interface LeaderRow {
  venue_id: number | string;
  id: number | string;
  first_name: string;
  last_name: string;
}

/** Loads shifts with their venues and team leaders in a fixed number of queries, whatever their count. */
@Injectable()
export class ScheduleReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The venues with their team leaders: two queries. */
  async venues(venueIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, VenueView>> {
    const ids = [...new Set(venueIds)];
    if (!ids.length) return new Map();
    const [venues, leaders] = await Promise.all([
      manager.findBy(Venue, { id: In(ids) }),
      this.leadersOf(ids, manager),
    ]);
    return new Map(venues.map((venue) => [venue.id, venueView(venue, leaders.get(venue.id) ?? [])]));
  }

  /** Team leaders per venue id, by name. */
  async leadersOf(venueIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, TeamLeaderView[]>> {
    const out = new Map<number, TeamLeaderView[]>();
    if (!venueIds.length) return out;
    const rows = await manager.query<LeaderRow[]>(
      `SELECT vtl.venue_id AS venue_id, u.id AS id, u.first_name AS first_name, u.last_name AS last_name
         FROM venue_team_leaders vtl JOIN users u ON u.id = vtl.team_leader_id
        WHERE vtl.venue_id IN (${venueIds.map(() => '?').join(', ')})
        ORDER BY u.first_name, u.last_name, u.id`,
      [...venueIds],
    );
    for (const row of rows) {
      const venueId = Number(row.venue_id);
      const list = out.get(venueId) ?? [];
      list.push({ id: Number(row.id), name: personName({ firstName: row.first_name, lastName: row.last_name }) });
      out.set(venueId, list);
    }
    return out;
  }

  /** Shifts in the spec's shape, earliest first. */
  async views(shifts: readonly Shift[], manager?: EntityManager): Promise<ShiftView[]> {
    const venues = await this.venues(
      shifts.map((s) => s.venueId),
      manager,
    );
    return byStart(shifts).map((shift) => shiftView(shift, venues.get(shift.venueId)!));
  }

  /** Every shift a volunteer holds: one query. */
  shiftsOfVolunteer(volunteerId: number, manager: EntityManager = this.dataSource.manager): Promise<Shift[]> {
    return manager
      .createQueryBuilder(Shift, 'shift')
      .innerJoin(ShiftAssignment, 'a', 'a.shift_id = shift.id')
      .where('a.volunteer_id = :volunteerId', { volunteerId })
      .orderBy('shift.startsAt', 'ASC')
      .addOrderBy('shift.id', 'ASC')
      .getMany();
  }
}
