import { formatDay } from './edition.js';

/**
 * Instants as every screen and email shows them: 'D MMMM YYYY' and 'D MMMM YYYY [at] HH:mm' in
 * UTC (docs/product.md, 'Formats and constants'). Plain arithmetic on the UTC reading, so both apps'
 * first screens format dates without a date library.
 */

/** A Date, an ISO text or milliseconds; null when it names no instant. */
function instant(at: Date | string | number): Date | null {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'D MMMM YYYY' in UTC, e.g. '5 August 2026'; '' for something that is not an instant. */
export function formatUtcDate(at: Date | string | number): string {
  const date = instant(at);
  return date ? formatDay(date.toISOString().slice(0, 10)) : '';
}

/**
 * The date and time the portal shows: 'D MMMM YYYY [at] HH:mm' in UTC with the zone named, e.g.
 * '5 August 2026 at 22:00 UTC', so a reader in another zone does not take it for local time; ''
 * for something that is not an instant.
 */
export function formatUtcDateTime(at: Date | string | number): string {
  const date = instant(at);
  return date ? `${formatUtcDate(date)} at ${date.toISOString().slice(11, 16)} UTC` : '';
}
