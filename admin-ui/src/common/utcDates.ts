import { formatUtcDateTime } from '@svp/domain';

// Settings and the audit log speak UTC; these helpers never pass through the browser's time zone.

const INPUT_VALUE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** An ISO instant as the value of a `datetime-local` input showing UTC ('2026-02-28T22:00'); '' when it is not one. */
export function isoToUtcInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const text = new Date(time).toISOString();
  // Minutes are what the input edits; seconds are kept only when there are some.
  return text.slice(17, 19) === '00' ? text.slice(0, 16) : text.slice(0, 19);
}

/** A `datetime-local` input's value read as UTC, as an ISO instant; '' when the input is empty or incomplete. */
export function utcInputToIso(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = INPUT_VALUE.exec(value.trim());
  if (!match) return '';
  const iso = `${match[1]}T${match[2]}:${match[3] ?? '00'}.000Z`;
  const date = new Date(iso);
  // Date() rolls 2026-02-30 over to March: such a day does not exist.
  return Number.isNaN(date.getTime()) || date.toISOString() !== iso ? '' : iso;
}

/** An instant as every screen of the portal shows it, '28 February 2026 at 22:00 UTC'; a dash when there is none. */
export function formatUtc(iso: string | null | undefined): string {
  return (iso && formatUtcDateTime(iso)) || '—';
}
