const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** 'D MMMM YYYY [at] HH:mm' in UTC, the spec's way of showing a deadline (applicant-area §9). */
export function formatDeadline(iso: string): string {
  const at = new Date(iso);
  return `${DAY.format(at)} at ${TIME.format(at)} UTC`;
}

/** 'D MMMM YYYY' in UTC. */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}
