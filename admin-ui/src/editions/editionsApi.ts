import type { EditionView, NextEditionProposal, StartEdition, StartedEdition } from '@svp/domain';
import { adminCall } from '../common/http';

/** The editions' calls (their part of the panel's data provider): /api/admin/editions. */
export interface EditionsApi {
  /** GET /api/admin/editions: every edition, newest first; the current one is marked. */
  editions(): Promise<{ data: EditionView[] }>;
  /**
   * GET /api/admin/editions/next: the current settings in the same week of the next year, or moved with `startDate` (the
   * conference's first day); what can be copied, and the team leaders who could keep the role.
   */
  nextEdition(startDate?: string): Promise<{ data: NextEditionProposal }>;
  /** POST /api/admin/editions: the new edition becomes current at once (400 on the settings' fields, 409 EDITION_EXISTS). */
  startEdition(request: StartEdition): Promise<{ data: StartedEdition }>;
}

export const editionsApi: EditionsApi = {
  editions: () => adminCall<EditionView[]>('/editions').then((data) => ({ data })),
  nextEdition: (startDate) =>
    adminCall<NextEditionProposal>(`/editions/next${startDate ? `?startDate=${encodeURIComponent(startDate)}` : ''}`).then((data) => ({
      data,
    })),
  startEdition: (request) =>
    adminCall<StartedEdition>('/editions', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
};
