import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { exchangeOptions, exchangeRefusal, offerRefusal, SWAP_REFUSALS } from '@svp/domain';
import { Brackets, type EntityManager, In, IsNull, type Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { LIKE_ESCAPE, type ListQuery, likePattern } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { ScheduleReader } from '../schedule/schedule-reader.service.js';
import { ScheduleService } from '../schedule/schedule.service.js';
import { Shift } from '../schedule/shift.entity.js';
import { personName } from '../schedule/shift.view.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import type { CreateSwapRequestDto, DeleteSwapRequestDto } from './dto/swap-request.dto.js';
import { SWAP_CLOSED_REASONS, ShiftSwapRequest, type SwapClosedReason, openKey } from './shift-swap-request.entity.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { exchangeException, notOpen, SWAP_API_MESSAGES } from './swap-messages.js';
import { SwapNotices } from './swap-notices.service.js';
import { SwapParties } from './swap-parties.service.js';
import { type SwapRequestView, swapShift, swapShiftOfView } from './swap-request.view.js';
import { SwapViews } from './swap-views.service.js';
import { SwapWrites } from './swap-writes.js';

/** The admin list's status filter: open, or why a request was closed. */
export const SWAP_STATUS_FILTERS = ['open', ...SWAP_CLOSED_REASONS] as const;
/** Sort fields of the admin list, as the rows name them. */
export const SWAP_SORTABLE = ['id', 'created_at', 'closed_at'] as const;

/** Swap requests: a volunteer's lists, making, declining and deleting requests, and the administrators' view. */
@Injectable()
export class SwapRequestsService {
  constructor(
    @InjectRepository(ShiftSwapRequest) private readonly requests: Repository<ShiftSwapRequest>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly schedule: ScheduleService,
    private readonly reader: ScheduleReader,
    private readonly parties: SwapParties,
    private readonly views: SwapViews,
    private readonly notices: SwapNotices,
    private readonly writes: SwapWrites,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
  ) {}

  /** GET /schedule/swap/{username}: the caller's created and assigned requests, the open ones on their shifts, and others' open requests.
   * */
  async list(caller: AuthUser, username: string) {
    if (username !== caller.username) throw AppException.forbidden(SWAP_API_MESSAGES.ownListOnly);
    const now = await this.schedule.assertCanSee(caller);
    const me = caller.id;
    // The open requests this list can show: offers to anyone, and the caller's own or those made to them.
    const open = await this.requests.find({
      where: [
        { status: IsNull(), kind: 'open' },
        { status: IsNull(), creatorId: me },
        { status: IsNull(), swappedSvId: me },
      ],
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    const allMine = await this.requests
      .createQueryBuilder('r')
      .where(new Brackets((w) => w.where('r.creatorId = :me', { me }).orWhere("(r.kind = 'directed' AND r.swappedSvId = :me)", { me })))
      .andWhere("(r.closedReason IS NULL OR r.closedReason <> 'deleted')")
      .orderBy('r.createdAt', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .getMany();
    // This edition's requests only: last year's stay with last year's schedule.
    const thisEdition = await this.shiftsOfCurrentEdition([...open, ...allMine].map((r) => r.shiftId));
    const mine = allMine.filter((r) => thisEdition.has(r.shiftId));
    const current = open.filter((r) => thisEdition.has(r.shiftId));
    const held = await this.reader.shiftsOfVolunteer(me);
    const heldIds = new Set(held.map((s) => s.id));
    // The caller's own side of a request: the shift they offer, or the shift they are asked for. A co-worker
    // on the same shift has requests of their own on it, which are not the caller's business.
    const involvesMine = (r: ShiftSwapRequest) =>
      (r.creatorId === me && heldIds.has(r.shiftId)) ||
      (r.swappedSvId === me && r.swappedShiftId !== null && heldIds.has(r.swappedShiftId));
    const others = current.filter((r) => r.kind === 'open' && r.creatorId !== me);
    const onMyShifts = current.filter(involvesMine);

    // Views of the requests answered only.
    const all = new Map([...mine, ...others, ...onMyShifts].map((r) => [r.id, r]));
    const views = new Map((await this.views.views([...all.values()])).map((v) => [v.id, v]));
    const view = (r: ShiftSwapRequest) => views.get(r.id)!;

    const offers = others.map(view).filter((v) => new Date(v.shift.starts_at).getTime() > now.getTime());
    // Both sides as the schedule rules see them (the caller's shifts, limits and open requests, and each offer's maker).
    const parties = await this.parties.ofMany([me, ...offers.map((v) => v.sv.id)]);
    const myParty = parties.get(me)!;
    return {
      created_requests: mine.filter((r) => r.creatorId === me).map(view),
      assigned_requests: mine.filter((r) => r.creatorId !== me).map(view),
      shift_requests: onMyShifts.map(view),
      open_requests: offers.map((v) => ({
        ...v,
        my_shift_options: exchangeOptions(swapShiftOfView(v.shift), myParty, parties.get(v.sv.id)!, now).map((s) => s.id),
      })),
    };
  }

  /** POST /schedule/swap/create: my shift offered to anyone (open), or for one volunteer's shift (directed). */
  async create(caller: AuthUser, dto: CreateSwapRequestDto): Promise<SwapRequestView> {
    assertOwnSvid(caller, dto.svid);
    const directed = dto.swapped_shift_id !== undefined || dto.swapped_svid !== undefined;
    if (directed && dto.swapped_svid === undefined)
      throw AppException.badRequest(SWAP_API_MESSAGES.needsVolunteer, { swapped_svid: SWAP_API_MESSAGES.needsVolunteer });
    if (directed && dto.swapped_shift_id === undefined)
      throw AppException.badRequest(SWAP_API_MESSAGES.needsShift, { swapped_shift_id: SWAP_API_MESSAGES.needsShift });
    const now = await this.schedule.assertCanSee(caller);
    const created = await this.writes.run(async () => {
      const shift = await this.reader.shift(dto.shift_id);
      if (!shift) throw AppException.notFound(SWAP_API_MESSAGES.noShift(dto.shift_id));
      await this.settings.assertCurrent(shift.editionId);
      const me = await this.parties.of(caller.id);
      const request = { creatorId: caller.id, shiftId: shift.id, status: null, closedReason: null, createdAt: now, closedAt: null };
      if (!directed) {
        const refusal = offerRefusal(swapShift(shift), { ownShifts: me.ownShifts, now });
        if (refusal) throw exchangeException({ party: 'me', half: 'give', refusal });
        const alreadyOffered = () => AppException.conflict(SWAP_REFUSALS.ownOpenRequest, ErrorCode.SwapAlreadyOffered);
        if (await this.requests.existsBy({ creatorId: caller.id, shiftId: shift.id, kind: 'open', status: IsNull() }))
          throw alreadyOffered();
        return this.insertOpen({ ...request, kind: 'open', swappedShiftId: null, swappedSvId: null }, alreadyOffered);
      }
      const partner = await this.users.findOne({
        where: { svid: dto.swapped_svid! },
        select: { id: true, firstName: true, lastName: true },
      });
      if (!partner) throw AppException.notFound(SWAP_API_MESSAGES.noVolunteer(dto.swapped_svid!));
      if (partner.id === caller.id)
        throw AppException.badRequest(SWAP_API_MESSAGES.askYourself, { swapped_svid: SWAP_API_MESSAGES.askYourself });
      const wanted = await this.reader.shift(dto.swapped_shift_id!);
      if (!wanted) throw AppException.notFound(SWAP_API_MESSAGES.noShift(dto.swapped_shift_id!));
      const theirs = await this.parties.of(partner.id);
      const refused = exchangeRefusal(swapShift(shift), swapShift(wanted), me, theirs, now);
      if (refused) throw exchangeException(refused, personName(partner));
      const alreadyAsked = () => AppException.conflict(SWAP_API_MESSAGES.alreadyAsked(personName(partner)), ErrorCode.SwapAlreadyAsked);
      if (
        await this.requests.existsBy({
          creatorId: caller.id,
          shiftId: shift.id,
          swappedShiftId: wanted.id,
          swappedSvId: partner.id,
          status: IsNull(),
        })
      )
        throw alreadyAsked();
      return this.insertOpen({ ...request, kind: 'directed', swappedShiftId: wanted.id, swappedSvId: partner.id }, alreadyAsked);
    });
    const view = await this.views.view(created);
    if (view.kind === 'directed') await this.notices.requested(view);
    return view;
  }

  /** POST /schedule/swap/decline: the volunteer asked says no. */
  async decline(caller: AuthUser, id: number, svid?: string): Promise<SwapRequestView> {
    assertOwnSvid(caller, svid);
    await this.schedule.assertCanSee(caller);
    return this.writes.run(async () => {
      const request = await this.find(id);
      if (request.kind !== 'directed' || request.swappedSvId !== caller.id) throw AppException.forbidden(SWAP_API_MESSAGES.notAskedDecline);
      await this.assertCurrentShift(request.shiftId);
      return this.views.view(await this.close(this.requests.manager, request, 'declined'));
    });
  }

  /** POST /schedule/swap/delete: the creator withdraws an open request (kept, closed as deleted). */
  async remove(caller: AuthUser, dto: DeleteSwapRequestDto): Promise<SwapRequestView> {
    assertOwnSvid(caller, dto.svid);
    if (dto.id !== undefined && dto.shift_swap_request_id !== undefined && dto.id !== dto.shift_swap_request_id) {
      throw AppException.badRequest(SWAP_API_MESSAGES.idMismatch, { id: SWAP_API_MESSAGES.idMismatch });
    }
    const id = (dto.shift_swap_request_id ?? dto.id)!;
    await this.schedule.assertCanSee(caller);
    return this.writes.run(async () => {
      const request = await this.find(id);
      if (request.creatorId !== caller.id) throw AppException.forbidden(SWAP_API_MESSAGES.notCreator);
      await this.assertCurrentShift(request.shiftId);
      return this.views.view(await this.close(this.requests.manager, request, 'deleted'));
    });
  }

  /** The admin list (ra-data-simple-rest): filter by status, a volunteer on either side (`q`) or ids. */
  async adminList(query: ListQuery): Promise<{ rows: SwapRequestView[]; total: number }> {
    const { status, q, id } = query.filter as { status?: unknown; q?: unknown; id?: unknown };
    const edition = await this.settings.editionFor(query.filter.edition);
    const builder = this.requests
      .createQueryBuilder('r')
      .innerJoin(Shift, 's', 's.id = r.shiftId')
      .where('s.editionId = :editionId', { editionId: edition.id });
    if (status !== undefined && status !== null && status !== '') {
      if (typeof status !== 'string' || !(SWAP_STATUS_FILTERS as readonly string[]).includes(status)) {
        const message = SWAP_API_MESSAGES.badStatus(SWAP_STATUS_FILTERS);
        throw AppException.badRequest(message, { 'filter.status': message });
      }
      if (status === 'open') builder.andWhere('r.status IS NULL');
      else builder.andWhere('r.closedReason = :reason', { reason: status });
    }
    if (typeof q === 'string' && q.trim()) {
      const volunteers = await this.volunteersMatching(q);
      builder.andWhere(volunteers.length ? '(r.creatorId IN (:...volunteers) OR r.swappedSvId IN (:...volunteers))' : '1 = 0', {
        volunteers,
      });
    }
    if (Array.isArray(id) && id.every(Number.isInteger)) builder.andWhere(id.length ? 'r.id IN (:...ids)' : '1 = 0', { ids: id });
    const column = { id: 'r.id', created_at: 'r.createdAt', closed_at: 'r.closedAt' }[query.sort.field as (typeof SWAP_SORTABLE)[number]];
    const [rows, total] = await builder
      .orderBy(column, query.sort.order)
      .addOrderBy('r.id', 'DESC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { rows: await this.views.views(rows), total };
  }

  /** A request of an earlier edition's shift is read-only (409 EDITION_READ_ONLY), like every record of a closed edition. */
  async assertCurrentShift(shiftId: number): Promise<void> {
    const shift = await this.requests.manager.findOne(Shift, { where: { id: shiftId }, select: { id: true, editionId: true } });
    if (shift) await this.settings.assertCurrent(shift.editionId);
  }

  async adminGet(id: number): Promise<SwapRequestView> {
    return this.views.view(await this.find(id));
  }

  /** An administrator closes an open request (audited); 409 when it is no longer open. */
  async cancel(actor: AuthUser, id: number): Promise<SwapRequestView> {
    return this.writes.run(async () => {
      const request = await this.find(id);
      await this.assertCurrentShift(request.shiftId);
      const before = await this.views.view(request);
      const closed = await this.requests.manager.transaction(async (manager) => {
        const after = await this.close(manager, request, 'cancelled');
        await this.audit.record(
          actor,
          {
            action: 'shift-swap.cancel',
            entity: 'shift-swap',
            entityId: id,
            before,
            after: { ...before, status: false, closed_reason: 'cancelled', closed_at: after.closedAt!.toISOString() },
          },
          manager,
        );
        return after;
      });
      return this.views.view(closed);
    });
  }

  /** Closes a request that is still open, in one statement, so it cannot race an acceptance; 409 otherwise. */
  private async close(
    manager: EntityManager,
    request: ShiftSwapRequest,
    reason: Exclude<SwapClosedReason, 'accepted'>,
  ): Promise<ShiftSwapRequest> {
    const closedAt = this.clock.now();
    const result = await manager
      .createQueryBuilder()
      .update(ShiftSwapRequest)
      .set({ status: false, closedReason: reason, closedAt, openKey: null })
      .where('id = :id AND status IS NULL', { id: request.id })
      .execute();
    if (!result.affected) throw notOpen();
    return { ...request, status: false, closedReason: reason, closedAt, openKey: null };
  }

  /**
   * Stores a new open request. The check before it reads what is stored; two identical requests made
   * at the same moment (a double submit, or two servers) both pass it, and the unique open_key lets
   * only the first in: the other gets the same 409 as if it had come second.
   */
  private async insertOpen(request: Omit<ShiftSwapRequest, 'id' | 'openKey'>, duplicate: () => AppException): Promise<ShiftSwapRequest> {
    try {
      return await this.requests.save(this.requests.create({ ...request, openKey: openKey(request) }));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  }

  /** Which of these shifts belong to the current edition. */
  private async shiftsOfCurrentEdition(shiftIds: readonly number[]): Promise<Set<number>> {
    const ids = [...new Set(shiftIds)];
    if (!ids.length) return new Set();
    const shifts = await this.requests.manager.find(Shift, {
      where: { id: In(ids), editionId: await this.settings.currentId() },
      select: { id: true },
    });
    return new Set(shifts.map((s) => s.id));
  }

  private async find(id: number): Promise<ShiftSwapRequest> {
    const request = await this.requests.findOneBy({ id });
    if (!request) throw AppException.notFound(SWAP_API_MESSAGES.noRequest(id));
    return request;
  }

  /** Ids of the users whose username, SV ID, email or name holds every word of `text`. */
  private async volunteersMatching(text: string): Promise<number[]> {
    const builder = this.users.createQueryBuilder('u').select('u.id', 'id');
    text
      .trim()
      .split(/\s+/)
      .slice(0, 5)
      .forEach((word, i) => {
        const name = `word${i}`;
        builder.andWhere(
          new Brackets((w) => {
            for (const column of ['u.username', 'u.svid', 'u.email', 'u.firstName', 'u.lastName'])
              w.orWhere(`LOWER(${column}) LIKE :${name} ${LIKE_ESCAPE}`, { [name]: likePattern(word) });
          }),
        );
      });
    const rows = await builder.limit(1000).getRawMany<{ id: number | string }>();
    return rows.map((r) => Number(r.id));
  }
}

/** The kept swap calls may carry the caller's svid; someone else's is refused. */
export function assertOwnSvid(caller: AuthUser, svid: string | undefined): void {
  if (svid !== undefined && svid !== caller.svid) throw AppException.forbidden(SWAP_API_MESSAGES.notYourSvid);
}
