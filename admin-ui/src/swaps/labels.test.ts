import { describe, expect, it } from 'vitest';
import {
  SWAP_STATUS_CHOICES,
  counterpartLabel,
  returnShiftLabel,
  swapKindLabel,
  swapPersonLabel,
  swapShiftLabel,
  swapStatusLabel,
  swapStatusOf,
} from './labels';
import { person, shiftView, swapRow } from './swapFixtures';

describe('the shift swap labels', () => {
  it('reads the status from status and closed_reason, as the filter names them', () => {
    expect(SWAP_STATUS_CHOICES.map((c) => c.id)).toEqual(['open', 'accepted', 'declined', 'deleted', 'cancelled', 'superseded']);
    expect(swapStatusOf(swapRow())).toBe('open');
    expect(swapStatusOf(swapRow({ status: true, accepted: true, closed_reason: 'accepted' }))).toBe('accepted');
    for (const reason of ['declined', 'deleted', 'cancelled', 'superseded'] as const)
      expect(swapStatusOf(swapRow({ status: false, closed_reason: reason }))).toBe(reason);
    expect(swapStatusOf(swapRow({ status: false, closed_reason: null }))).toBe('declined');
    expect(swapStatusLabel(swapRow({ status: false, closed_reason: 'cancelled' }))).toBe('Cancelled by an administrator');
  });

  it('names the volunteers and shifts on both sides', () => {
    expect(swapPersonLabel(person(7, 'Ana', 'Lopez'))).toBe('Ana Lopez (SV ID SV7)');
    expect(swapShiftLabel(shiftView(14, '2025-08-09 09:00', '2025-08-09 13:00', 'Door Monitor'))).toBe(
      'Sat Aug 9th 09:00–13:00 · Door Monitor at Registration',
    );
    expect(swapKindLabel(swapRow())).toBe('Offered to anyone');
    expect(swapKindLabel(swapRow({ kind: 'directed' }))).toBe('Asked of one volunteer');
  });

  it('says when an open offer has no other side yet', () => {
    const open = swapRow();
    expect(counterpartLabel(open)).toBe('Anyone (not taken yet)');
    expect(returnShiftLabel(open)).toBe('Chosen by whoever accepts');
    const taken = swapRow({
      status: true,
      accepted: true,
      closed_reason: 'accepted',
      swapped_sv: person(8, 'Ben', 'Okafor'),
      swapped_shift: shiftView(31, '2025-08-11 08:00', '2025-08-11 12:00', 'Greeter'),
    });
    expect(counterpartLabel(taken)).toBe('Ben Okafor (SV ID SV8)');
    expect(returnShiftLabel(taken)).toBe('Mon Aug 11th 08:00–12:00 · Greeter at Registration');
  });
});
