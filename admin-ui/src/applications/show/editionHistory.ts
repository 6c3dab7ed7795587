import type { EditionHistoryRow } from '@svp/domain';
import type { ApplicationRecord, StatusHistoryEntry } from '../types';

// The editions contract once named the person's other editions `history`, the name the status changes
// already had (docs/api.md, 'Editions': now `editionHistory`); each kind of entry is told apart by its
// shape, so the page shows both whichever way it is sent.
const isEditionRow = (entry: StatusHistoryEntry | EditionHistoryRow): entry is EditionHistoryRow => 'editionId' in entry;

/** The application's processing-status changes, oldest first. */
export const statusChangesOf = (record: ApplicationRecord): StatusHistoryEntry[] =>
  record.history.filter((entry): entry is StatusHistoryEntry => !isEditionRow(entry));

/** The person's other editions, newest first. */
export const earlierEditionsOf = (record: ApplicationRecord): EditionHistoryRow[] =>
  record.editionHistory ?? record.history.filter(isEditionRow);
