import { createHmac } from 'node:crypto';

/**
 * The id a team leader knows an application on the jury by (`student_volunteer_id` of the jury
 * routes): base64url of an HMAC of the edition, the team leader and the application, cut to 22
 * characters (132 bits). It names no user, cannot be guessed, differs from one team leader to the
 * next for the same application, and stays the same across re-assignments, so nothing is stored.
 */
export const JURY_ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The key of jury ids: derived from the JWT secret, so neither can stand in for the other. */
export function juryItemKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('svp jury item ids').digest();
}

export function juryItemId(key: Buffer, editionId: number, teamLeaderId: number, applicationId: number): string {
  return createHmac('sha256', key).update(`jury-item:${editionId}:${teamLeaderId}:${applicationId}`).digest('base64url').slice(0, 22);
}
