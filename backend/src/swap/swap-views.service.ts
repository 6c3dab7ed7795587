import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { Shift } from '../schedule/shift.entity.js';
import { shiftView, type ShiftView } from '../schedule/shift.view.js';
import { User } from '../users/user.entity.js';
import type { ShiftSwapRequest } from './shift-swap-request.entity.js';
import { type SwapPerson, type SwapRequestView, swapPerson, swapRequestView } from './swap-request.view.js';

/** Swap requests in the contract's shape, with their shifts, venues and volunteers in a fixed number of queries. */
@Injectable()
export class SwapViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reader: ScheduleReader,
  ) {}

  async views(requests: readonly ShiftSwapRequest[], manager: EntityManager = this.dataSource.manager): Promise<SwapRequestView[]> {
    if (!requests.length) return [];
    const shiftIds = unique(requests.flatMap((r) => [r.shiftId, r.swappedShiftId]));
    const userIds = unique(requests.flatMap((r) => [r.creatorId, r.swappedSvId]));
    const [shifts, users] = await Promise.all([
      manager.find(Shift, { where: { id: In(shiftIds) } }),
      manager.find(User, { where: { id: In(userIds) }, select: { id: true, username: true, firstName: true, lastName: true, svid: true } }),
    ]);
    const venues = await this.reader.venues(
      shifts.map((s) => s.venueId),
      manager,
    );
    const shiftViews = new Map<number, ShiftView>(shifts.map((s) => [s.id, shiftView(s, venues.get(s.venueId)!)]));
    const people = new Map<number, SwapPerson>(users.map((u) => [u.id, swapPerson(u)]));
    return requests.map((r) => swapRequestView(r, shiftViews, people));
  }

  async view(request: ShiftSwapRequest, manager?: EntityManager): Promise<SwapRequestView> {
    return (await this.views([request], manager))[0]!;
  }
}

function unique(ids: readonly (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}
