import { useSyncExternalStore } from 'react';
import {
  CLOCK_DRIFT_LIMIT_MINUTES,
  ErrorCode,
  type PerformanceRecordAsStored,
  type RecordActionBody,
  type RecordActionResult,
  type SyncRecordActionsBody,
  type SyncedRecordActions,
} from '@svp/domain';
import { ApiError, api } from '../../api/client';

/**
 * A team leader's check-ins, check-outs, ratings and notes, kept on the phone (IndexedDB) until the
 * portal has them. Every tap is an action with a key of its own and the time of the tap (by the
 * phone's clock set to the portal's); the queue sends what is waiting at once, when the network comes
 * back, and every 20 seconds while something waits. The portal judges each key once, so sending the
 * same actions twice is harmless. What it answers stays with the action: sent, refused (why), or in
 * conflict with a record another team leader saved since (theirs is kept beside it until resolved).
 */
export type QueuedState = 'waiting' | 'sent' | 'refused' | 'conflict';

/** An action as the phone keeps it: what is sent (the contract's RecordActionBody) and the queue's own bookkeeping. */
export interface QueuedAction extends RecordActionBody {
  /** The team leader who tapped: a phone keeps one queue per person. */
  author: number;
  /** The order of the taps. */
  seq: number;
  /** The offset of the portal's clock the tap time was set with (ms). */
  offset: number;
  state: QueuedState;
  message?: string;
  /** The record as the portal answered it (after the action, or theirs in a conflict). */
  record?: PerformanceRecordAsStored | null;
  volunteerName?: string;
}

/** Where the queue lives: IndexedDB on a phone, a map in tests. */
export interface QueueStore {
  all(): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(key: string): Promise<void>;
}

const DB_NAME = 'svp-week';
const STORE = 'record-actions';

/** The IndexedDB store: one object store of actions by key. */
export function indexedDbStore(factory: IDBFactory = indexedDB): QueueStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }));
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await db()).transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    return new Promise<T>((resolve, reject) => {
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  };
  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<QueuedAction[]>),
    put: async (action) => void (await run('readwrite', (store) => store.put(action))),
    remove: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  };
}

export function memoryStore(): QueueStore {
  const actions = new Map<string, QueuedAction>();
  return {
    all: async () => [...actions.values()].map((a) => ({ ...a })),
    put: async (action) => void actions.set(action.key, { ...action }),
    remove: async (key) => void actions.delete(key),
  };
}

export type NewAction = Pick<QueuedAction, 'kind' | 'shift_id' | 'student_volunteer_id' | 'base_version'> &
  Partial<Pick<QueuedAction, 'rating' | 'notes' | 'code' | 'volunteerName'>>;

