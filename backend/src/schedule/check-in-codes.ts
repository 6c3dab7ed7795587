import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CheckInCode, checkInCodeBody, parseCheckInCode } from '@svp/domain';

/** The key check-in codes are signed with, derived from the server's signing secret (so every server agrees). */
export function checkInCodeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('svp check-in codes').digest();
}

const signatureOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');

/** A volunteer's signed code for one shift, good until the shift's end. */
export function signCheckInCode(key: Buffer, shiftId: number, userId: number, validUntil: Date): string {
  const body = checkInCodeBody(shiftId, userId, validUntil);
  return `${body}.${signatureOf(key, body)}`;
}

/** The code when it reads as one and this server signed it; null otherwise. */
export function verifiedCheckInCode(key: Buffer, text: string): CheckInCode | null {
  const code = parseCheckInCode(text);
  if (!code) return null;
  const expected = Buffer.from(signatureOf(key, code.signed));
  const given = Buffer.from(code.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? code : null;
}
