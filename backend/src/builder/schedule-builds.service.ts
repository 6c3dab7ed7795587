import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, type Repository } from 'typeorm';
import {
  type BuildPreview,
  type BuilderAssignment,
  type EditionSettings,
  type ScheduleBuild as ScheduleBuildView,
  type ScheduleBuildRow,
  applyBreaks,
  buildPreview,
  keptByBuild,
  ruledAssignment,
  scheduleDifference,
  scheduleInPlace,
  shiftsInScope,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { bumpScheduleRevision } from '../schedule/schedule-revision.js';
import { ShiftAssignment } from '../schedule/shift-assignment.entity.js';
import { MAX_BUILD_SEED, type StartBuildBody, buildScopeOf } from '@svp/domain/contract';
import { exceptionView } from '../schedule/shift-assignments.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import type { BuildOutput } from './build-compute.js';
import { runBuildJob } from './build-runner.js';
import { type BuilderWorld, ScheduleWorldService } from '../schedule/schedule-world.service.js';
import { NamedLocksService } from '../database/named-locks.service.js';
import { ScheduleBuild, type StoredAssignment, type StoredPreview } from './schedule-build.entity.js';
import { ScheduleChangeNotices } from '../schedule/schedule-change-notices.service.js';
import { shiftLabel } from '../schedule/shift-label.js';

export const BUILD_LOCK = 'schedule-build';
/** How long a build's lock holds without renewal: a server that dies mid-build frees it after this. */
export const BUILD_LEASE_MS = 120_000;
/** How often a running build renews its lease, whatever its progress: four renewals fit in a lease. */
export const BUILD_RENEWAL_MS = BUILD_LEASE_MS / 4;

/** A build that no longer holds the lock: another server took it over after its lease ran out. */
export class BuildLockLost extends Error {
  constructor() {
    super(BUILD_MESSAGES.lockLost);
  }
}

export const BUILD_MESSAGES = {
  running: (holder: string, until: string) =>
    `Another build is running (${holder}); it finishes or its lock lapses by ${until}. Try again then.`,
  notFound: (id: number) => `There is no schedule build with id ${id}.`,
  notPreview: 'Only a preview can be applied or discarded.',
  changed: 'The schedule changed since this build was made. Build again to see a preview of the schedule as it is now.',
  changedSinceApply:
    'Assignments of these shifts changed since this build was applied, so undoing it would lose those changes. ' +
    'Make the changes by hand instead.',
  notLatest: 'Only the latest applied build can be undone.',
  nothingToBuild: 'There are no shifts in this scope to build.',
  lockLost:
    'This build lost its lock: its lease ran out and another build took it over, so nothing was kept. ' +
    'Build again once the other build is done.',
} as const;

/** The build's message: how long it took and how far it is from the best any schedule could do. */
export function builtMessage(output: BuildOutput): string {
  const { figures, bound, report } = output;
  const parts = [`Built in ${(output.milliseconds / 1000).toFixed(1)} s.`];
  const short = bound.coverageSlots - figures.filledSlots;
  parts.push(
    short <= 0
      ? `It fills ${figures.filledSlots} slots, as many as any schedule could.`
      : `It fills ${figures.filledSlots} slots; no schedule could fill more than ${bound.coverageSlots} ` +
          `(${short} more, ${((100 * figures.filledSlots) / Math.max(1, bound.coverageSlots)).toFixed(1)} % of that bound).`,
  );
  if (bound.largestShortfall !== null)
    parts.push(`Largest shortfall ${figures.largestShortfall} h; no schedule could leave less than ${bound.largestShortfall} h.`);
  const cut = report.exact.days.filter((d) => d.limits.length).map((d) => d.day);
  if (cut.length) parts.push(`The solver stopped at its limit on ${cut.join(', ')}: those days may not be at their best.`);
  return parts.join(' ');
}

/** The order-free fingerprint of a set of assignments (who on which shift). */
export function fingerprint(pairs: readonly { shiftId: number; volunteerId: number }[]): string {
  const text = pairs
    .map((p) => `${p.shiftId}:${p.volunteerId}`)
    .sort()
    .join(',');
  return createHash('sha256').update(text).digest('hex');
}

const stored = (a: ShiftAssignment): StoredAssignment => ({
  id: a.id,
  shiftId: a.shiftId,
  volunteerId: a.volunteerId,
  startBackToBack: a.startBackToBack,
  endBackToBack: a.endBackToBack,
  accommodations: a.accommodations,
  pinned: a.pinned,
  exceptionRules: a.exceptionRules,
  exceptionReason: a.exceptionReason,
  exceptionBy: a.exceptionBy,
  exceptionAt: a.exceptionAt?.toISOString() ?? null,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** A stored row back as the columns to insert (a build stored before exceptions existed has none). */
const restored = (a: StoredAssignment) => ({
  ...a,
  exceptionRules: a.exceptionRules ?? null,
  exceptionReason: a.exceptionReason ?? null,
  exceptionBy: a.exceptionBy ?? null,
  exceptionAt: a.exceptionAt ? new Date(a.exceptionAt) : null,
  createdAt: new Date(a.createdAt),
  updatedAt: new Date(a.updatedAt),
});

/**
 * The schedule builder's runs: a preview built in the background (one at a time across every
 * server, under a named lock), applied all or nothing, and the latest applied one undone exactly.
 */
@Injectable()
export class ScheduleBuildsService implements OnModuleDestroy {
  private readonly logger = new Logger('Builder');
  /** Builds running in this process, so that tests (and shutdown) can wait for them. */
  private readonly running = new Map<number, Promise<void>>();
  /** How often a running build renews its lease (a test shortens it). */
  leaseRenewalMs = BUILD_RENEWAL_MS;

  constructor(
    @InjectRepository(ScheduleBuild) private readonly builds: Repository<ScheduleBuild>,
    private readonly input: ScheduleWorldService,
    private readonly locks: NamedLocksService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly notices: ScheduleChangeNotices,
    private readonly clock: Clock,
  ) {}

  /** Starts a build; it runs in the background and is polled with `get`. */
  async start(actor: AuthUser, request: StartBuildBody) {
    const lock = await this.locks.acquire(BUILD_LOCK, `build by user ${actor.id}`, BUILD_LEASE_MS);
    if (!lock.acquired)
      throw AppException.conflict(BUILD_MESSAGES.running(lock.held.holder, lock.held.leaseUntil.toISOString()), ErrorCode.BuildRunning);
    let build: ScheduleBuild;
    try {
      const scope = buildScopeOf(request, () => Math.floor(Math.random() * (MAX_BUILD_SEED + 1)));
      build = await this.builds.save(
        this.builds.create({
          editionId: await this.settings.currentId(),
          status: 'running',
          progress: 0,
          message: null,
          scope,
          result: null,
          basedOn: null,
          previous: null,
          appliedState: null,
          createdBy: actor.id,
          createdAt: this.clock.now(),
          appliedAt: null,
          undoneAt: null,
        }),
      );
      await this.audit.record(actor, { action: 'schedule-build.start', entity: 'schedule-build', entityId: build.id, after: { scope } });
    } catch (error) {
      await this.locks.release(BUILD_LOCK, lock.token);
      throw error;
    }
    const work = this.run(build, lock.token).finally(() => this.running.delete(build.id));
    this.running.set(build.id, work);
    return this.view(build, false);
  }

  /** Settles when the builds this process runs have finished. */
  async whenIdle(): Promise<void> {
    await Promise.all(this.running.values());
  }

  /** A build under way finishes (or fails) before the database connection closes. */
  async onModuleDestroy(): Promise<void> {
    await this.whenIdle();
  }

  private async run(build: ScheduleBuild, token: string): Promise<void> {
    let lastProgress = 0;
    const setProgress = (progress: number) => {
      if (progress - lastProgress < 5 && progress < 100) return;
      lastProgress = progress;
      void this.builds.update({ id: build.id, status: 'running' }, { progress }).catch(() => undefined);
    };
    const lease = this.keepLease(token);
    try {
      const settings = await this.settings.get();
      const world = await this.input.world(settings);
      setProgress(10);
      const scope = shiftsInScope(world.shifts, build.scope);
      if (!scope.length) throw AppException.badRequest(BUILD_MESSAGES.nothingToBuild);
      const scopeIds = new Set(scope.map((s) => s.id));
      const confirmed = new Set(world.volunteers.map((v) => v.id));
      const current = world.assignments.filter((a) => confirmed.has(a.volunteerId)).map(ruledAssignment);
      const kept = keptByBuild(world.assignments, scopeIds, confirmed, build.scope.keep).map(ruledAssignment);
      const elsewhere = world.shifts.filter((s) => !scopeIds.has(s.id));
      if (lease.lost()) throw new BuildLockLost();
      const output = await runBuildJob(
        { volunteers: world.volunteers, shifts: scope, elsewhere, kept, current, seed: build.scope.seed },
        setProgress,
        lease.signal,
      );
      if (output.broken) throw new Error(`The builder broke ${output.broken} hard rules; nothing was kept.`);
      const preview = this.preview(
        world,
        scope.map((s) => s.id),
        output,
        current,
      );
      const inScope = world.assignments.filter((a) => scopeIds.has(a.shiftId));
      const exceptions = await this.exceptionsOf(world, inScope);
      // Written only while the lock is still this build's (renewing it leaves a whole lease for the write).
      if (!(await lease.stillHeld())) throw new BuildLockLost();
      await this.builds.update(
        { id: build.id },
        {
          status: 'preview',
          progress: 100,
          result: { ...preview, exceptions },
          basedOn: fingerprint(inScope),
          message: builtMessage(output),
        },
      );
    } catch (error) {
      const lost = error instanceof BuildLockLost || lease.lost();
      const message = lost ? BUILD_MESSAGES.lockLost : error instanceof Error ? error.message : String(error);
      if (lost) this.logger.warn(`Build ${build.id} stopped: ${message}`);
      else if (!(error instanceof AppException))
        this.logger.error(`Build ${build.id} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      await this.builds.update({ id: build.id }, { status: 'failed', message: message.slice(0, 1000) }).catch(() => undefined);
    } finally {
      lease.stop();
      await this.locks.release(BUILD_LOCK, token).catch(() => undefined);
    }
  }

  /**
   * Renews the build's lease on a timer, whatever the build is doing (a long solve sends no progress);
   * when a renewal finds the lock taken by someone else, the build is stopped (its worker ended).
   */
  private keepLease(token: string) {
    const controller = new AbortController();
    const stillHeld = async () => {
      if (controller.signal.aborted) return false;
      const held = await this.locks.renew(BUILD_LOCK, token, BUILD_LEASE_MS);
      if (!held) controller.abort(new BuildLockLost());
      return held;
    };
    const timer = setInterval(() => void stillHeld().catch(() => undefined), this.leaseRenewalMs);
    timer.unref();
    return {
      signal: controller.signal,
      stillHeld,
      lost: () => controller.signal.aborted,
      stop: () => clearInterval(timer),
    };
  }

  /** The exceptions among these assignments, named for the preview (one query for who made them). */
  private async exceptionsOf(world: BuilderWorld, assignments: readonly ShiftAssignment[]): Promise<BuildPreview['exceptions']> {
    const made = assignments.filter((a) => a.exceptionRules !== null);
    const makers = [...new Set(made.flatMap((a) => (a.exceptionBy === null ? [] : [a.exceptionBy])))];
    const names = new Map(
      (makers.length
        ? await this.builds.manager.find(User, { where: { id: In(makers) }, select: { id: true, firstName: true, lastName: true } })
        : []
      ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
    );
    return made.flatMap((a) => {
      const shift = world.rows.get(a.shiftId);
      const exception = exceptionView(a, names);
      const user = world.users.get(a.volunteerId);
      if (!shift || !exception) return [];
      return [
        {
          shiftId: a.shiftId,
          shiftLabel: shiftLabel(shift, world.venues.get(shift.venueId)),
          volunteerId: a.volunteerId,
          name: user ? `${user.firstName} ${user.lastName}`.trim() : `User ${a.volunteerId}`,
          ...exception,
        },
      ];
    });
  }

  /** The preview as stored: the build's pairs and figures, and what domain buildPreview makes of them. */
  private preview(world: BuilderWorld, scopeShiftIds: number[], output: BuildOutput, current: BuilderAssignment[]): StoredPreview {
    const shift = (shiftId: number) => {
      const row = world.rows.get(shiftId)!;
      const venue = world.venues.get(row.venueId);
      return { label: shiftLabel(row, venue), day: row.day, venueName: venue?.name ?? '' };
    };
    const person = (id: number) => {
      const user = world.users.get(id);
      return user && { name: `${user.firstName} ${user.lastName}`.trim(), svid: user.svid };
    };
    const { currentAssignments, unfilled, people, changes } = buildPreview({
      volunteers: world.volunteers,
      scope: new Set(scopeShiftIds),
      current,
      built: output.assignments,
      unfilled: output.unfilled,
      hoursBefore: output.hoursBefore,
      hoursAfter: output.hoursAfter,
      shift,
      person,
    });
    return {
      scopeShiftIds,
      pairs: output.assignments.map((a) => [a.shiftId, a.volunteerId]),
      currentAssignments,
      output: { ...output, assignments: [] },
      unfilled,
      people,
      changes,
    };
  }

  async get(id: number) {
    return this.view(await this.find(this.builds.manager, id), true);
  }

  async list(query: ListQuery) {
    const edition = await this.settings.editionFor(query.filter.edition);
    const [rows, total] = await this.builds.findAndCount({
      where: { editionId: edition.id },
      order: { id: 'DESC' },
      skip: query.offset,
      take: query.limit,
    });
    return { rows: await Promise.all(rows.map((b) => this.view(b, false))), total };
  }

  /** Writes the preview's schedule, all or nothing; what it replaced is kept for an exact undo. */
  async apply(actor: AuthUser, id: number) {
    const lock = await this.locks.acquire(BUILD_LOCK, `apply by user ${actor.id}`, BUILD_LEASE_MS);
    if (!lock.acquired)
      throw AppException.conflict(BUILD_MESSAGES.running(lock.held.holder, lock.held.leaseUntil.toISOString()), ErrorCode.BuildRunning);
    try {
      const settings = await this.settings.get();
      const { build, notices } = await this.builds.manager.transaction(async (manager) => {
        const build = await this.find(manager, id);
        await this.settings.assertCurrent(build.editionId);
        if (build.status !== 'preview' || !build.result) throw AppException.conflict(BUILD_MESSAGES.notPreview, ErrorCode.BuildNotPreview);
        const preview = build.result!;
        const scope = new Set(preview.scopeShiftIds);
        const now = await this.inScope(manager, scope);
        if (fingerprint(now) !== build.basedOn) throw AppException.conflict(BUILD_MESSAGES.changed, ErrorCode.ScheduleChanged);
        const target = preview.pairs.map(([shiftId, volunteerId]) => ({ shiftId, volunteerId }));
        // The rules once more on the schedule as it would be (availability or shifts may have changed since).
        await this.assertValid(manager, settings, scope, target);
        const { removed, added } = scheduleDifference(now, target);
        if (removed.length) await manager.delete(ShiftAssignment, { id: In(removed.map((a) => a.id)) });
        const at = this.clock.now();
        if (added.length) {
          await manager.insert(
            ShiftAssignment,
            added.map((a) => ({
              ...a,
              startBackToBack: null,
              endBackToBack: null,
              accommodations: null,
              pinned: false,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        await bumpScheduleRevision(manager);
        const appliedState = fingerprint(target);
        await manager.update(ScheduleBuild, { id }, { status: 'applied', previous: now.map(stored), appliedState, appliedAt: at });
        await this.audit.record(
          actor,
          {
            action: 'schedule-build.apply',
            entity: 'schedule-build',
            entityId: id,
            after: { added: added.length, removed: removed.length },
          },
          manager,
        );
        const notices = await this.notices.owe(manager, settings, `build:${id}:apply`, removed, added);
        return { build: await this.find(manager, id), notices };
      });
      this.notices.send(notices);
      return this.view(build, true);
    } finally {
      await this.locks.release(BUILD_LOCK, lock.token);
    }
  }

  /** Puts back exactly the assignments the latest applied build replaced. */
  async undo(actor: AuthUser, id: number) {
    const lock = await this.locks.acquire(BUILD_LOCK, `undo by user ${actor.id}`, BUILD_LEASE_MS);
    if (!lock.acquired)
      throw AppException.conflict(BUILD_MESSAGES.running(lock.held.holder, lock.held.leaseUntil.toISOString()), ErrorCode.BuildRunning);
    try {
      const settings = await this.settings.get();
      const { build, notices } = await this.builds.manager.transaction(async (manager) => {
        const build = await this.find(manager, id);
        await this.settings.assertCurrent(build.editionId);
        const latest = await manager.findOne(ScheduleBuild, {
          where: { editionId: build.editionId, status: 'applied' },
          order: { appliedAt: 'DESC', id: 'DESC' },
        });
        if (build.status !== 'applied' || latest?.id !== id)
          throw AppException.conflict(BUILD_MESSAGES.notLatest, ErrorCode.NotLatestBuild);
        const preview = build.result!;
        const scope = new Set(preview.scopeShiftIds);
        const now = await this.inScope(manager, scope);
        if (fingerprint(now) !== build.appliedState)
          throw AppException.conflict(BUILD_MESSAGES.changedSinceApply, ErrorCode.ScheduleChanged);
        const previous = build.previous ?? [];
        if (now.length) await manager.delete(ShiftAssignment, { id: In(now.map((a) => a.id)) });
        if (previous.length) {
          await manager.insert(ShiftAssignment, previous.map(restored));
        }
        await bumpScheduleRevision(manager);
        const at = this.clock.now();
        await manager.update(ScheduleBuild, { id }, { status: 'undone', undoneAt: at });
        await this.audit.record(
          actor,
          {
            action: 'schedule-build.undo',
            entity: 'schedule-build',
            entityId: id,
            after: { restored: previous.length, removed: now.length },
          },
          manager,
        );
        const { removed, added } = scheduleDifference(now, previous);
        const notices = await this.notices.owe(manager, settings, `build:${id}:undo`, removed, added);
        return { build: await this.find(manager, id), notices };
      });
      this.notices.send(notices);
      return this.view(build, true);
    } finally {
      await this.locks.release(BUILD_LOCK, lock.token);
    }
  }

  async discard(actor: AuthUser, id: number) {
    await this.settings.assertCurrent((await this.find(this.builds.manager, id)).editionId);
    const result = await this.builds.update({ id, status: 'preview' }, { status: 'discarded' });
    if (!result.affected) {
      await this.find(this.builds.manager, id);
      throw AppException.conflict(BUILD_MESSAGES.notPreview, ErrorCode.BuildNotPreview);
    }
    await this.audit.record(actor, { action: 'schedule-build.discard', entity: 'schedule-build', entityId: id });
    return this.get(id);
  }

  private async inScope(manager: EntityManager, scope: Set<number>): Promise<ShiftAssignment[]> {
    if (!scope.size) return [];
    return manager.find(ShiftAssignment, { where: { shiftId: In([...scope]) }, order: { id: 'ASC' } });
  }

  /**
   * The rules once more at apply, against the schedule as it is now (domain applyBreaks, as the builder
   * itself judged its result): each assignment the build adds must fit everything its volunteer will
   * hold, and no shift in scope may pass its places.
   */
  private async assertValid(manager: EntityManager, settings: EditionSettings, scope: Set<number>, target: BuilderAssignment[]) {
    const world = await this.input.world(settings, manager);
    const confirmed = new Set(world.volunteers.map((v) => v.id));
    if (target.some((a) => !confirmed.has(a.volunteerId) || !world.rows.has(a.shiftId)))
      throw AppException.conflict(BUILD_MESSAGES.changed, ErrorCode.ScheduleChanged);
    const current = world.assignments.filter((a) => confirmed.has(a.volunteerId)).map(ruledAssignment);
    const breaks = applyBreaks(world.volunteers, world.shifts, current, target, scope);
    if (breaks.length) throw AppException.conflict(`${BUILD_MESSAGES.changed} (${breaks[0]!.message})`, ErrorCode.ScheduleChanged);
  }

  private async find(manager: EntityManager, id: number): Promise<ScheduleBuild> {
    const build = await manager.findOneBy(ScheduleBuild, { id });
    if (!build) throw AppException.notFound(BUILD_MESSAGES.notFound(id));
    return build;
  }

  private async view(build: ScheduleBuild, detail: true): Promise<ScheduleBuildView>;
  private async view(build: ScheduleBuild, detail: false): Promise<ScheduleBuildRow>;
  private async view(build: ScheduleBuild, detail: boolean): Promise<ScheduleBuildView | ScheduleBuildRow> {
    const creator = await this.builds.manager.findOne(User, {
      where: { id: build.createdBy },
      select: { id: true, firstName: true, lastName: true },
    });
    const preview = build.result;
    const row = {
      id: build.id,
      status: build.status,
      progress: build.progress,
      message: build.message,
      scope: build.scope,
      createdAt: build.createdAt.toISOString(),
      createdBy: { id: build.createdBy, name: creator ? `${creator.firstName} ${creator.lastName}`.trim() : `User ${build.createdBy}` },
      appliedAt: build.appliedAt?.toISOString() ?? null,
      undoneAt: build.undoneAt?.toISOString() ?? null,
    };
    if (!preview) return { ...row, preview: null };
    const figures = {
      figures: preview.output.figures,
      current: preview.output.current,
      bound: preview.output.bound,
      assignments: preview.pairs.length,
      currentAssignments: preview.currentAssignments,
    };
    if (!detail) return { ...row, preview: { ...figures, unfilled: preview.unfilled.length, changes: preview.changes.length } };
    // Which side the assignments in scope match now, by the fingerprints apply and undo compare.
    const now = fingerprint(await this.inScope(this.builds.manager, new Set(preview.scopeShiftIds)));
    const inPlace = scheduleInPlace(build, now);
    return {
      ...row,
      preview: {
        ...figures,
        inPlace,
        unfilled: preview.unfilled,
        exceptions: preview.exceptions ?? [],
        people: preview.people,
        changes: preview.changes,
      },
    };
  }
}
