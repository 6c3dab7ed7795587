import { RECORD_MESSAGES, canCheckInAt, checkInOpensAt, type RecordShift } from './records.js';

/**
 * The week's records made without a network: a team leader's taps kept on the phone and sent later,
 * each once, with the time of the tap; and the personal check-in codes a team leader scans. The
 * server judges every action with the same rules as a save made online (records.ts); these are the
 * parts both sides need to agree on.
 */

const MINUTE = 60_000;

/** What a tap kept on the phone records. */
export const RECORD_ACTION_KINDS = ['check-in', 'check-out', 'rating', 'note'] as const;
export type RecordActionKind = (typeof RECORD_ACTION_KINDS)[number];

/** The most a phone's clock may be off the server's for its tap times to be taken as they are. */
export const CLOCK_DRIFT_LIMIT_MINUTES = 5;

/** At most this many actions in one sync. */
export const RECORD_ACTIONS_PER_SYNC = 500;

export const OFFLINE_MESSAGES = {
  clockDrift: (minutes: number) =>
    `This phone's clock is ${Math.abs(minutes)} minutes ${minutes > 0 ? 'behind' : 'ahead of'} the portal's ` +
    `(${CLOCK_DRIFT_LIMIT_MINUTES} at most): the times of its check-ins cannot be trusted. ` +
    `Set the phone to take its time from the network, then send again.`,
  tapLaterThanSend: 'The time of this tap is later than the time the phone sent it.',
  unreadable: 'This is not a check-in code of this portal.',
  forged: 'This check-in code was not made by this portal.',
  wrongVolunteer: 'This check-in code belongs to another volunteer or shift than the one sent.',
  expired: 'This check-in code has expired: the shift it was made for is over.',
  anotherVenue: "This volunteer's shift is at another venue.",
  notOnShift: 'This volunteer is not on this shift.',
  alreadyIn: 'Already checked in.',
  noCheckInYet: 'Check a volunteer in before checking them out.',
} as const;

/**
 * How far the phone's clock is behind the server's, in whole minutes (negative: ahead), from the
 * moment the phone says it sent a sync and the moment the server received it.
 */
export function clockDriftMinutes(sentAt: Date, receivedAt: Date): number {
  return Math.round((receivedAt.getTime() - sentAt.getTime()) / MINUTE);
}

/** The refusal of a sync whose phone's clock is too far off, or null. */
export function clockDriftProblem(sentAt: Date, receivedAt: Date): string | null {
  const drift = Math.abs(receivedAt.getTime() - sentAt.getTime());
  return drift > CLOCK_DRIFT_LIMIT_MINUTES * MINUTE ? OFFLINE_MESSAGES.clockDrift(clockDriftMinutes(sentAt, receivedAt)) : null;
}

/**
 * The instant an action is recorded at: the tap, never later than the server's now (a phone a little
 * ahead, within the drift allowed, would otherwise stamp the future).
 */
export function tapInstant(tappedAt: Date, now: Date): Date {
  return tappedAt.getTime() > now.getTime() ? now : tappedAt;
}

// ---- Personal check-in codes ----

/**
 * A volunteer's check-in code for one shift: `svp1.<shiftId>.<userId>.<until>.<signature>`, where
 * `until` is the end of the shift in Unix seconds and the signature an HMAC the server makes. It
 * names no person, only ids, and is good from check-in's opening until the shift ends.
 */
export const CHECK_IN_CODE_PREFIX = 'svp1';

export interface CheckInCode {
  shiftId: number;
  userId: number;
  validUntil: Date;
  /** `svp1.<shiftId>.<userId>.<until>`: what the signature covers. */
  signed: string;
  signature: string;
}

const CODE_PATTERN = /^svp1\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9]{9,11})\.([A-Za-z0-9_-]{16,64})$/;

/** The part of a code its signature covers. */
export function checkInCodeBody(shiftId: number, userId: number, validUntil: Date): string {
  return `${CHECK_IN_CODE_PREFIX}.${shiftId}.${userId}.${Math.floor(validUntil.getTime() / 1000)}`;
}

/** Reads a scanned text as a check-in code, without judging its signature (only the server can); null when it is none. */
export function parseCheckInCode(text: string): CheckInCode | null {
  const match = CODE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, shift, user, until, signature] = match;
  const validUntil = new Date(Number(until) * 1000);
  return {
    shiftId: Number(shift),
    userId: Number(user),
    validUntil,
    signed: `${CHECK_IN_CODE_PREFIX}.${shift}.${user}.${until}`,
    signature: signature!,
  };
}

/** What a team leader's phone knows of a shift it may check people in to. */
export interface ScanShift extends RecordShift {
  id: number;
  volunteerIds: readonly number[];
  checkedInIds: readonly number[];
}

export type ScanRefusal = 'unreadable' | 'expired' | 'another-venue' | 'not-on-shift' | 'too-early';

export type ScanVerdict =
  { ok: true; shiftId: number; volunteerId: number; alreadyIn: boolean } | { ok: false; refusal: ScanRefusal; message: string };

/**
 * What a scanned code means at `at` for a team leader holding `shifts` (the shifts of the venues they
 * lead): the shift and volunteer to check in, or why not, in words. The phone says it at once, even
 * offline; the server says it again with the signature checked when the check-in reaches it.
 */
export function scanVerdict(code: CheckInCode | null, shifts: readonly ScanShift[], at: Date): ScanVerdict {
  if (!code) return { ok: false, refusal: 'unreadable', message: OFFLINE_MESSAGES.unreadable };
  if (at.getTime() > code.validUntil.getTime()) return { ok: false, refusal: 'expired', message: OFFLINE_MESSAGES.expired };
  const shift = shifts.find((s) => s.id === code.shiftId);
  if (!shift) return { ok: false, refusal: 'another-venue', message: OFFLINE_MESSAGES.anotherVenue };
  if (!shift.volunteerIds.includes(code.userId)) return { ok: false, refusal: 'not-on-shift', message: OFFLINE_MESSAGES.notOnShift };
  if (!canCheckInAt(shift, at)) return { ok: false, refusal: 'too-early', message: RECORD_MESSAGES.tooEarly(checkInOpensAt(shift)) };
  return { ok: true, shiftId: shift.id, volunteerId: code.userId, alreadyIn: shift.checkedInIds.includes(code.userId) };
}

/** From when, and until when, a volunteer's code for a shift is shown and accepted. */
export function checkInCodeWindow(shift: Pick<RecordShift, 'startsAt' | 'endsAt'>): { from: Date; until: Date } {
  return { from: checkInOpensAt(shift), until: shift.endsAt };
}
