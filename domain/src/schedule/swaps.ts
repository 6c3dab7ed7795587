import { type BuilderShift, type BuilderVolunteer, type RuleBreak, assignmentBreaks } from '../builder/rules.js';
import { type ShiftInterval, findOverlap } from './shifts.js';
import { isNotAShift, isPlaceholderVenue } from './venues.js';

/** The texts of shift swapping; the kept ones to the letter (docs/product.md, 'Texts kept to the letter'). */
export const SWAP_MESSAGES = {
  created: 'Successfully created shift swap request.',
  accepted: 'Successfully accepted shift swap request. Please check your schedule for updates.',
  deleted: 'Successfully deleted shift swap request.',
  declined: 'Shift swap request declined.',
  noCandidates: 'Unable to find shifts that fit your schedule.',
  /** The notice shown, and the refusal given by every swap call, while swapping online is switched off. */
  disabled:
    'Shift swaps are not made online. Swaps are accepted only at the SV Office or by email, need the confirmation of both ' +
    'volunteers, and are never accepted without a partner volunteer.',
} as const;

/** A shift as the candidate rules see it: its interval, id, and whether it may be swapped. */
export interface SwapShift extends ShiftInterval {
  id: number;
  swappable: boolean;
  /** The shift as the schedule rules see it (domain/src/builder/rules.ts): with it, a swap is held to them too. */
  rule?: BuilderShift;
}

/**
 * Whether a shift may take part in swaps at all: marked swappable, and real work, not a Placeholder
 * entry, the Job Fair or the Chapters Lunch (schedules do not show those as shifts).
 */
export function isSwappableShift(shift: { swappable: boolean; role: string; venue: { name: string; location: string } }): boolean {
  return shift.swappable && !isPlaceholderVenue(shift.venue.name) && !isNotAShift(shift);
}

/** Why a shift cannot be given or taken in a swap by a user, or null when it can. */
export type SwapRefusal = 'notSwappable' | 'started' | 'ownShift' | 'overlap' | 'ownOpenRequest' | 'rule';

export const SWAP_REFUSALS: Record<SwapRefusal | 'notOwn', string> = {
  notSwappable: 'This shift cannot be swapped.',
  started: 'This shift has already started.',
  ownShift: 'This is already one of your shifts.',
  overlap: 'This shift overlaps another of your shifts.',
  ownOpenRequest: 'You have already offered this shift in an open request.',
  rule: 'This shift breaks one of your availability rules.',
  notOwn: 'You can only give one of your own shifts.',
};

export interface SwapCandidateContext {
  /** The shifts the user holds now. */
  ownShifts: readonly SwapShift[];
  /** The user's shift they would give up in the exchange (not counted when looking for overlaps), if already chosen. */
  givingUp?: number;
  /** Ids of the shifts in the user's own open requests. */
  ownOpenRequestShiftIds?: readonly number[];
  /**
   * The user as the schedule rules see them: with it (and `rule` on the shifts), the shift must also
   * fit their availability, pre-conference wish, daily maximum, rest, the shift's requirement and, for
   * a team leader, the venues they lead, exactly as for any other assignment. A swap makes no exceptions.
   */
  volunteer?: BuilderVolunteer;
  now: Date;
}

/** The schedule rule the user would break by taking `candidate` in place of `givingUp` (overlap aside: checked on its own), or null. */
export function swapRuleBreach(candidate: SwapShift, context: SwapCandidateContext): RuleBreak | null {
  if (!context.volunteer || !candidate.rule) return null;
  const kept = context.ownShifts.filter((s) => s.id !== context.givingUp && s.id !== candidate.id && s.rule).map((s) => s.rule!);
  return assignmentBreaks(context.volunteer, candidate.rule, kept).find((b) => b.rule !== 'overlap') ?? null;
}

/**
 * Whether `candidate` may come to the user in a swap (docs/product.md, 'Swaps'): it is swappable, has not
 * started, is not the user's own, overlaps none of the user's other shifts (compared as instants, so
 * Los Angeles local time across the daylight-saving change is handled), and is not in one of the
 * user's own open requests, and (when the context carries the user's rules) breaks none of the
 * schedule rules for them. Answers the first reason it may not, or null.
 */
export function swapCandidateRefusal(candidate: SwapShift, context: SwapCandidateContext): SwapRefusal | null {
  if (!candidate.swappable) return 'notSwappable';
  if (candidate.startsAt.getTime() <= context.now.getTime()) return 'started';
  if (context.ownShifts.some((s) => s.id === candidate.id)) return 'ownShift';
  if (context.ownOpenRequestShiftIds?.includes(candidate.id)) return 'ownOpenRequest';
  const kept = context.ownShifts.filter((s) => s.id !== context.givingUp);
  if (findOverlap(candidate, kept)) return 'overlap';
  if (swapRuleBreach(candidate, context)) return 'rule';
  return null;
}

/** The shifts of `candidates` that qualify for the user, in their order. */
export function swapCandidates<T extends SwapShift>(candidates: readonly T[], context: SwapCandidateContext): T[] {
  return candidates.filter((candidate) => swapCandidateRefusal(candidate, context) === null);
}