const SYNC_EVERY_MS = 20_000;
const SENT_KEPT = 200;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export class RecordQueue {
  private actions: QueuedAction[] = [];
  private loaded: Promise<void> | null = null;
  private sending: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private snapshot: QueuedAction[] = [];
  /** The last refusal of a whole sync (the phone's clock), shown until a sync goes through. */
  problem: string | null = null;

  constructor(
    private readonly store: QueueStore,
    /** The offset of the portal's clock from this phone's, as measured from the portal's answers (ms). */
    private offset: () => number,
    /** The signed-in team leader. */
    private author: () => number | null,
  ) {}

  /** The clock and the person the queue works for now (the screen that uses it knows them). */
  use(offset: () => number, author: () => number | null): this {
    this.offset = offset;
    this.author = author;
    this.changed();
    return this;
  }

  private load(): Promise<void> {
    return (this.loaded ??= this.store.all().then((all) => {
      this.actions = all.sort((a, b) => a.seq - b.seq);
      this.changed();
    }));
  }

  private changed(): void {
    const author = this.author();
    this.snapshot = this.actions.filter((a) => a.author === author);
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    void this.load();
    return () => this.listeners.delete(listener);
  };

  /** The signed-in team leader's actions, oldest tap first. */
  current = (): QueuedAction[] => this.snapshot;

  /** Keeps a tap on the phone, marked waiting, and sends it at once when the network allows. */
  async add(action: NewAction): Promise<QueuedAction> {
    await this.load();
    const author = this.author();
    if (author === null) throw new Error('Sign in to check volunteers in.');
    const offset = this.offset();
    const queued: QueuedAction = {
      ...action,
      key: newKey(),
      tapped_at: new Date(Date.now() + offset).toISOString(),
      author,
      seq: (this.actions.at(-1)?.seq ?? 0) + 1,
      offset,
      state: 'waiting',
    };
    await this.store.put(queued);
    this.actions.push(queued);
    this.changed();
    void this.send();
    return queued;
  }

  /** Sends what waits (one sending at a time); a phone without network keeps it waiting. */
  send(): Promise<void> {
    if (this.sending) return this.sending;
    this.sending = this.sendWaiting().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendWaiting(): Promise<void> {
    await this.load();
    const author = this.author();
    const waiting = this.actions.filter((a) => a.state === 'waiting' && a.author === author);
    if (!waiting.length) return;
    let answer: SyncedRecordActions;
    try {
      const body: SyncRecordActionsBody = {
        sent_at: new Date(Date.now() + this.offset()).toISOString(),
        actions: waiting.map((a) => ({
          key: a.key,
          kind: a.kind,
          shift_id: a.shift_id,
          student_volunteer_id: a.student_volunteer_id,
          tapped_at: a.tapped_at,
          base_version: a.base_version,
          ...(a.rating !== undefined ? { rating: a.rating } : {}),
          ...(a.notes !== undefined ? { notes: a.notes } : {}),
          ...(a.code ? { code: a.code } : {}),
        })),
      };
      answer = await api<SyncedRecordActions>('/schedule/pr/sync', { method: 'POST', body });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500) return; // still waiting
      if (error.code === ErrorCode.ClockDrift) {
        // The taps were timed with a clock too far off the portal's: they cannot be trusted, and are refused here.
        const portalNow = Date.parse(String(error.data.now ?? ''));
        const offsetNow = Number.isFinite(portalNow) ? portalNow - Date.now() : null;
        for (const action of waiting)
          if (offsetNow === null || Math.abs(action.offset - offsetNow) > CLOCK_DRIFT_LIMIT_MINUTES * 60_000)
            await this.settle(action, { state: 'refused', message: error.message });
        this.problem = error.message;
        this.changed();
        return;
      }
      // The whole sync was refused (not the caller's shifts, last year's): every action with the reason.
      for (const action of waiting) await this.settle(action, { state: 'refused', message: error.message });
      this.changed();
      return;
    }
    this.problem = null;
    const byKey = new Map(answer.results.map((r) => [r.key, r]));
    for (const action of waiting) {
      const result = byKey.get(action.key);
      if (result) await this.settle(action, fromResult(result));
    }
    await this.trim();
    this.changed();
  }

  private async settle(action: QueuedAction, change: Partial<QueuedAction>): Promise<void> {
    Object.assign(action, change);
    await this.store.put(action);
  }

  /** Forgets the oldest sent actions beyond SENT_KEPT (nothing else is ever dropped without the team leader). */
  private async trim(): Promise<void> {
    const sent = this.actions.filter((a) => a.state === 'sent');
    for (const old of sent.slice(0, Math.max(0, sent.length - SENT_KEPT))) {
      await this.store.remove(old.key);
      this.actions = this.actions.filter((a) => a !== old);
    }
  }

  /** A conflict resolved by keeping the team leader's change: sent again, based on the record as the portal has it now. */
  async keepMine(key: string): Promise<void> {
    const action = this.actions.find((a) => a.key === key);
    if (!action || action.state !== 'conflict') return;
    await this.settle(action, { state: 'refused', message: 'Sent again over the record as stored.' });
    await this.store.remove(action.key);
    this.actions = this.actions.filter((a) => a !== action);
    const { kind, shift_id, student_volunteer_id, rating, notes, volunteerName } = action;
    const again: QueuedAction = {
      ...action,
      key: newKey(),
      kind,
      shift_id,
      student_volunteer_id,
      rating,
      notes,
      volunteerName,
      base_version: action.record?.version ?? action.base_version,
      seq: (this.actions.at(-1)?.seq ?? 0) + 1,
      state: 'waiting',
      message: undefined,
      record: undefined,
    };
    await this.store.put(again);
    this.actions.push(again);
    this.changed();
    void this.send();
  }

  /** A conflict or refusal put aside: the portal's record stands. */
  async dismiss(key: string): Promise<void> {
    await this.store.remove(key);
    this.actions = this.actions.filter((a) => a.key !== key);
    this.changed();
  }

  /** Sends when the network comes back, and every SYNC_EVERY_MS while something waits. */
  start(): () => void {
    const online = () => void this.send();
    window.addEventListener('online', online);
    this.timer ??= setInterval(() => {
      if (this.snapshot.some((a) => a.state === 'waiting')) void this.send();
    }, SYNC_EVERY_MS);
    void this.load().then(() => this.send());
    return () => {
      window.removeEventListener('online', online);
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }
}

function fromResult(result: RecordActionResult): Partial<QueuedAction> {
  const state: QueuedState = result.outcome === 'applied' ? 'sent' : result.outcome;
  return { state, message: result.message, record: result.record };
}

let shared: RecordQueue | null = null;

/** The phone's queue, for the signed-in team leader. */
export function recordQueue(offset: () => number, author: () => number | null): RecordQueue {
  shared ??= new RecordQueue(typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(), offset, author);
  return shared.use(offset, author);
}

export function useQueuedActions(queue: RecordQueue): QueuedAction[] {
  return useSyncExternalStore(queue.subscribe, queue.current, queue.current);
}
