import { Injectable } from '@nestjs/common';
import { currentShifts, nextShifts, type ShiftInterval } from '@svp/domain';

/** A JSON answer in pieces, to be sent one after the other (a team leader's is ~50 KB: not copied together per call). */
export type JsonParts = readonly Buffer[];

interface SnapshotShift extends ShiftInterval {
  id: number;
}

/**
 * A schedule's shifts as JSON text, earliest first, built once per schedule revision. The answer of
 * a schedule call is then put together from these pieces, so a page load costs neither the queries
 * nor the serialisation of shifts that did not change (a team leader's schedule is ~50 KB).
 */
export class ScheduleSnapshot {
  private readonly jsonById: Map<number, string>;
  private readonly shiftsJson: string;
  /** Which shifts were next and current when `rest` was written, and the answer after `now`. */
  private moment: string | null = null;
  private rest: Buffer | null = null;

  private readonly own: { shifts: readonly SnapshotShift[]; jsonById: Map<number, string> } | null;

  constructor(
    readonly revision: number,
    private readonly shifts: readonly SnapshotShift[],
    views: readonly object[],
    /** Parts of the answer that only change with the revision, already as JSON. */
    readonly extras: Readonly<Record<string, string>> = {},
    /** A team leader's own shifts (`my_shifts` is among the extras): the answer also names the next of them. */
    own?: { shifts: readonly SnapshotShift[]; views: readonly object[] },
  ) {
    const texts = views.map((view) => JSON.stringify(view));
    this.jsonById = new Map(shifts.map((shift, i) => [shift.id, texts[i]!]));
    this.shiftsJson = `[${texts.join(',')}]`;
    const ownJson = own && new Map(own.shifts.map((shift, i) => [shift.id, JSON.stringify(own.views[i])]));
    this.own = own && ownJson ? { shifts: own.shifts, jsonById: ownJson } : null;
  }

  /**
   * The whole answer at `now`: the shifts, the next and the current ones, and the extras. All but `now`
   * only change when a shift starts or ends, so that part is kept as bytes until then.
   */
  answer(now: Date): JsonParts {
    const next = nextShifts(this.shifts, now);
    const current = currentShifts(this.shifts, now);
    const ownNext = this.own ? nextShifts(this.own.shifts, now) : [];
    const ids = (list: readonly SnapshotShift[]) => list.map((s) => s.id).join(',');
    const moment = `${ids(next)}|${ids(current)}|${ids(ownNext)}`;
    if (moment !== this.moment) {
      const pick = (list: readonly SnapshotShift[], json = this.jsonById) => `[${list.map((shift) => json.get(shift.id)).join(',')}]`;
      const extras = Object.entries(this.extras).map(([key, json]) => `,${JSON.stringify(key)}:${json}`);
      const own = this.own ? `,"my_next_shifts":${pick(ownNext, this.own.jsonById)}` : '';
      this.rest = Buffer.from(
        `,"shifts":${this.shiftsJson},"next_shifts":${pick(next)},"current_shifts":${pick(current)}${own}${extras.join('')}}}`,
      );
      this.moment = moment;
    }
    return [Buffer.from(`{"success":true,"data":{"now":${JSON.stringify(now.toISOString())}`), this.rest!];
  }
}

/** The schedules this process has built, by caller, at most MAX_SNAPSHOTS (the least recently used go first). */
@Injectable()
export class ScheduleSnapshots {
  static readonly MAX_SNAPSHOTS = 5_000;
  private readonly snapshots = new Map<string, ScheduleSnapshot>();

  /** The snapshot of `key` at `revision`, built by `build` when there is none or it is of another revision. */
  async get(key: string, revision: number, build: () => Promise<ScheduleSnapshot>): Promise<ScheduleSnapshot> {
    const held = this.snapshots.get(key);
    if (held?.revision === revision) {
      // Re-inserted, so the map's order is least recently used first.
      this.snapshots.delete(key);
      this.snapshots.set(key, held);
      return held;
    }
    const built = await build();
    this.snapshots.delete(key);
    if (this.snapshots.size >= ScheduleSnapshots.MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(key, built);
    return built;
  }
}
