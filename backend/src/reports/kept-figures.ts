/**
 * Counts of the logistics report that a retention removal took the answers of (the passport answers
 * once their time has come): the report keeps counting them, without the people (docs/decisions.md,
 * 'How long personal data is kept'). The privacy module implements it; it depends on this one, so
 * reports/ finds it at run time (ModuleRef).
 */
export abstract class KeptFigures {
  /** For an edition, per logistics key, how many people the removed answers counted. */
  abstract logistics(editionId: number): Promise<Record<string, number>>;
}
