import { SWAP_REFUSALS } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { NOW } from '../schedule/scheduleFixtures';
import {
  ANA,
  GAIL_SHIFT,
  PEOPLE,
  mondayShifts,
  myShift,
  myShifts,
  request,
  saturdayShifts,
  swapRequests,
  wednesdayShifts,
} from './swapFixtures';
import {
  NOT_YOUR_SHIFT,
  alreadyAsked,
  awaitedAnswer,
  fittingOpenRequests,
  offerProblem,
  openOfferOf,
  qualifyingShifts,
  requestsInvolving,
  swapActions,
  swapCounts,
  swapStatusText,
} from './swapRequests';

const now = new Date(NOW);
const ids = (shifts: readonly { id: number }[]) => shifts.map((s) => s.id);

describe('the swap candidates of a day', () => {
  it('keeps the shifts with a holder the server says could take the shift she gives, and only those holders', () => {
    const candidates = qualifyingShifts(mondayShifts().shifts, 14);
    // 37 Gail and Dan on 32 would be double-booked; 33 not swappable, 34 nobody to swap with, 18 her own, 36 overlaps her shift 18.
    expect(ids(candidates)).toEqual([31, 32, 35]);
    expect(candidates.map((shift) => shift.studentVolunteers.map((holder) => holder.given_name))).toEqual([['Ben'], ['Cleo'], ['Eve']]);
    expect(ids(qualifyingShifts(mondayShifts().shifts, 17))).toEqual([31, 32, 35]);
    expect(qualifyingShifts(mondayShifts().shifts, 17)[1]!.studentVolunteers.map((holder) => holder.given_name)).toEqual(['Cleo', 'Dan']);
    expect(ids(qualifyingShifts(mondayShifts().shifts, 18))).toEqual([37, 31, 32, 35, 36]);
  });

  it('lets a shift overlap the one given up, never one that has started, nor one nobody could take', () => {
    expect(ids(qualifyingShifts(saturdayShifts().shifts, 14))).toEqual([41]);
    // Giving her Sunday shift instead, Saturday's Mid Morning would overlap the Door Monitor she keeps.
    expect(ids(qualifyingShifts(saturdayShifts().shifts, 17))).toEqual([]);
    expect(ids(qualifyingShifts(wednesdayShifts().shifts, 14))).toEqual([]);
  });

  it('knows whom she has asked for what, her open offers, and none of the closed ones', () => {
    const created = swapRequests().created_requests;
    expect(alreadyAsked(created, 17, 35, PEOPLE.eve.id)).toBe(true);
    expect(alreadyAsked(created, 14, 35, PEOPLE.eve.id)).toBe(false);
    expect(alreadyAsked(created, 17, 35, PEOPLE.ben.id)).toBe(false);
    // Request 73 (her 11 for Ivy's shift) was declined.
    expect(alreadyAsked(created, 11, 63, PEOPLE.ivy.id)).toBe(false);
    const openOffer = request(74, { kind: 'open', shift: myShift(14), sv: ANA });
    expect(openOfferOf([openOffer], 14)).toBe(openOffer);
    expect(openOfferOf(swapRequests().created_requests, 17)).toBeUndefined();
  });

  it("keeps the other volunteers' open requests of the day for which she could give this shift", () => {
    const open = swapRequests().open_requests;
    expect(ids(fittingOpenRequests(open, '2025-08-11', 14))).toEqual([51]);
    expect(ids(fittingOpenRequests(open, '2025-08-11', 12))).toEqual([]);
    expect(ids(fittingOpenRequests(open, '2025-08-12', 14))).toEqual([]);
  });
});

describe('what may be offered', () => {
  it('is her own real shift, swappable and not started', () => {
    const shifts = myShifts();
    expect(offerProblem(myShift(14), shifts, now)).toBeNull();
    expect(offerProblem(myShift(11), shifts, now)).toBe(SWAP_REFUSALS.started);
    expect(offerProblem(myShift(15), shifts, now)).toBe('This is not a shift.');
    const fixed = { ...myShift(17), swappable: false };
    expect(offerProblem(fixed, [fixed], now)).toBe(SWAP_REFUSALS.notSwappable);
    expect(offerProblem(GAIL_SHIFT, shifts, now)).toBe(NOT_YOUR_SHIFT);
  });
});

describe('the actions on a request', () => {
  const asked = (more = {}) => request(90, { shift: myShift(17), sv: ANA, swapped_shift: GAIL_SHIFT, swapped_sv: PEOPLE.gail, ...more });

  it('lets the creator delete her open request, and nothing else', () => {
    expect(swapActions(asked(), ANA.id)).toEqual(['delete']);
    expect(swapActions(request(91, { kind: 'open', shift: myShift(17), sv: ANA }), ANA.id)).toEqual(['delete']);
  });

  it('lets the volunteer asked accept or decline it', () => {
    expect(swapActions(asked(), PEOPLE.gail.id)).toEqual(['accept', 'decline']);
  });

  it('gives nobody else an action, nor anyone one on a closed request', () => {
    expect(swapActions(asked(), PEOPLE.ben.id)).toEqual([]);
    expect(swapActions(asked(), undefined)).toEqual([]);
    for (const closed of [
      { status: true, accepted: true, closed_reason: 'accepted' as const },
      { status: false, closed_reason: 'declined' as const },
      { status: false, closed_reason: 'cancelled' as const },
    ]) {
      expect(swapActions(asked(closed), ANA.id)).toEqual([]);
      expect(swapActions(asked(closed), PEOPLE.gail.id)).toEqual([]);
    }
  });

  it('says whose answer an open request waits for', () => {
    expect(awaitedAnswer(asked())).toBe('Waiting for Gail Moss to accept or decline.');
    expect(awaitedAnswer(request(91, { kind: 'open', shift: myShift(17), sv: ANA }))).toBe('Waiting for a volunteer to accept.');
  });
});

describe('the words and counts of requests', () => {
  it('names each state', () => {
    const base = { shift: myShift(14), sv: ANA };
    expect(swapStatusText(request(1, base))).toBe('Open');
    expect(swapStatusText(request(1, { ...base, status: true, accepted: true, closed_reason: 'accepted' }))).toBe('Accepted');
    expect(swapStatusText(request(1, { ...base, status: false, closed_reason: 'declined' }))).toBe('Declined');
    expect(swapStatusText(request(1, { ...base, status: false, closed_reason: 'deleted' }))).toBe('Deleted');
    expect(swapStatusText(request(1, { ...base, status: false, closed_reason: 'cancelled' }))).toBe('Cancelled by the SV Office');
    expect(swapStatusText(request(1, { ...base, status: false, closed_reason: 'superseded' }))).toBe(
      'Closed: one of the shifts was swapped in another request',
    );
  });

  it('counts the open requests involving a shift on either side, and the open ones of each list', () => {
    const requests = swapRequests();
    expect(requestsInvolving(requests.shift_requests, 14)).toBe(1);
    expect(requestsInvolving(requests.shift_requests, 35)).toBe(1);
    expect(requestsInvolving(requests.shift_requests, 11)).toBe(0);
    expect(swapCounts(requests)).toEqual({ open: 2, created: 1, assigned: 1 });
  });
});
