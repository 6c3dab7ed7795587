/**
 * The name of the index page's meta element that lists the opened page's first reads, read by
 * early.ts; the server writes it (FIRST_READS_META in backend/src/common/middleware/index-page.ts).
 */
export const FIRST_READS_META = 'svp-first-reads';
/** Stands for the signed-in user's id in a first read's path. */
export const USER_PLACEHOLDER = '{user}';
