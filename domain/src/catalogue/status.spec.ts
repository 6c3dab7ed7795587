import { describe, expect, it } from '@jest/globals';
import {
  STATUS_STATES,
  TRANSITIONS,
  allowedTargets,
  canTransition,
  confirmationTag,
  entryForWireId,
  statusLabel,
  wireStatusId,
} from './status.js';

describe('lifecycle', () => {
  it('allows exactly the transitions in docs/decisions.md', () => {
    const allowed = STATUS_STATES.flatMap((from) => STATUS_STATES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending->offered',
        'pending->waitlisted',
        'pending->rejected',
        'waitlisted->offered',
        'waitlisted->rejected',
        'offered->confirmed',
        'offered->declined',
        'confirmed->declined',
      ].sort(),
    );
  });

  it('refuses going back, skipping the offer, and leaving a final state', () => {
    expect(canTransition('pending', 'confirmed')).toBe(false);
    expect(canTransition('offered', 'pending')).toBe(false);
    expect(canTransition('rejected', 'offered')).toBe(false);
    expect(canTransition('declined', 'confirmed')).toBe(false);
    expect(canTransition('confirmed', 'offered')).toBe(false);
    expect(canTransition('offered', 'offered')).toBe(false);
    expect(TRANSITIONS.rejected).toEqual([]);
    expect(TRANSITIONS.declined).toEqual([]);
  });
});

describe('catalogue A', () => {
  it('maps the wire ids both ways, 0 and null meaning pending', () => {
    expect(entryForWireId('A', null)?.state).toBe('pending');
    expect(entryForWireId('A', 0)?.state).toBe('pending');
    expect(entryForWireId('A', 1)).toMatchObject({ label: 'Accepted', state: 'offered' });
    expect(entryForWireId('A', 2)).toMatchObject({ label: 'Confirmed', state: 'confirmed' });
    expect(entryForWireId('A', 3)?.state).toBe('rejected');
    expect(entryForWireId('A', 4)?.state).toBe('declined');
    expect(entryForWireId('A', 5)?.state).toBe('waitlisted');
    expect(entryForWireId('A', 9)).toBeNull();
    expect(STATUS_STATES.map((s) => wireStatusId('A', s))).toEqual([null, 1, 5, 3, 2, 4]);
  });

  it('offers an administrator only the lifecycle next steps', () => {
    expect(allowedTargets('A', 'pending').map((e) => e.label)).toEqual(['Accepted', 'Rejected', 'Waitlisted']);
    expect(allowedTargets('A', 'offered').map((e) => e.label)).toEqual(['Confirmed', 'Declined']);
    expect(allowedTargets('A', 'rejected')).toEqual([]);
  });
});

describe('catalogue B', () => {
  it('maps accepted categories to confirmed places with a tag', () => {
    expect(entryForWireId('B', null)).toMatchObject({ label: 'Submitted', state: 'pending' });
    expect(entryForWireId('B', 2)).toMatchObject({ label: 'Waitlist', state: 'waitlisted' });
    expect(entryForWireId('B', 4)).toMatchObject({ state: 'confirmed', tag: 'TL' });
    expect(entryForWireId('B', 7)).toMatchObject({ label: 'SV - Travel', state: 'confirmed', tag: 'Travel' });
    expect(wireStatusId('B', 'confirmed', 'Housing')).toBe(6);
    expect(wireStatusId('B', 'confirmed', null)).toBe(5);
    expect(wireStatusId('B', 'declined')).toBe(8);
    expect(statusLabel('B', 'offered')).toBe('Offered');
  });

  it('lets an administrator move between confirmed categories, which changes no state', () => {
    expect(allowedTargets('B', 'confirmed', 'SV').map((e) => e.id)).toEqual([4, 6, 7, 8]);
    expect(allowedTargets('B', 'offered').map((e) => e.id)).toEqual([4, 5, 6, 7, 8]);
  });

  it('tags a place the applicant confirms by their role unless the offer had a tag', () => {
    expect(confirmationTag(null, true)).toBe('TL');
    expect(confirmationTag(null, false)).toBe('SV');
    expect(confirmationTag('Travel', false)).toBe('Travel');
  });
});
