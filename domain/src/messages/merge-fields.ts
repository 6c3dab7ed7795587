/**
 * Merge fields of organisers' messages: `{firstName}` in a subject or body becomes that recipient's
 * value when the message is sent. Only the names below exist; a message naming another is refused
 * before it is sent. Braces around anything that is not a name (`{ see below }`) stay as written.
 */

export const MERGE_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'First and last name',
  svid: 'SV ID',
  email: 'Email address',
  status: 'Application status, as the edition names it',
  confirmBy: 'Until when an offered place can be confirmed',
  nextShift: 'Their next shift (role, venue, day and Pacific times), or "No upcoming shift"',
  scheduledHours: 'Hours of shifts assigned to them',
  conferenceName: 'The conference',
  portalUrl: 'The portal’s address',
  scheduleUrl: 'Their schedule in the portal',
} as const;

export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Record<MergeField, string>;

export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];

/** The fields whose values are addresses: a link wherever they stand in a message's text. */
export const URL_MERGE_FIELDS: readonly MergeField[] = ['portalUrl', 'scheduleUrl'];

const FIELD = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

export const isMergeField = (name: string): name is MergeField => Object.prototype.hasOwnProperty.call(MERGE_FIELDS, name);

/** The merge fields a text names, each once, in order of first use. */
export function mergeFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((match) => match[1]))];
}

/** The names in braces that are not merge fields. */
export function unknownMergeFields(text: string): string[] {
  return mergeFieldsIn(text).filter((name) => !isMergeField(name));
}

/** 'Unknown merge field {frist}: use one of {firstName}, …', or null when every field is known. */
export function mergeFieldProblem(text: string): string | null {
  const unknown = unknownMergeFields(text);
  if (!unknown.length) return null;
  const names = unknown.map((name) => `{${name}}`).join(', ');
  return (
    `Unknown merge field${unknown.length > 1 ? 's' : ''} ${names}: use one ` +
    `of ${MERGE_FIELD_NAMES.map((name) => `{${name}}`).join(', ')}.`
  );
}

/**
 * The text with each merge field replaced by `replace(name)`; unknown names stay as written (they are
 * refused before sending, so this only matters for a preview).
 */
export function fillMergeFields(text: string, replace: (field: MergeField) => string): string {
  return text.replace(FIELD, (whole, name: string) => (isMergeField(name) ? replace(name) : whole));
}

/** Limits of an organisers' message, checked on both sides. */
export const MESSAGE_LIMITS = { subject: 200, body: 20_000 } as const;
