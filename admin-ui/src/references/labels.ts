import { REFERENCE_STATES, REFERENCE_STATE_LABELS, type ReferenceState, isReferenceState } from '@svp/domain';

/** The state's label as the applicant and the referee read it ('Not reachable'), or the raw value when unknown. */
export function referenceStateLabel(state: unknown): string {
  return isReferenceState(state) ? REFERENCE_STATE_LABELS[state] : String(state ?? '');
}

/** The chip's colour: what needs the organisers' attention stands out. */
export function referenceStateColor(state: ReferenceState): 'default' | 'success' | 'warning' | 'error' | 'info' {
  switch (state) {
    case 'received':
      return 'success';
    case 'not-reachable':
      return 'error';
    case 'declined':
      return 'warning';
    case 'requested':
      return 'info';
    default:
      return 'default';
  }
}

/** The applications list's 'Reference state' filter: each state, and applications whose references were never requested. */
export const NO_REQUESTS_YET = 'none';
export const REFERENCE_STATE_CHOICES: { id: string; name: string }[] = [
  ...REFERENCE_STATES.map((state) => ({ id: state, name: REFERENCE_STATE_LABELS[state] })),
  { id: NO_REQUESTS_YET, name: 'No requests yet' },
];

const MAIL_KINDS: Record<string, string> = {
  'reference-request': 'Request',
  'reference-reminder': 'Reminder',
};

const MAIL_STATUSES: Record<string, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Refused by the mail server',
};

export const mailKindLabel = (kind: string) => MAIL_KINDS[kind] ?? kind;
export const mailStatusLabel = (status: string) => MAIL_STATUSES[status] ?? status;

/** 'First reference' or 'Second reference'. */
export const slotTitle = (slot: number) => (slot === 1 ? 'First reference' : slot === 2 ? 'Second reference' : `Reference ${slot}`);

/** An average rating to two decimals at most ('4.25', '4'); a dash when there is none. */
export function formatRating(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '—';
}
