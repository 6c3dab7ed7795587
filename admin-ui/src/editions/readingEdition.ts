import { EDITION_MESSAGES, ErrorCode } from '@svp/domain';
import { HttpError } from 'react-admin';
import { READING_EDITION_KEY } from '../common/storedKeys';

/** An earlier edition the panel reads instead of the current one. */
export interface ReadingEdition {
  id: number;
  name: string;
}

// The panel's requests are made outside React (the data provider, downloads): they read the choice here.
let reading: ReadingEdition | null = null;

/** The earlier edition being read, or null for the current one. */
export const readingEdition = (): ReadingEdition | null => reading;

const isReadingEdition = (value: unknown): value is ReadingEdition =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as ReadingEdition).id) &&
  typeof (value as ReadingEdition).name === 'string';

/** The choice remembered from the last visit (the panel opens on it). */
export function loadReadingEdition(): ReadingEdition | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(READING_EDITION_KEY) ?? 'null');
    reading = isReadingEdition(stored) ? { id: stored.id, name: stored.name } : null;
  } catch {
    reading = null;
  }
  return reading;
}

/** Reads `edition` from now on (null: the current edition), and remembers it for the next visit. */
export function rememberReadingEdition(edition: ReadingEdition | null): void {
  reading = edition ? { id: edition.id, name: edition.name } : null;
  try {
    if (reading) localStorage.setItem(READING_EDITION_KEY, JSON.stringify(reading));
    else localStorage.removeItem(READING_EDITION_KEY);
  } catch {
    // Storage refused (private mode): the choice holds until the page is closed.
  }
}

// Reads that are the same whatever the edition: the public settings (always the current edition's),
// files by key, the list of editions itself, the audit's action names, the caller's own account.
const SHARED_READS = [
  /^\/api\/settings$/,
  /^\/api\/files\//,
  /^\/api\/admin\/editions(\/|$)/,
  /^\/api\/admin\/audit\/actions$/,
  /^\/api\/users\//,
];

/**
 * A read's address for the edition being read: a react-admin list (and an export of one) carries
 * it in its `filter`, every other read as `?edition=`; unchanged while the current edition is read.
 */
export function withReadingEdition(url: string): string {
  if (!reading) return url;
  const address = new URL(url, 'http://panel');
  if (SHARED_READS.some((pattern) => pattern.test(address.pathname))) return url;
  const filter = address.searchParams.get('filter');
  if (filter === null) {
    address.searchParams.set('edition', String(reading.id));
  } else {
    const parsed: unknown = JSON.parse(filter || '{}');
    address.searchParams.set('filter', JSON.stringify({ ...(parsed as Record<string, unknown>), edition: reading.id }));
  }
  return `${address.pathname}${address.search}`;
}

/**
 * The refusal of a change while an earlier edition is read, in the server's words. A change names
 * no edition, so the server would make it in the current one: it is refused before it leaves.
 */
export function readOnlyRefusal(): HttpError | null {
  if (!reading) return null;
  const message = EDITION_MESSAGES.readOnly(reading.name);
  return new HttpError(message, 409, { message, err: ErrorCode.EditionReadOnly });
}

type ReadOnlyListener = (message: string) => void;
const listeners = new Set<ReadOnlyListener>();

/** Called with the server's sentence whenever it refuses a change because the edition is over. */
export function onEditionReadOnly(listener: ReadOnlyListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportEditionReadOnly(message: string): void {
  listeners.forEach((listener) => listener(message));
}
