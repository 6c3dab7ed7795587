import { isExpired, readClaims, requestEarly, tokenStore } from './api/client';
import { FIRST_READS_META } from '@svp/domain';
import { USER_PLACEHOLDER } from './routes/pages';

/**
 * The first thing the app runs, as a script of its own: it asks for the signed-in page's data (the
 * server names it in the index page, `<meta name="svp-first-reads">`) before the app's code has
 * arrived, and the app takes those answers when it asks (requestEarly). Kept tiny on purpose: its
 * requests leave at once, and a browser that records where each request came from (developer tools,
 * Lighthouse) reads only this small script to say so, not the app's whole code.
 */
const reads = document.querySelector<HTMLMetaElement>(`meta[name="${FIRST_READS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
const claims = readClaims(tokenStore.get());
if (claims && !isExpired(claims)) for (const read of reads) requestEarly(read.replace(USER_PLACEHOLDER, String(claims.sub)));