/** Whether the user may offer one of their own shifts in a swap: it is theirs, swappable and not started. */
export function offerRefusal(shift: SwapShift, context: Pick<SwapCandidateContext, 'ownShifts' | 'now'>): SwapRefusal | 'notOwn' | null {
  if (!context.ownShifts.some((s) => s.id === shift.id)) return 'notOwn';
  if (!shift.swappable) return 'notSwappable';
  if (shift.startsAt.getTime() <= context.now.getTime()) return 'started';
  return null;
}

/** One side of an exchange: the shifts a volunteer holds and the shifts of their own open requests. */
export interface SwapParty {
  ownShifts: readonly SwapShift[];
  ownOpenRequestShiftIds?: readonly number[];
  /** Their schedule rules (see SwapCandidateContext.volunteer). */
  volunteer?: BuilderVolunteer;
}

/**
 * Why an exchange fails: whose rule (`me`, the caller, or their `partner`) and which half of the
 * exchange (`give`: the shift that party gives, `take`: the shift that party receives).
 */
export interface ExchangeRefusal {
  party: 'me' | 'partner';
  half: 'give' | 'take';
  refusal: SwapRefusal | 'notOwn';
  /** For `rule`: the schedule rule broken (named to its own volunteer only). */
  breach?: RuleBreak;
}

/**
 * Whether I may give `givenShift` for my partner's `takenShift` (the candidate rule both ways): each shift is
 * held by its giver, swappable and not started, and each lands on a volunteer who does not hold it
 * already, for whom it overlaps none of the shifts they keep, and who has not offered it in an open
 * request, and whose schedule rules it keeps (when the parties carry them). Answers the first failing
 * rule, or null.
 */
export function exchangeRefusal(
  givenShift: SwapShift,
  takenShift: SwapShift,
  me: SwapParty,
  partner: SwapParty,
  now: Date,
): ExchangeRefusal | null {
  // Each shift as its holder's schedule knows it, rules included.
  const mine = asHeld(givenShift, me);
  const theirs = asHeld(takenShift, partner);
  const myOffer = offerRefusal(mine, { ownShifts: me.ownShifts, now });
  if (myOffer) return { party: 'me', half: 'give', refusal: myOffer };
  const theirOffer = offerRefusal(theirs, { ownShifts: partner.ownShifts, now });
  if (theirOffer) return { party: 'partner', half: 'give', refusal: theirOffer };
  const myContext = { ...me, givingUp: mine.id, now };
  const myTake = swapCandidateRefusal(theirs, myContext);
  if (myTake) return { party: 'me', half: 'take', refusal: myTake, ...breachOf(myTake, theirs, myContext) };
  const theirContext = { ...partner, givingUp: theirs.id, now };
  const theirTake = swapCandidateRefusal(mine, theirContext);
  if (theirTake) return { party: 'partner', half: 'take', refusal: theirTake, ...breachOf(theirTake, mine, theirContext) };
  return null;
}

function asHeld(shift: SwapShift, holder: SwapParty): SwapShift {
  return shift.rule ? shift : (holder.ownShifts.find((s) => s.id === shift.id) ?? shift);
}

function breachOf(refusal: SwapRefusal, shift: SwapShift, context: SwapCandidateContext): { breach?: RuleBreak } {
  const breach = refusal === 'rule' ? swapRuleBreach(shift, context) : null;
  return breach ? { breach } : {};
}

/** Which of my shifts I could give for `theirs` so that the exchange passes every rule for both of us, in my order. */
export function exchangeOptions<T extends SwapShift>(
  theirs: SwapShift,
  me: { ownShifts: readonly T[]; ownOpenRequestShiftIds?: readonly number[] },
  partner: SwapParty,
  now: Date,
): T[] {
  const mine: readonly T[] = me.ownShifts;
  return mine.filter((shift) => exchangeRefusal(shift, theirs, me, partner, now) === null);
}

/** What to tell the caller (`me`) when an exchange fails; `partnerName` names the other volunteer. */
export function exchangeRefusalMessage(refused: ExchangeRefusal, partnerName: string): string {
  const { party, half, refusal } = refused;
  if (party === 'me' && half === 'give') {
    if (refusal === 'notSwappable') return 'Your shift cannot be swapped.';
    if (refusal === 'started') return 'Your shift has already started.';
    return SWAP_REFUSALS[refusal];
  }
  if (party === 'me')
    return refusal === 'rule' && refused.breach ? `This swap breaks one of your rules: ${refused.breach.message}` : SWAP_REFUSALS[refusal];
  if (half === 'give') {
    if (refusal === 'notOwn') return `${partnerName} no longer holds this shift.`;
    return SWAP_REFUSALS[refusal];
  }
  switch (refusal) {
    case 'ownShift':
      return `${partnerName} already works your shift.`;
    case 'overlap':
      return `Your shift overlaps another of ${partnerName}'s shifts.`;
    case 'ownOpenRequest':
      return `${partnerName} has already offered your shift in an open request.`;
    case 'rule':
      return `Your shift does not fit ${partnerName}'s availability or limits, so ${partnerName} cannot take it.`;
    default:
      return SWAP_REFUSALS[refusal];
  }
}
