import { randomInt, randomUUID } from 'node:crypto';

// No 0/O or 1/I/L: an SV ID is read aloud at the volunteer office.
const SVID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
// At least one letter, so an SV ID never reads as a numeric profile id.
export const SVID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{5,15}$/;

/** A short random SV ID (8 characters, about 40 bits): unique in practice, not derived from the user id. */
export function generateSvid(): string {
  for (;;) {
    let svid = '';
    for (let i = 0; i < 8; i++) svid += SVID_ALPHABET[randomInt(SVID_ALPHABET.length)];
    if (SVID_PATTERN.test(svid)) return svid;
  }
}

export function generateUsername(): string {
  return randomUUID();
}
