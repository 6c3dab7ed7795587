import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { afterCommit } from '../database/after-commit.js';

/**
 * How long a process reuses the schedule revision and a caller's application status before reading
 * them again. A change written through this process is forgotten the moment it commits; one written
 * by another server of the deployment shows within this time (as for CALLER_TTL_MS).
 */
export const SCHEDULE_ACCESS_TTL_MS = 1_000;
const MAX_STATUSES = 10_000;

export interface ScheduleAccess {
  revision: number;
  /** The caller's application status (only 'confirmed' volunteers see schedules), null without one. */
  status: string | null;
}

type Change = { revision: true } | { statusOf: number };
const listeners = new Set<(change: Change) => void>();
const announce = (change: Change) => listeners.forEach((listener) => listener(change));

/** Call in the transaction of every write that raises the schedule revision (bumpScheduleRevision does). */
export function scheduleRevisionRaised(manager: EntityManager): void {
  afterCommit(manager, () => announce({ revision: true }));
}

/** Call in the transaction of every change of an application's status (ApplicationStatusService does). */
export function applicationStatusChanged(manager: EntityManager, userId: number): void {
  afterCommit(manager, () => announce({ statusOf: userId }));
}

/** How a ScheduleAccessCache reads what it keeps. */
export interface ScheduleAccessLoaders {
  revision(): Promise<number>;
  status(userId: number): Promise<string | null>;
}

/**
 * The two facts every schedule read checks besides the settings, kept for SCHEDULE_ACCESS_TTL_MS:
 * at 50 clients the one query that read them on each call was a fifth of a read's cost on MariaDB.
 * When one runs out, the calls that need it meanwhile wait for a single reading instead of each
 * sending the same query at the same moment.
 */
@Injectable()
export class ScheduleAccessCache implements OnModuleDestroy {
  /** Raised by every change: a read that began before one does not keep what it read. */
  private epoch = 0;
  private revision: { value: number; readAt: number } | null = null;
  private revisionLoad: Promise<number> | null = null;
  private readonly statuses = new Map<number, { status: string | null; readAt: number }>();
  private readonly statusLoads = new Map<number, Promise<string | null>>();
  private readonly listener = (change: Change) => {
    this.epoch += 1;
    if ('revision' in change) {
      this.revision = null;
      this.revisionLoad = null;
    } else {
      this.statuses.delete(change.statusOf);
      this.statusLoads.delete(change.statusOf);
    }
  };

  constructor() {
    listeners.add(this.listener);
  }

  onModuleDestroy(): void {
    listeners.delete(this.listener);
  }

  async read(userId: number, load: ScheduleAccessLoaders): Promise<ScheduleAccess> {
    const [revision, status] = await Promise.all([this.revisionNow(load), this.statusNow(userId, load)]);
    return { revision, status };
  }

  private revisionNow(load: ScheduleAccessLoaders): Promise<number> {
    // Real elapsed time, not the injected clock: tests move that clock by months.
    const startedAt = performance.now();
    if (this.revision && startedAt - this.revision.readAt < SCHEDULE_ACCESS_TTL_MS) return Promise.resolve(this.revision.value);
    if (this.revisionLoad) return this.revisionLoad;
    const epoch = this.epoch;
    const reading = load.revision().then(
      (value) => {
        if (this.revisionLoad === reading) this.revisionLoad = null;
        if (epoch === this.epoch) this.revision = { value, readAt: startedAt };
        return value;
      },
      (error: unknown) => {
        if (this.revisionLoad === reading) this.revisionLoad = null;
        throw error;
      },
    );
    this.revisionLoad = reading;
    return reading;
  }

  private statusNow(userId: number, load: ScheduleAccessLoaders): Promise<string | null> {
    const startedAt = performance.now();
    const held = this.statuses.get(userId);
    if (held && startedAt - held.readAt < SCHEDULE_ACCESS_TTL_MS) return Promise.resolve(held.status);
    const pending = this.statusLoads.get(userId);
    if (pending) return pending;
    const epoch = this.epoch;
    const reading = load.status(userId).then(
      (status) => {
        if (this.statusLoads.get(userId) === reading) this.statusLoads.delete(userId);
        if (epoch === this.epoch) {
          if (this.statuses.size >= MAX_STATUSES) this.statuses.clear();
          this.statuses.set(userId, { status, readAt: startedAt });
        }
        return status;
      },
      (error: unknown) => {
        if (this.statusLoads.get(userId) === reading) this.statusLoads.delete(userId);
        throw error;
      },
    );
    this.statusLoads.set(userId, reading);
    return reading;
  }
}
