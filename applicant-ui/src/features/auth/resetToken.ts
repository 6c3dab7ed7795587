/** The kept texts for a password-reset link that cannot be used (docs/product.md, 'Texts kept to the letter'). */
export const RESET_LINK_MESSAGES = {
  missing: 'Invalid password reset token',
  expired: 'Token has expired',
  invalid: 'Token is not valid',
} as const;

interface ResetClaims {
  type?: unknown;
  exp?: unknown;
}

function decodePayload(token: string): ResetClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as ResetClaims) : null;
  } catch {
    return null;
  }
}

/**
 * Reads a reset link's token without verifying it (the server verifies when the password is
 * changed): null when it may be used, otherwise the message to show. `now` is the server's clock.
 */
export function resetLinkProblem(token: string | null, now: number): string | null {
  if (!token?.trim()) return RESET_LINK_MESSAGES.missing;
  const claims = decodePayload(token.trim());
  if (!claims) return RESET_LINK_MESSAGES.invalid;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return RESET_LINK_MESSAGES.expired;
  if (claims.type !== 'password-reset' || typeof claims.exp !== 'number') return RESET_LINK_MESSAGES.invalid;
  return null;
}
