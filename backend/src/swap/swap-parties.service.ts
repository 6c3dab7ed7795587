import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DayShiftHolder, type SwapParty, exchangeOptions } from '@svp/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { rawInt } from '../database/raw-values.js';
import type { DayExchanges, DayShiftHolding } from '../schedule/day-exchanges.js';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { ScheduleWorldService, builderShift } from '../schedule/schedule-world.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { swapPerson, swapShift } from './swap-request.view.js';

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The swap parties of many volunteers at once (the shifts each holds, as the schedule rules see them
 * too, their own rules, and the shifts of their open requests): a fixed number of queries, whatever
 * their number. A swap is judged by the same rules as every other change of who works when.
 */
async function loadSwapParties(
  reader: ScheduleReader,
  world: ScheduleWorldService,
  settings: SettingsService,
  manager: EntityManager,
  volunteerIds: readonly number[],
): Promise<Map<number, SwapParty>> {
  const ids = [...new Set(volunteerIds)];
  const edition = await settings.get();
  const [held, rules] = await Promise.all([reader.shiftsOfVolunteers(ids, manager), world.volunteers(ids, edition, manager)]);
  const parties = new Map(
    ids.map((id) => [
      id,
      {
        ownShifts: held.get(id)!.map((shift) => ({ ...swapShift(shift), rule: builderShift(shift, edition.conference) })),
        ownOpenRequestShiftIds: [] as number[],
        ...(rules.has(id) ? { volunteer: rules.get(id)! } : {}),
      },
    ]),
  );
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
    private readonly world: ScheduleWorldService,
    private readonly settings: SettingsService,
  ) {}

  /** One volunteer. */
  async of(volunteerId: number, manager: EntityManager = this.dataSource.manager): Promise<SwapParty> {
    return (await this.ofMany([volunteerId], manager)).get(volunteerId)!;
  }

  /** Many volunteers at once: two queries, whatever their number. */
  ofMany(volunteerIds: readonly number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, SwapParty>> {
    return loadSwapParties(this.reader, this.world, this.settings, manager, volunteerIds);
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
