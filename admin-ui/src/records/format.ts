import { PACIFIC_ZONE } from '@svp/domain';

const clock = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC_ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit' });
const shortClock = new Intl.DateTimeFormat('en-US', { timeZone: PACIFIC_ZONE, hour: 'numeric', minute: '2-digit' });

// Newer ICU puts a narrow no-break space before AM/PM; a plain one reads (and searches) the same everywhere.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

/** '9:31:05 AM': the board refreshes every 30 s, so its 'Last updated' shows seconds (Pacific, as every shift time). */
export const pacificClock = (iso: string): string => plain(clock.format(new Date(iso)));

/** '9:31 AM' (Pacific): a check-in time. */
export const pacificShortClock = (iso: string): string => plain(shortClock.format(new Date(iso)));

/** Hours with at most two decimals: 7.5, 12, 3.33. */
export const hours = (value: number): string => String(Math.round(value * 100) / 100);

/** 0.8333 → '83%' */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;
