import type { ApplicationData, EditionHistoryRow } from '@svp/domain';

/** A person's earlier editions, summed up for one line of the CSV export. */
export interface HistorySummary {
  editions: string[];
  hoursWorked: number;
  averageRating: number | null;
  noShows: number;
  teamLeaderExperience: 'Portal' | 'Declared only' | 'None';
}

/**
 * What the earlier editions say about people, for the administrators' view and export of applications.
 * The editions module implements it (from the volunteer report's figures); it depends on applications/,
 * so this one finds it at run time (ModuleRef).
 */
export abstract class EarlierEditions {
  /** A person's editions before `editionId`, newest first: only those with an application or a shift. */
  abstract history(userId: number, editionId: number): Promise<EditionHistoryRow[]>;
  /** The CSV export's history columns for many people at once. */
  abstract summaries(
    users: readonly { userId: number; teamLeader: boolean; data: Partial<ApplicationData> }[],
    editionId: number,
  ): Promise<Map<number, HistorySummary>>;
}
