import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rawBool, rawDate, rawInt } from '../database/raw-values.js';
import { SettingsService } from '../settings/settings.service.js';
import type { Shift } from './shift.entity.js';
import { personName, type TeamLeaderView, type VenueView } from './shift.view.js';

/** What a schedule shows of a shift: the entity without its bookkeeping columns. */
export type ScheduledShift = Omit<Shift, 'createdAt'>;

/** A shift with its venue's name and location and, for the team leader's view, how many volunteers it has. */
export interface ShiftWithVenue extends ScheduledShift {
  venueName: string;
  venueLocation: string;
  assigned: number;
}

interface ShiftRow {
  id: number | string;
  edition_id: number | string;
  venue_id: number | string;
  day: string;
  starts_at: unknown;
  ends_at: unknown;
  role: string;
  report_to: string;
  description: string | null;
  special: string | null;
  sv_slots: number | string;
  swappable: unknown;
  requires: string;
  calendar_sequence: number | string;
  updated_at: unknown;
  venue_name: string;
  venue_location: string;
  assigned?: number | string;
}

interface VenueRow {
  id: number | string;
  name: string;
  location: string;
}

interface LeaderRow {
  venue_id: number | string;
  id: number | string;
  first_name: string;
  last_name: string;
}

const SHIFT_COLUMNS = `s.id AS id, s.edition_id AS edition_id, s.venue_id AS venue_id, s.day AS day, s.starts_at AS starts_at,
       s.ends_at AS ends_at, s.role AS role,
       s.report_to AS report_to, s.description AS description, s.special AS special, s.sv_slots AS sv_slots,
       s.swappable AS swappable, s.requires AS requires, s.calendar_sequence AS calendar_sequence, s.updated_at AS updated_at,
       v.name AS venue_name, v.location AS venue_location`;

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

function shiftOfRow(row: ShiftRow): ShiftWithVenue {
  return {
    id: rawInt(row.id),
    editionId: rawInt(row.edition_id),
    venueId: rawInt(row.venue_id),
    day: row.day,
    startsAt: rawDate(row.starts_at),
    endsAt: rawDate(row.ends_at),
    role: row.role,
    reportTo: row.report_to,
    description: row.description,
    special: row.special,
    svSlots: rawInt(row.sv_slots),
    swappable: rawBool(row.swappable),
    requires: row.requires as ShiftWithVenue['requires'],
    calendarSequence: rawInt(row.calendar_sequence),
    updatedAt: rawDate(row.updated_at),
    venueName: row.venue_name,
    venueLocation: row.venue_location,
    assigned: row.assigned === undefined ? 0 : rawInt(row.assigned),
  };
}

/**
 * The schedule reads: shifts with their venues and team leaders in a fixed number of plain SQL
 * queries, whatever their count. These answer every schedule page load, so they skip entity
 * hydration (it cost more than the queries themselves).
 */
