import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A referee's link: `${PUBLIC_URL}/reference/<token>`, where the token is an HMAC of the reference's
 * id and its current nonce under a key derived from the JWT secret. Only the token's sha256 is
 * stored; the ledger keeps the id and nonce, and the link is rendered when the email is sent. A new
 * nonce (a new request, a corrected email) makes every earlier link unknown.
 */
export const REFERENCE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The key of reference links: derived from the JWT secret, so neither can stand in for the other. */
export function referenceKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('svp reference links').digest();
}

/** base64url(HMAC-SHA256(key, `reference:<id>:<nonce>`)): 43 characters. */
export function referenceToken(key: Buffer, referenceId: number, nonce: string): string {
  return createHmac('sha256', key).update(`reference:${referenceId}:${nonce}`).digest('base64url');
}

/** What is stored of a token: its sha256, hex. */
export function referenceTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newReferenceNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function referenceLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reference/${token}`;
}
