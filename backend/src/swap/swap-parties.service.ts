import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SwapParty } from '@svp/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { rawBool, rawDate, rawInt } from '../database/raw-values.js';
import { ScheduleReader, type ShiftWithVenue } from '../schedule/schedule-reader.service.js';
import { swapShift } from './swap-request.view.js';

interface HeldRow {
  volunteer_id: number | string;
  id: number | string;
  starts_at: unknown;
  ends_at: unknown;
  swappable: unknown;
  role: string;
  venue_name: string;
  venue_location: string;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The two sides of a swap as the rules of domain/ see them: the shifts a volunteer holds and those of their open requests. */
@Injectable()
export class SwapParties {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ScheduleReader,
  ) {}

  /** One volunteer, with their shifts as schedules show them. */
  async of(volunteerId: number, manager: EntityManager = this.dataSource.manager): Promise<{ shifts: ShiftWithVenue[]; party: SwapParty }> {
    const shifts = await this.reader.shiftsOfVolunteer(volunteerId, manager);
    const offered = await manager.query<{ shift_id: number | string }[]>('SELECT shift_id FROM shift_swap_requests WHERE creator_id = ? AND status IS NULL', [volunteerId]);
    return { shifts, party: { ownShifts: shifts.map(swapShift), ownOpenRequestShiftIds: offered.map((r) => rawInt(r.shift_id)) } };
  }

  /** Many volunteers at once: two queries, whatever their number. */
  async ofMany(volunteerIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, SwapParty>> {
    const ids = [...new Set(volunteerIds)];
    const parties = new Map<number, { ownShifts: ReturnType<typeof swapShift>[]; ownOpenRequestShiftIds: number[] }>(
      ids.map((id) => [id, { ownShifts: [], ownOpenRequestShiftIds: [] }]),
    );
    if (!ids.length) return parties;
    const held = await manager.query<HeldRow[]>(
      `SELECT a.volunteer_id AS volunteer_id, s.id AS id, s.starts_at AS starts_at, s.ends_at AS ends_at, s.swappable AS swappable,
              s.role AS role, v.name AS venue_name, v.location AS venue_location
         FROM shift_assignments a JOIN shifts s ON s.id = a.shift_id JOIN venues v ON v.id = s.venue_id
        WHERE a.volunteer_id IN (${placeholders(ids)})`,
      ids,
    );
    for (const row of held) {
      parties.get(rawInt(row.volunteer_id))!.ownShifts.push(
        swapShift({
          id: rawInt(row.id),
          startsAt: rawDate(row.starts_at),
          endsAt: rawDate(row.ends_at),
          swappable: rawBool(row.swappable),
          role: row.role,
          venueName: row.venue_name,
          venueLocation: row.venue_location,
        }),
      );
    }
    const offered = await manager.query<{ creator_id: number | string; shift_id: number | string }[]>(
      `SELECT creator_id, shift_id FROM shift_swap_requests WHERE status IS NULL AND creator_id IN (${placeholders(ids)})`,
      ids,
    );
    for (const row of offered) parties.get(rawInt(row.creator_id))!.ownOpenRequestShiftIds.push(rawInt(row.shift_id));
    return parties;
  }
}
