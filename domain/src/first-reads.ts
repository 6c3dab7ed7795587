/**
 * The meta element of the applicant app's index page that names the opened page's first API reads:
 * the server writes it into each page's variant, the app's early script reads it and asks for them.
 */
export const FIRST_READS_META = 'svp-first-reads';
