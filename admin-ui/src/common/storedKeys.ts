// What the panel keeps in the browser's localStorage, in a module with no imports: the early reads
// (common/earlyReads.ts) read them before react-admin or the shared rules are loaded.

/** The administrator's session token (authProvider.ts). */
export const TOKEN_KEY = 'svp.admin.token';
/** The earlier edition being read, when one is (editions/readingEdition.ts). */
export const READING_EDITION_KEY = 'svp.admin.edition';
