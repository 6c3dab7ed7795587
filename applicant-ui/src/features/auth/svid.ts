// No 0/O or 1/I/L: an SV ID is read aloud at the volunteer office.
const SVID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SVID_LENGTH = 8;

function randomIndex(below: number): number {
  // Rejection sampling keeps every character equally likely.
  const limit = Math.floor(0x1_0000_0000 / below) * below;
  const buffer = new Uint32Array(1);
  do crypto.getRandomValues(buffer);
  while (buffer[0]! >= limit);
  return buffer[0]! % below;
}

/**
 * The client-made SV ID sent with a registration: 8 random characters with at
 * least one letter, so it never reads as a numeric profile id. The server keeps it if it is unused.
 */
export function generateSvid(): string {
  for (;;) {
    let svid = '';
    for (let i = 0; i < SVID_LENGTH; i++) svid += SVID_ALPHABET[randomIndex(SVID_ALPHABET.length)];
    if (/[A-Z]/.test(svid)) return svid;
  }
}
