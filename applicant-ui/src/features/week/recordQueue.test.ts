import { IDBFactory } from 'fake-indexeddb';
import type { PerformanceRecordAsStored, RecordActionResult } from '@svp/domain';
import { jsonResponse } from '@svp/ui-test-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type QueueStore, RecordQueue, indexedDbStore } from './recordQueue';

// The team leader's offline queue against a stubbed portal: kept in IndexedDB (fake-indexeddb, the
// same API as a phone's), sent once per key, with the tap's time, whatever the network does.

const TARA = 7;
const OFFSET = 90_000; // the portal's clock runs 90 s ahead of this phone's

interface SentAction {
  key: string;
  kind: string;
  tapped_at: string;
  base_version: number;
  rating?: number;
}

const record = (version: number, extra: Partial<PerformanceRecordAsStored> = {}): PerformanceRecordAsStored =>
  ({
    shift_id: 1,
    student_volunteer_id: 2,
    check_in: true,
    check_out: false,
    check_in_at: '2026-08-10T16:00:00.000Z',
    check_out_at: null,
    rating: 0,
    notes: '',
    version,
    ...extra,
  }) as PerformanceRecordAsStored;

/** The portal: judges each key once (a key sent again gets its first answer), or fails as told. */
function portal() {
  const judged = new Map<string, RecordActionResult>();
  const syncs: { sent_at: string; actions: SentAction[] }[] = [];
  let down = false;
  let answerWith: ((action: SentAction) => Partial<RecordActionResult>) | null = null;
  let refuseWhole: { status: number; err: string; message: string; now?: string } | null = null;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (down) throw new TypeError('Failed to fetch');
    expect(String(input)).toBe('/api/schedule/pr/sync');
    const body = JSON.parse(String(init!.body)) as { sent_at: string; actions: SentAction[] };
    syncs.push(body);
    if (refuseWhole) {
      const { status, ...data } = refuseWhole;
      return jsonResponse(status, { success: false, data });
    }
    const results = body.actions.map((action) => {
      const first = judged.get(action.key);
      if (first) return { ...first, repeated: true };
      const result = {
        key: action.key,
        outcome: 'applied',
        repeated: false,
        code: null,
        message: 'Saved.',
        errors: {},
        shift_id: 1,
        student_volunteer_id: 2,
        tapped_at: action.tapped_at,
        record: record(action.base_version + 1, action.rating !== undefined ? { rating: action.rating } : {}),
        ...answerWith?.(action),
      } as RecordActionResult;
      judged.set(action.key, result);
      return result;
    });
    return jsonResponse(200, { success: true, data: { now: new Date().toISOString(), applied: 0, refused: 0, conflicts: 0, results } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    syncs,
    judged,
    setDown: (value: boolean) => void (down = value),
    answer: (fn: typeof answerWith) => void (answerWith = fn),
    refuse: (value: typeof refuseWhole) => void (refuseWhole = value),
  };
}

let factory: IDBFactory;
let store: QueueStore;
const queueFor = (author: number | null = TARA, s: QueueStore = store) =>
  new RecordQueue(
    s,
    () => OFFSET,
    () => author,
  );
const tap = { kind: 'check-in' as const, shift_id: 1, student_volunteer_id: 2, base_version: 1 };

beforeEach(() => {
  factory = new IDBFactory();
  store = indexedDbStore(factory);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the offline record queue', () => {
  it('keeps a tap made offline in IndexedDB, waiting, with the tap time on the portal’s clock; it survives a reload', async () => {
    const server = portal();
    server.setDown(true);
    const tappedAt = Date.now();
    const queue = queueFor();
    const kept = await queue.add(tap);
    await queue.send();
    expect(kept.state).toBe('waiting');
    expect(Math.abs(Date.parse(kept.tapped_at) - (tappedAt + OFFSET))).toBeLessThan(1000);
    expect(kept.key).toMatch(/^[0-9a-f-]{36}$/);

    // The page is closed and opened again: a new queue on the same IndexedDB database finds it.
    const reopened = queueFor(TARA, indexedDbStore(factory));
    const unsubscribe = reopened.subscribe(() => undefined);
    await vi.waitFor(() => expect(reopened.current()).toHaveLength(1));
    expect(reopened.current()[0]).toMatchObject({ key: kept.key, state: 'waiting', tapped_at: kept.tapped_at });
    unsubscribe();
  });

  it('sends what waits once the network is back, each action under its own key once, and nothing again afterwards', async () => {
    const server = portal();
    server.setDown(true);
    const queue = queueFor();
    const first = await queue.add(tap);
    const second = await queue.add({ ...tap, kind: 'rating', rating: 4, base_version: 1 });
    await queue.send();
    expect(server.syncs).toHaveLength(0);

    server.setDown(false);
    // Two sends at once (the 'online' event and the timer): one request.
    await Promise.all([queue.send(), queue.send()]);
    expect(server.syncs).toHaveLength(1);
    expect(server.syncs[0]!.actions.map((a) => a.key)).toEqual([first.key, second.key]);
    expect(server.syncs[0]!.actions[0]!.tapped_at).toBe(first.tapped_at);
    expect(Math.abs(Date.parse(server.syncs[0]!.sent_at) - (Date.now() + OFFSET))).toBeLessThan(1000);
    expect(queue.current().map((a) => a.state)).toEqual(['sent', 'sent']);
    expect(queue.current()[1]!.record).toMatchObject({ rating: 4 });

    await queue.send();
    expect(server.syncs).toHaveLength(1);
    // What IndexedDB holds says the same.
    expect((await indexedDbStore(factory).all()).map((a) => a.state)).toEqual(['sent', 'sent']);
  });

  it('sends the same keys again when an answer was lost, and the portal judges them once', async () => {
    const server = portal();
    const queue = queueFor();
    // The request reaches the portal, the answer is lost on the way back.
    server.fetchMock.mockImplementationOnce(async (input, init) => {
      await server.fetchMock.getMockImplementation()!(input, init);
      throw new TypeError('Failed to fetch');
    });
    const kept = await queue.add(tap);
    await queue.send();
    expect(queue.current()[0]!.state).toBe('waiting');
    await queue.send();
    expect(server.syncs.map((s) => s.actions.map((a) => a.key))).toEqual([[kept.key], [kept.key]]);
    expect(server.judged.size).toBe(1);
    expect(queue.current()[0]!.state).toBe('sent');
  });

  it('keeps the actions waiting when the portal fails (5xx), and sends them later', async () => {
    const server = portal();
    server.refuse({ status: 503, err: 'UNAVAILABLE', message: 'Busy.' });
    const queue = queueFor();
    await queue.add(tap);
    await queue.send();
    expect(queue.current()[0]!.state).toBe('waiting');
    server.refuse(null);
    await queue.send();
    expect(queue.current()[0]!.state).toBe('sent');
  });

  it('shows a conflict with the record as the portal holds it, and keeps mine on request over its current version', async () => {
    const server = portal();
    const theirs = record(3, { rating: 2, notes: 'Left early' });
    server.answer((action) =>
      action.base_version === 1 ? { outcome: 'conflict', code: 'STALE', message: 'Another team leader saved it.', record: theirs } : {},
    );
    const queue = queueFor();
    const mine = await queue.add({ ...tap, kind: 'rating', rating: 5 });
    await queue.send();
    expect(queue.current()[0]).toMatchObject({ key: mine.key, state: 'conflict', record: { version: 3, rating: 2 } });

    await queue.keepMine(mine.key);
    await queue.send();
    const [again] = queue.current();
    expect(again).toMatchObject({ state: 'sent', kind: 'rating', rating: 5, tapped_at: mine.tapped_at });
    expect(again!.key).not.toBe(mine.key);
    expect(server.syncs.at(-1)!.actions).toEqual([expect.objectContaining({ key: again!.key, base_version: 3, rating: 5 })]);
  });

  it("takes the other team leader's record when asked: the conflict is dropped, nothing is sent", async () => {
    const server = portal();
    server.answer(() => ({ outcome: 'conflict', code: 'STALE', message: 'Another team leader saved it.', record: record(3) }));
    const queue = queueFor();
    const mine = await queue.add(tap);
    await queue.send();
    await queue.dismiss(mine.key);
    expect(queue.current()).toEqual([]);
    expect(await indexedDbStore(factory).all()).toEqual([]);
    expect(server.syncs).toHaveLength(1);
  });

  it('refuses taps timed by a clock too far off the portal’s (409 CLOCK_DRIFT), saying why', async () => {
    const server = portal();
    const message = "This phone's clock is 12 minutes behind the portal's (5 at most): the times of its check-ins cannot be trusted.";
    // The portal's clock is 12 minutes from what the phone measured when it tapped.
    server.refuse({ status: 409, err: 'CLOCK_DRIFT', message, now: new Date(Date.now() + OFFSET + 12 * 60_000).toISOString() });
    const queue = queueFor();
    await queue.add(tap);
    await queue.send();
    expect(queue.current()[0]).toMatchObject({ state: 'refused', message });
    expect(queue.problem).toBe(message);
  });

  it('keeps one queue per team leader on a shared phone: each sends and sees only their own taps', async () => {
    const server = portal();
    server.setDown(true);
    await queueFor(TARA).add(tap);
    const tess = queueFor(8, indexedDbStore(factory));
    const unsubscribe = tess.subscribe(() => undefined);
    server.setDown(false);
    await tess.send();
    expect(tess.current()).toEqual([]);
    expect(server.syncs).toHaveLength(0);
    const tara = queueFor(TARA, indexedDbStore(factory));
    await tara.send();
    expect(server.syncs).toHaveLength(1);
    unsubscribe();
  });

  it('refuses a tap when nobody is signed in', async () => {
    portal();
    await expect(queueFor(null).add(tap)).rejects.toThrow('Sign in');
  });
});
