import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DayShiftHolder, type SwapParty, exchangeOptions } from '@svp/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { rawInt } from '../database/raw-values.js';
import type { DayExchanges, DayShiftHolding } from '../schedule/day-exchanges.js';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { swapPerson, swapShift } from './swap-request.view.js';

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The swap parties of many volunteers at once (the shifts each holds and those of their open
 * requests): two queries, whatever their number.
 */
async function loadSwapParties(
  reader: ScheduleReader,
  manager: EntityManager,
  volunteerIds: readonly number[],
): Promise<Map<number, SwapParty>> {
  const ids = [...new Set(volunteerIds)];
  const held = await reader.shiftsOfVolunteers(ids, manager);
  const parties = new Map(ids.map((id) => [id, { ownShifts: held.get(id)!.map(swapShift), ownOpenRequestShiftIds: [] as number[] }]));
  if (!ids.length) return parties;
  const offered = await manager.query<{ creator_id: number | string; shift_id: number | string }[]>(
    `SELECT creator_id, shift_id FROM shift_swap_requests WHERE status IS NULL AND creator_id IN (${placeholders(ids)})`,
    ids,
  );
  for (const row of offered) parties.get(rawInt(row.creator_id))!.ownOpenRequestShiftIds.push(rawInt(row.shift_id));
  return parties;
}

/**
 * The two sides of a swap as the rules of domain/ see them: the shifts a volunteer holds and those of
 * their open requests. Also names, for the day's shifts, the caller's shifts each holder could be given.
 */
@Injectable()
export class SwapParties implements DayExchanges {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ScheduleReader,
  ) {}

  /** One volunteer. */
  async of(volunteerId: number, manager: EntityManager = this.dataSource.manager): Promise<SwapParty> {
    return (await this.ofMany([volunteerId], manager)).get(volunteerId)!;
  }

  /** Many volunteers at once: two queries, whatever their number. */
  ofMany(volunteerIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, SwapParty>> {
    return loadSwapParties(this.reader, manager, volunteerIds);
  }

  /** The holders of the day's shifts by name, each with the caller's shifts they could be given for the one they hold. */
  async holders(callerId: number, holdings: readonly DayShiftHolding[], now: Date, manager: EntityManager): Promise<DayShiftHolder[]> {
    const parties = await this.ofMany([callerId, ...holdings.map(({ holder }) => holder.id)], manager);
    const me = parties.get(callerId)!;
    return holdings.map(({ shift, holder }) => ({
      ...swapPerson(holder),
      my_shift_options: exchangeOptions(swapShift(shift), me, parties.get(holder.id)!, now).map((s) => s.id),
    }));
  }
}
