import { type CreateMessageBody, MESSAGE_LIMITS, markdownLimitProblem, mergeFieldProblem, parsePacific } from '@svp/domain';
import { HttpError, maxLength, required } from 'react-admin';
import { type AudienceDraft, newSegment } from './audienceDraft';
import type { AudienceNode } from './types';

/** The compose form's values. The banner's end is what the date-time control holds: Pacific 'YYYY-MM-DDTHH:mm'. */
export interface ComposeValues {
  audience: AudienceDraft;
  subject: string | null;
  body: string | null;
  bannerUntil: string | null;
}

/** The body of POST /api/admin/messages, as the contract declares it. */
export type MessageRequest = CreateMessageBody;

/** A new message goes to the confirmed volunteers until the organiser says otherwise. */
export const newComposeValues = (): ComposeValues => ({
  audience: { op: 'and', parts: [newSegment('confirmed')] },
  subject: null,
  body: null,
  bannerUntil: null,
});

/** The instant of a Pacific 'YYYY-MM-DDTHH:mm' (the date-time control's value); null when it names none. */
export const pacificInstant = (value: string): Date | null => parsePacific(value.replace('T', ' ').slice(0, 16));

const mergeFields = (value: unknown) => (typeof value === 'string' ? (mergeFieldProblem(value) ?? undefined) : undefined);
const markdownLimits = (value: unknown) => (typeof value === 'string' ? markdownLimitProblem(value)?.message : undefined);

export const SUBJECT_VALIDATORS = [required(), maxLength(MESSAGE_LIMITS.subject), mergeFields];
export const BODY_VALIDATORS = [required(), maxLength(MESSAGE_LIMITS.body), mergeFields, markdownLimits];

/** The banner's end, when given, must be a Pacific time that exists and is still ahead. */
export function bannerUntilProblem(value: unknown, now = new Date()): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const at = pacificInstant(value);
  if (!at) return 'Give a day and a time that exist in Pacific time.';
  if (at.getTime() <= now.getTime()) return 'Choose a moment still to come: the banner shows until then.';
  return undefined;
}

export function messageRequest(values: ComposeValues, audience: AudienceNode): MessageRequest {
  const bannerUntil = values.bannerUntil ? pacificInstant(values.bannerUntil) : null;
  return {
    subject: values.subject ?? '',
    body: values.body ?? '',
    audience,
    ...(bannerUntil ? { bannerUntil: bannerUntil.toISOString() } : {}),
  };
}

/** The fields the server refused, by name (`{ message, err, errors: { field } }`), or null. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const errors = error instanceof HttpError ? (error.body?.errors ?? error.body?.data?.errors) : undefined;
  if (!errors || typeof errors !== 'object') return null;
  const named = Object.entries(errors as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return named.length ? Object.fromEntries(named) : null;
}

/** Puts the server's refusals on the fields they name (a part of the audience on the audience); false when it named none. */
export function showServerErrors(
  error: unknown,
  setError: (field: keyof ComposeValues, error: { type: string; message: string }) => void,
): boolean {
  const errors = serverFieldErrors(error);
  if (!errors) return false;
  for (const [field, message] of Object.entries(errors)) {
    const name = field.split('.')[0] as keyof ComposeValues;
    if (name === 'audience' || name === 'subject' || name === 'body' || name === 'bannerUntil') setError(name, { type: 'server', message });
  }
  return true;
}

export const messageOf = (error: unknown, fallback = 'The server refused it.') =>
  error instanceof Error && error.message ? error.message : fallback;
