import { describe, expect, it } from '@jest/globals';
import {
  exchangeOptions,
  exchangeRefusal,
  exchangeRefusalMessage,
  isSwappableShift,
  offerRefusal,
  swapCandidateRefusal,
  swapCandidates,
  type SwapShift,
} from './swaps.js';
import { parsePacific } from './time.js';

let nextId = 1;
const shift = (start: string, end: string, swappable = true): SwapShift => ({
  id: nextId++,
  startsAt: parsePacific(start)!,
  endsAt: parsePacific(end)!,
  swappable,
});
const now = parsePacific('2025-08-09 07:00')!;

describe('swap candidates', () => {
  const mine = shift('2025-08-10 08:00', '2025-08-10 12:00');
  const other = shift('2025-08-11 13:00', '2025-08-11 17:00');
  const context = { ownShifts: [mine, other], now, givingUp: mine.id };

  it('accepts a later, swappable shift of someone else that fits', () => {
    expect(swapCandidateRefusal(shift('2025-08-12 08:00', '2025-08-12 12:00'), context)).toBeNull();
  });

  it('refuses a shift that is not swappable', () => {
    expect(swapCandidateRefusal(shift('2025-08-12 08:00', '2025-08-12 12:00', false), context)).toBe('notSwappable');
  });

  it('refuses a shift that has started, and one starting exactly now', () => {
    expect(swapCandidateRefusal(shift('2025-08-09 06:00', '2025-08-09 10:00'), context)).toBe('started');
    expect(swapCandidateRefusal(shift('2025-08-09 07:00', '2025-08-09 10:00'), context)).toBe('started');
    expect(swapCandidateRefusal(shift('2025-08-09 07:15', '2025-08-09 10:00'), context)).toBeNull();
  });

  it('refuses the user’s own shift', () => {
    expect(swapCandidateRefusal(other, context)).toBe('ownShift');
  });

  it('refuses a shift overlapping another of the user’s shifts, but not the one given up', () => {
    expect(swapCandidateRefusal(shift('2025-08-11 16:00', '2025-08-11 20:00'), context)).toBe('overlap');
    expect(swapCandidateRefusal(shift('2025-08-10 09:00', '2025-08-10 13:00'), context)).toBeNull();
    expect(swapCandidateRefusal(shift('2025-08-10 09:00', '2025-08-10 13:00'), { ...context, givingUp: undefined })).toBe('overlap');
  });

  it('lets back-to-back shifts through', () => {
    expect(swapCandidateRefusal(shift('2025-08-11 17:00', '2025-08-11 20:00'), context)).toBeNull();
  });

  it('refuses the shifts of the user’s own open requests', () => {
    const offered = shift('2025-08-13 08:00', '2025-08-13 12:00');
    expect(swapCandidateRefusal(offered, { ...context, ownOpenRequestShiftIds: [offered.id] })).toBe('ownOpenRequest');
  });

  it('sees an overlap that exists only in Los Angeles time across the fall-back change', () => {
    // 2026-11-01: 01:00–02:00 happens twice in Los Angeles. A shift 01:30 PDT → 01:30 PST lasts an hour.
    const late: SwapShift = {
      id: nextId++,
      startsAt: new Date('2026-11-01T08:30:00Z'),
      endsAt: new Date('2026-11-01T09:30:00Z'),
      swappable: true,
    };
    const early = shift('2026-11-01 00:00', '2026-11-01 01:00');
    const autumn = { ownShifts: [late], now: parsePacific('2026-10-30 12:00')! };
    // On a wall clock the held shift runs 01:30 → 01:30 (nothing); in instants it is an hour. 01:45 PST starts after it ended.
    const afterInInstants: SwapShift = {
      id: nextId++,
      startsAt: new Date('2026-11-01T09:45:00Z'),
      endsAt: new Date('2026-11-01T11:00:00Z'),
      swappable: true,
    };
    expect(swapCandidateRefusal(afterInInstants, autumn)).toBeNull();
    // 01:15 PST reads as before the held 01:30 start on a wall clock, yet falls inside the hour really worked.
    const insideInInstants: SwapShift = {
      id: nextId++,
      startsAt: new Date('2026-11-01T09:15:00Z'),
      endsAt: new Date('2026-11-01T10:00:00Z'),
      swappable: true,
    };
    expect(swapCandidateRefusal(insideInInstants, autumn)).toBe('overlap');
    expect(swapCandidateRefusal(early, autumn)).toBeNull();
  });

  it('sees a night shift across the spring-forward change as the hours really worked', () => {
    // 2026-03-08 02:00 does not exist in Los Angeles: 00:00–04:00 lasts three hours.
    const night = shift('2026-03-08 00:00', '2026-03-08 04:00');
    const context2 = { ownShifts: [night], now: parsePacific('2026-03-01 12:00')! };
    expect(swapCandidateRefusal(shift('2026-03-08 03:30', '2026-03-08 06:00'), context2)).toBe('overlap');
    expect(swapCandidateRefusal(shift('2026-03-08 04:00', '2026-03-08 06:00'), context2)).toBeNull();
  });

  it('filters a list, keeping its order', () => {
    const a = shift('2025-08-12 08:00', '2025-08-12 12:00');
    const b = shift('2025-08-12 09:00', '2025-08-12 10:00', false);
    const c = shift('2025-08-13 08:00', '2025-08-13 12:00');
    expect(swapCandidates([c, b, a], context).map((s) => s.id)).toEqual([c.id, a.id]);
  });
});

