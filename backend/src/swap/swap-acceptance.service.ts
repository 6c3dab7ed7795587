import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { exchangeRefusal } from '@svp/domain';
import { Brackets, type EntityManager, type Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { lockRows } from '../schedule/locks.js';
import { PerformanceRecord } from '../schedule/performance-record.entity.js';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { ScheduleService } from '../schedule/schedule.service.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { personName } from '../schedule/shift.view.js';
import { User } from '../users/user.entity.js';
import type { AcceptSwapRequestDto } from './dto/swap-request.dto.js';
import { ShiftSwapRequest } from './shift-swap-request.entity.js';
import { exchangeException, notOpen, SWAP_API_MESSAGES } from './swap-messages.js';
import { SwapNotices } from './swap-notices.service.js';
import { SwapParties } from './swap-parties.service.js';
import { assertOwnSvid } from './swap-requests.service.js';
import { type SwapRequestView, swapShift } from './swap-request.view.js';
import { SwapViews } from './swap-views.service.js';
import { isMysql } from '../database/dialect.js';
import { isDeadlock } from '../database/database-errors.js';
import { lockSwapRequest, SwapWrites } from './swap-writes.js';
import { SettingsService } from '../settings/settings.service.js';

/** A deadlock victim is rolled back whole; it runs again this many times before the caller hears 503. */
const DEADLOCK_RETRIES = 3;

/**
 * Accepting a swap: in one transaction, with the two volunteers, the two shifts and the
 * request locked, everything is checked again and the two assignments change hands. Concurrent
 * acceptances of one request queue on those locks, and only the first finds it still open.
 */
@Injectable()
export class SwapAcceptance {
  constructor(
    @InjectRepository(ShiftSwapRequest) private readonly requests: Repository<ShiftSwapRequest>,
    private readonly schedule: ScheduleService,
    private readonly reader: ScheduleReader,
    private readonly parties: SwapParties,
    private readonly views: SwapViews,
    private readonly notices: SwapNotices,
    private readonly writes: SwapWrites,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  async accept(caller: AuthUser, dto: AcceptSwapRequestDto): Promise<SwapRequestView> {
    assertOwnSvid(caller, dto.svid);
    await this.schedule.assertCanSee(caller);
    const id = dto.shift_swap_request_id;
    // Read once outside the transaction to know what to lock; everything is read again under the locks.
    const planned = await this.requests.findOneBy({ id });
    if (!planned) throw AppException.notFound(SWAP_API_MESSAGES.noRequest(id));
    // A request of an earlier edition is read-only, like every record of a closed edition.
    const offered = await this.reader.shift(planned.shiftId);
    if (offered) await this.settings.assertCurrent(offered.editionId);
    const given = this.givenShift(caller, planned, dto.swapped_shift_id);
    if (planned.status !== null) throw notOpen();

    const accepted = await this.writes.run(() => this.withDeadlockRetry(() => this.exchange(caller, planned, given)));
    const view = await this.views.view(accepted);
    await this.notices.accepted(view);
    return view;
  }

  /** Which of the caller's shifts they give: the one asked for in a directed request, their choice in an open one. */
  private givenShift(caller: AuthUser, request: ShiftSwapRequest, chosen: number | undefined): number {
    if (request.creatorId === caller.id) throw AppException.forbidden(SWAP_API_MESSAGES.ownRequest);
    if (request.kind === 'directed') {
      if (request.swappedSvId !== caller.id) throw AppException.forbidden(SWAP_API_MESSAGES.notAsked);
      const asked = request.swappedShiftId!;
      if (chosen !== undefined && chosen !== asked)
        throw AppException.badRequest(SWAP_API_MESSAGES.askedShift(asked), { swapped_shift_id: SWAP_API_MESSAGES.askedShift(asked) });
      return asked;
    }
    if (chosen === undefined)
      throw AppException.badRequest(SWAP_API_MESSAGES.giveRequired, { swapped_shift_id: SWAP_API_MESSAGES.giveRequired });
    return chosen;
  }

  private async withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (!isDeadlock(error) || attempt > DEADLOCK_RETRIES) throw error;
      }
    }
  }

  /** The transaction: lock, check again, move both assignments and their records, close this request and the ones it makes moot. */
  private exchange(caller: AuthUser, planned: ShiftSwapRequest, givenId: number): Promise<ShiftSwapRequest> {
    const creatorId = planned.creatorId;
    const offeredId = planned.shiftId;
    const work = async (manager: EntityManager) => {
      // Always users, then shifts, then the request, each by id: the same order as every schedule write.
      await lockRows(manager, 'users', [creatorId, caller.id]);
      await lockRows(manager, 'shifts', [offeredId, givenId]);
      await lockSwapRequest(manager, planned.id);
      const request = await manager.findOneBy(ShiftSwapRequest, { id: planned.id });
      if (!request || request.status !== null) throw notOpen();

      const [offered, given] = await Promise.all([this.reader.shift(offeredId, manager), this.reader.shift(givenId, manager)]);
      if (!offered) throw notOpen();
      if (!given) throw AppException.notFound(SWAP_API_MESSAGES.noShift(givenId));
      const creator = (await manager.findOne(User, { where: { id: creatorId }, select: { id: true, firstName: true, lastName: true } }))!;
      const me = await this.parties.of(caller.id, manager);
      const partner = await this.parties.of(creatorId, manager);
      const now = this.clock.now();
      const refused = exchangeRefusal(swapShift(given), swapShift(offered), me, partner, now);
      if (refused) throw exchangeException(refused, personName(creator));

      await this.move(manager, creatorId, offeredId, givenId, now);
      await this.move(manager, caller.id, givenId, offeredId, now);
      await manager.update(
        ShiftSwapRequest,
        { id: request.id },
        { status: true, closedReason: 'accepted', closedAt: now, swappedShiftId: givenId, swappedSvId: caller.id, openKey: null },
      );
      await this.supersede(
        manager,
        request.id,
        [
          { volunteerId: creatorId, gave: offeredId, got: givenId },
          { volunteerId: caller.id, gave: givenId, got: offeredId },
        ],
        now,
      );
      await bumpScheduleRevision(manager);
      return {
        ...request,
        status: true,
        closedReason: 'accepted' as const,
        closedAt: now,
        swappedShiftId: givenId,
        swappedSvId: caller.id,
        openKey: null,
      };
    };
    // READ COMMITTED: the checks after the locks read what the previous holder of the locks committed.
    return isMysql(this.requests.manager.connection)
      ? this.requests.manager.transaction('READ COMMITTED', work)
      : this.requests.manager.transaction(work);
  }

  /** Moves a volunteer's assignment, and their performance record with it, from one shift to the other. */
  private async move(manager: EntityManager, volunteerId: number, from: number, to: number, now: Date): Promise<void> {
    // The back-to-back notes described the neighbours of the old shift; accommodations stay with the volunteer.
    const moved = await manager.update(
      ShiftAssignment,
      { shiftId: from, volunteerId },
      { shiftId: to, startBackToBack: null, endBackToBack: null, updatedAt: now },
    );
    // The checks above read the same locked rows, so this only happens when the schedule changed in a way they cannot see.
    if (moved.affected !== 1) throw AppException.conflict(SWAP_API_MESSAGES.moveFailed, ErrorCode.SwapShiftNotHeld);
    const record = await manager.findOne(PerformanceRecord, { where: { shiftId: from, volunteerId }, select: { id: true } });
    if (record) {
      // A record left from an earlier assignment to the new shift gives way to the one that follows the volunteer.
      await manager.delete(PerformanceRecord, { shiftId: to, volunteerId });
      await manager.update(PerformanceRecord, { id: record.id }, { shiftId: to });
    }
  }

  /**
   * Closes every other open request that the exchange makes moot: one offering, or asking someone for,
   * a shift its volunteer has just given away, and one asking for a shift its creator now holds.
   */
  private async supersede(
    manager: EntityManager,
    acceptedId: number,
    moves: { volunteerId: number; gave: number; got: number }[],
    now: Date,
  ): Promise<void> {
    const moot = new Brackets((w) => {
      moves.forEach(({ volunteerId, gave, got }, i) => {
        const values = { [`v${i}`]: volunteerId, [`gave${i}`]: gave, [`got${i}`]: got };
        w.orWhere(`(creator_id = :v${i} AND shift_id = :gave${i})`, values)
          .orWhere(`(swapped_sv_id = :v${i} AND swapped_shift_id = :gave${i})`, values)
          .orWhere(`(creator_id = :v${i} AND swapped_shift_id = :got${i})`, values);
      });
    });
    await manager
      .createQueryBuilder()
      .update(ShiftSwapRequest)
      .set({ status: false, closedReason: 'superseded', closedAt: now, openKey: null })
      .where('status IS NULL')
      .andWhere('id <> :acceptedId', { acceptedId })
      .andWhere(moot)
      .execute();
  }
}
