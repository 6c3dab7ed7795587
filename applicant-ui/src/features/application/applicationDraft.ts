import type { ApplicationRecord } from '../../api/types';
import { type WizardValues, wizardValues } from './applicationForm';

// A copy of the answers not saved yet, kept in this tab's sessionStorage: a reload (the error
// screen's, or the browser's) or a page that crashed brings them back instead of losing them.

interface StoredDraft {
  applicationId: number;
  /** updated_at of the version the unsaved answers were typed over. */
  basedOn: string;
  values: Partial<WizardValues>;
}

const draftKey = (userId: number) => `svp.applicationDraft.${userId}`;

export function keepDraft(userId: number, applicationId: number, basedOn: string, values: WizardValues): void {
  const draft: StoredDraft = { applicationId, basedOn, values };
  try {
    sessionStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or switched off: the autosave and the leave warning still protect the answers.
  }
}

export function dropDraft(userId: number): void {
  try {
    sessionStorage.removeItem(draftKey(userId));
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/**
 * The answers to open the form with: the kept draft over the stored application when there is one
 * for it (`basedOn` then stays the draft's, so a version saved elsewhere since is met by the
 * two-window dialog, not overwritten), else the application as stored.
 */
export function openingValues(userId: number, record: ApplicationRecord): { values: WizardValues; basedOn: string; restored: boolean } {
  const stored = wizardValues(record);
  const fromStorage = { values: stored, basedOn: record.updated_at, restored: false };
  let draft: StoredDraft | null = null;
  try {
    draft = JSON.parse(sessionStorage.getItem(draftKey(userId)) ?? 'null') as StoredDraft | null;
  } catch {
    draft = null;
  }
  if (
    !draft ||
    draft.applicationId !== record.id ||
    typeof draft.basedOn !== 'string' ||
    typeof draft.values !== 'object' ||
    !draft.values
  ) {
    return fromStorage;
  }
  const known = Object.keys(stored).filter((key) => key in draft.values);
  const values = { ...stored, ...Object.fromEntries(known.map((key) => [key, draft.values[key as keyof WizardValues]])) } as WizardValues;
  if (JSON.stringify(values) === JSON.stringify(stored)) {
    dropDraft(userId);
    return fromStorage;
  }
  return { values, basedOn: draft.basedOn, restored: true };
}