describe('offering a shift', () => {
  const mine = shift('2025-08-10 08:00', '2025-08-10 12:00');
  it('refuses a shift the user does not hold, one not swappable, and one started', () => {
    const locked = shift('2025-08-10 14:00', '2025-08-10 16:00', false);
    const gone = shift('2025-08-08 14:00', '2025-08-08 16:00');
    const ownShifts = [mine, locked, gone];
    expect(offerRefusal(mine, { ownShifts, now })).toBeNull();
    expect(offerRefusal(shift('2025-08-10 14:00', '2025-08-10 16:00'), { ownShifts, now })).toBe('notOwn');
    expect(offerRefusal(locked, { ownShifts, now })).toBe('notSwappable');
    expect(offerRefusal(gone, { ownShifts, now })).toBe('started');
  });
});

describe('an exchange of two shifts', () => {
  const mine = shift('2025-08-10 08:00', '2025-08-10 12:00');
  const myOther = shift('2025-08-11 13:00', '2025-08-11 17:00');
  const theirs = shift('2025-08-12 08:00', '2025-08-12 12:00');
  const theirOther = shift('2025-08-10 13:00', '2025-08-10 17:00');
  const me = { ownShifts: [mine, myOther] };
  const partner = { ownShifts: [theirs, theirOther] };

  it('passes when both sides keep to every rule', () => {
    expect(exchangeRefusal(mine, theirs, me, partner, now)).toBeNull();
  });

  it('names my side first: a shift I do not hold, then one I cannot give', () => {
    const stranger = shift('2025-08-13 08:00', '2025-08-13 12:00');
    expect(exchangeRefusal(stranger, theirs, me, partner, now)).toEqual({ party: 'me', half: 'give', refusal: 'notOwn' });
    const locked = shift('2025-08-13 08:00', '2025-08-13 12:00', false);
    expect(exchangeRefusal(locked, theirs, { ownShifts: [locked] }, partner, now)).toEqual({
      party: 'me',
      half: 'give',
      refusal: 'notSwappable',
    });
  });

  it('refuses a partner shift they no longer hold, or that has started', () => {
    expect(exchangeRefusal(mine, theirs, me, { ownShifts: [theirOther] }, now)).toEqual({
      party: 'partner',
      half: 'give',
      refusal: 'notOwn',
    });
    const started = shift('2025-08-09 06:00', '2025-08-09 08:00');
    expect(exchangeRefusal(mine, started, me, { ownShifts: [started] }, now)).toEqual({
      party: 'partner',
      half: 'give',
      refusal: 'started',
    });
  });

  it('refuses a shift that overlaps one I keep, but not the one I give up', () => {
    const clash = shift('2025-08-11 16:00', '2025-08-11 18:00');
    expect(exchangeRefusal(mine, clash, me, { ownShifts: [clash] }, now)).toEqual({ party: 'me', half: 'take', refusal: 'overlap' });
    const sameTime = shift('2025-08-10 09:00', '2025-08-10 11:00');
    expect(exchangeRefusal(mine, sameTime, me, { ownShifts: [sameTime] }, now)).toBeNull();
  });

  it('refuses when my shift would overlap one my partner keeps, or they already work it', () => {
    // Partner keeps 13:00–17:00 on the 10th; my 12:00–14:00 shift would clash with it.
    const lunch = shift('2025-08-10 12:00', '2025-08-10 14:00');
    expect(exchangeRefusal(lunch, theirs, { ownShifts: [lunch] }, partner, now)).toEqual({
      party: 'partner',
      half: 'take',
      refusal: 'overlap',
    });
    expect(exchangeRefusal(mine, theirs, me, { ownShifts: [theirs, mine] }, now)).toEqual({
      party: 'partner',
      half: 'take',
      refusal: 'ownShift',
    });
  });

  it('lists the shifts I could give, keeping my order', () => {
    const early = shift('2025-08-12 09:00', '2025-08-12 10:00'); // overlaps theirs: only giving it up lets theirs in
    const clashing = shift('2025-08-10 14:00', '2025-08-10 15:00'); // would land on the partner's afternoon
    const locked = shift('2025-08-13 08:00', '2025-08-13 12:00', false);
    expect(exchangeOptions(theirs, { ownShifts: [mine, early, clashing, locked] }, partner, now).map((s) => s.id)).toEqual([early.id]);
    expect(exchangeOptions(theirs, { ownShifts: [mine, clashing, locked] }, partner, now).map((s) => s.id)).toEqual([mine.id]);
    expect(exchangeOptions(theirs, { ownShifts: [clashing, locked] }, partner, now)).toEqual([]);
  });

  it('words each refusal for the caller, naming the partner', () => {
    const message = (party: 'me' | 'partner', half: 'give' | 'take', refusal: Parameters<typeof exchangeRefusalMessage>[0]['refusal']) =>
      exchangeRefusalMessage({ party, half, refusal }, 'Walt Worker');
    expect(message('me', 'give', 'notOwn')).toBe('You can only give one of your own shifts.');
    expect(message('me', 'give', 'notSwappable')).toBe('Your shift cannot be swapped.');
    expect(message('me', 'give', 'started')).toBe('Your shift has already started.');
    expect(message('me', 'take', 'overlap')).toBe('This shift overlaps another of your shifts.');
    expect(message('me', 'take', 'ownShift')).toBe('This is already one of your shifts.');
    expect(message('partner', 'give', 'notOwn')).toBe('Walt Worker no longer holds this shift.');
    expect(message('partner', 'give', 'started')).toBe('This shift has already started.');
    expect(message('partner', 'take', 'overlap')).toBe("Your shift overlaps another of Walt Worker's shifts.");
    expect(message('partner', 'take', 'ownShift')).toBe('Walt Worker already works your shift.');
    expect(message('partner', 'take', 'ownOpenRequest')).toBe('Walt Worker has already offered your shift in an open request.');
  });
});

describe('which shifts take part in swaps', () => {
  const venue = { name: 'Exhibit Hall', location: 'East Hall A' };
  it('takes a swappable shift of real work', () => {
    expect(isSwappableShift({ swappable: true, role: 'Greeter', venue })).toBe(true);
    expect(isSwappableShift({ swappable: false, role: 'Greeter', venue })).toBe(false);
  });
  it('leaves out Placeholder entries, the Job Fair and the Chapters Lunch, whatever their flag', () => {
    expect(isSwappableShift({ swappable: true, role: 'Greeter', venue: { name: ' placeholder ', location: '' } })).toBe(false);
    expect(isSwappableShift({ swappable: true, role: 'Job Fair', venue: { name: 'Career Center', location: 'Job Fair, Hall B' } })).toBe(
      false,
    );
    expect(isSwappableShift({ swappable: true, role: 'Chapters Lunch', venue })).toBe(false);
  });
});