@Injectable()
export class ScheduleReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /** Every shift a volunteer holds, with its venue: one query. */
  async shiftsOfVolunteer(volunteerId: number, manager: EntityManager = this.dataSource.manager): Promise<ShiftWithVenue[]> {
    return (await this.shiftsOfVolunteers([volunteerId], manager)).get(volunteerId)!;
  }

  /** The shifts each of these volunteers holds in the current edition, earliest first (an empty list for one who holds none): one query. */
  async shiftsOfVolunteers(
    volunteerIds: readonly number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, ShiftWithVenue[]>> {
    const held = new Map<number, ShiftWithVenue[]>(volunteerIds.map((id) => [id, []]));
    if (!volunteerIds.length) return held;
    const rows = await manager.query<(ShiftRow & { volunteer_id: number | string })[]>(
      `SELECT ${SHIFT_COLUMNS}, a.volunteer_id AS volunteer_id
         FROM shift_assignments a JOIN shifts s ON s.id = a.shift_id JOIN venues v ON v.id = s.venue_id
        WHERE a.volunteer_id IN (${placeholders(volunteerIds)}) AND s.edition_id = ?
        ORDER BY s.starts_at, s.id`,
      [...volunteerIds, await this.settings.currentId()],
    );
    for (const row of rows) held.get(rawInt(row.volunteer_id))?.push(shiftOfRow(row));
    return held;
  }

  /** Every shift at these venues, with its venue and how many volunteers it has: one query. */
  async shiftsOfVenues(venueIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<ShiftWithVenue[]> {
    if (!venueIds.length) return [];
    const rows = await manager.query<ShiftRow[]>(
      `SELECT ${SHIFT_COLUMNS}, (SELECT COUNT(*) FROM shift_assignments a WHERE a.shift_id = s.id) AS assigned
         FROM shifts s JOIN venues v ON v.id = s.venue_id
        WHERE s.venue_id IN (${placeholders(venueIds)})
        ORDER BY s.starts_at, s.id`,
      [...venueIds],
    );
    return rows.map(shiftOfRow);
  }

  /** Every shift of a Pacific day of the current edition, with its venue and how many volunteers it has: one query. */
  async shiftsOfDay(day: string, manager: EntityManager = this.dataSource.manager): Promise<ShiftWithVenue[]> {
    const rows = await manager.query<ShiftRow[]>(
      `SELECT ${SHIFT_COLUMNS}, (SELECT COUNT(*) FROM shift_assignments a WHERE a.shift_id = s.id) AS assigned
         FROM shifts s JOIN venues v ON v.id = s.venue_id
        WHERE s.day = ? AND s.edition_id = ?
        ORDER BY s.starts_at, s.id`,
      [day, await this.settings.currentId()],
    );
    return rows.map(shiftOfRow);
  }

  /** One shift with its venue, or null. */
  async shift(id: number, manager: EntityManager = this.dataSource.manager): Promise<ShiftWithVenue | null> {
    const rows = await manager.query<ShiftRow[]>(
      `SELECT ${SHIFT_COLUMNS} FROM shifts s JOIN venues v ON v.id = s.venue_id WHERE s.id = ?`,
      [id],
    );
    return rows.length ? shiftOfRow(rows[0]!) : null;
  }

  /** The venues of the current edition a team leader leads, each with its team leaders: two queries. */
  async venuesLedBy(teamLeaderId: number, manager: EntityManager = this.dataSource.manager): Promise<Map<number, VenueView>> {
    const rows = await manager.query<VenueRow[]>(
      `SELECT v.id AS id, v.name AS name, v.location AS location
         FROM venue_team_leaders vtl JOIN venues v ON v.id = vtl.venue_id
        WHERE vtl.team_leader_id = ? AND v.edition_id = ?`,
      [teamLeaderId, await this.settings.currentId()],
    );
    return this.withLeaders(rows, manager);
  }

  /** These venues, each with its team leaders: two queries. */
  async venues(venueIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, VenueView>> {
    const ids = [...new Set(venueIds)];
    if (!ids.length) return new Map();
    const rows = await manager.query<VenueRow[]>(`SELECT id, name, location FROM venues WHERE id IN (${placeholders(ids)})`, ids);
    return this.withLeaders(rows, manager);
  }

  /** The venues these shifts are at, each with its team leaders: one query (the shifts carry their venue's name and location). */
  async venuesOf(shifts: readonly ShiftWithVenue[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, VenueView>> {
    const seen = new Map<number, VenueRow>();
    for (const shift of shifts)
      if (!seen.has(shift.venueId)) seen.set(shift.venueId, { id: shift.venueId, name: shift.venueName, location: shift.venueLocation });
    return this.withLeaders([...seen.values()], manager);
  }

  private async withLeaders(rows: readonly VenueRow[], manager: EntityManager): Promise<Map<number, VenueView>> {
    const leaders = await this.leadersOf(
      rows.map((row) => rawInt(row.id)),
      manager,
    );
    return new Map(
      rows.map((row) => {
        const id = rawInt(row.id);
        return [id, { id, name: row.name, location: row.location, teamLeaders: leaders.get(id) ?? [] }];
      }),
    );
  }

  /** Team leaders per venue id, by name: one query. */
  async leadersOf(venueIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, TeamLeaderView[]>> {
    const out = new Map<number, TeamLeaderView[]>();
    if (!venueIds.length) return out;
    const rows = await manager.query<LeaderRow[]>(
      `SELECT vtl.venue_id AS venue_id, u.id AS id, u.first_name AS first_name, u.last_name AS last_name
         FROM venue_team_leaders vtl JOIN users u ON u.id = vtl.team_leader_id
        WHERE vtl.venue_id IN (${placeholders(venueIds)})
        ORDER BY u.first_name, u.last_name, u.id`,
      [...venueIds],
    );
    for (const row of rows) {
      const venueId = rawInt(row.venue_id);
      const list = out.get(venueId) ?? [];
      list.push({ id: rawInt(row.id), name: personName({ firstName: row.first_name, lastName: row.last_name }) });
      out.set(venueId, list);
    }
    return out;
  }
}
