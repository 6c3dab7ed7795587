import type { ApplicationStatistics, EditionComparison } from '@svp/domain';
import { adminCall, envelope } from '../common/http';

/** The dashboard's calls (its part of the panel's data provider). */
export interface DashboardApi {
  /** GET /api/application/statistics: the counts, per day, the funnel and per status. */
  statistics(): Promise<{ data: ApplicationStatistics }>;
  /** GET /api/admin/statistics/comparison: this edition's figures beside the last one's, and per day a year apart. */
  editionComparison(): Promise<{ data: EditionComparison }>;
}

export const dashboardApi: DashboardApi = {
  statistics: () => envelope<ApplicationStatistics>('/api/application/statistics').then((data) => ({ data })),
  editionComparison: () => adminCall<EditionComparison>('/statistics/comparison').then((data) => ({ data })),
};
