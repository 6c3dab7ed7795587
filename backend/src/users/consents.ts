import type { EntityManager } from 'typeorm';
import {
  type ConsentRecord,
  type ConsentSource,
  CONSENT_SOURCE_TEXTS,
  POLICY_TITLES,
  POLICY_VERSIONS,
  type PolicyDocument,
} from '@svp/domain';
import { Consent } from './consent.entity.js';

/**
 * Records agreements in the transaction of the act that gave them (a submitted application, a
 * confirmed place), each to the version of the document shown now (POLICY_VERSIONS).
 */
export async function recordConsents(
  manager: EntityManager,
  userId: number,
  documents: readonly PolicyDocument[],
  source: ConsentSource,
  at: Date,
  edition: string | null,
): Promise<void> {
  if (!documents.length) return;
  await manager.insert(
    Consent,
    documents.map((document) => ({ userId, document, version: POLICY_VERSIONS[document], agreedAt: at, source, edition })),
  );
}

/** A person's agreements, oldest first, as "My data" and the archive show them. */
export async function consentsOf(manager: EntityManager, userId: number): Promise<ConsentRecord[]> {
  const rows = await manager.find(Consent, { where: { userId }, order: { agreedAt: 'ASC', id: 'ASC' } });
  return rows.map((row) => ({
    document: row.document,
    title: POLICY_TITLES[row.document],
    version: row.version,
    agreedAt: row.agreedAt.toISOString(),
    source: row.source,
    sourceText: CONSENT_SOURCE_TEXTS[row.source],
    edition: row.edition,
  }));
}
