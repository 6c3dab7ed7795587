import { type ExchangeRefusal, exchangeRefusalMessage } from '@svp/domain';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';

/** What the swap calls answer besides the rule texts of the domain (SWAP_MESSAGES, SWAP_REFUSALS). */
export const SWAP_API_MESSAGES = {
  ownListOnly: 'You can only see your own swap requests.',
  notYourSvid: 'svid must be your own SV ID: swap requests are made and answered by the volunteers themselves.',
  noRequest: (id: number) => `There is no swap request with id ${id}.`,
  noShift: (id: number) => `There is no shift with id ${id}.`,
  noVolunteer: (svid: string) => `There is no volunteer with SV ID ${svid}.`,
  notOpen: 'This swap request is no longer open.',
  needsVolunteer: 'swapped_svid is required with swapped_shift_id: the SV ID of the volunteer who holds that shift',
  needsShift: 'swapped_shift_id is required with swapped_svid: the id of the shift you ask for',
  askYourself: 'You cannot ask yourself for a swap: choose another volunteer.',
  alreadyAsked: (name: string) => `You have already asked ${name} for this shift.`,
  ownRequest: 'You cannot accept your own swap request.',
  notAsked: 'Only the volunteer asked can accept this swap request.',
  notAskedDecline: 'Only the volunteer asked can decline this swap request.',
  notCreator: 'Only the volunteer who made a swap request can delete it.',
  giveRequired: 'swapped_shift_id is required: choose which of your shifts you give for this one',
  askedShift: (id: number) => `This request asks for your shift ${id}: leave swapped_shift_id out or send ${id}.`,
  idMismatch: 'id and shift_swap_request_id name different requests: send one of them',
  moveFailed:
    'The swap could not be made: one of the two shifts is no longer held by its volunteer. Nothing was changed; ' +
    'reload the swaps to see them as they are now.',
  badStatus: (allowed: readonly string[]) => `filter.status must be one of ${allowed.join(', ')}`,
} as const;

const REFUSAL_CODES: Record<ExchangeRefusal['refusal'], ErrorCode> = {
  notOwn: ErrorCode.SwapShiftNotHeld,
  notSwappable: ErrorCode.SwapNotSwappable,
  started: ErrorCode.SwapShiftStarted,
  ownShift: ErrorCode.SwapShiftAlreadyHeld,
  overlap: ErrorCode.SwapOverlap,
  rule: ErrorCode.SwapRuleBroken,
  ownOpenRequest: ErrorCode.SwapAlreadyOffered,
};

/** A broken swap rule as an answer: 403 for giving a shift that is not yours, 409 for the state of the schedule. */
export function exchangeException(refused: ExchangeRefusal, partnerName = ''): AppException {
  const status = refused.party === 'me' && refused.refusal === 'notOwn' ? 403 : 409;
  return new AppException(status, REFUSAL_CODES[refused.refusal], exchangeRefusalMessage(refused, partnerName));
}

export const notOpen = () => AppException.conflict(SWAP_API_MESSAGES.notOpen, ErrorCode.SwapNotOpen);
