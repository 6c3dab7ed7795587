import type { DataProvider, GetManyParams, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { type ApplicationsApi, applicationsApi } from './applications/applicationsApi';
import { type AuditApi, auditApi } from './audit/auditApi';
import { type BuilderApi, builderApi } from './builder/builderApi';
import { changedFields, listAll, listByIds, rest } from './common/http';
import { type DashboardApi, dashboardApi } from './dashboard/dashboardApi';
import { type EditionsApi, editionsApi } from './editions/editionsApi';
import { type JuryApi, juryApi } from './jury/juryApi';
import { type MessagesApi, messagesApi } from './messages/messagesApi';
import { constraintsResource } from './preferences/constraintsApi';
import { type ProposalsApi, proposalsApi } from './proposals/proposalsApi';
import { type RecordsApi, recordsApi } from './records/recordsApi';
import { type ReferencesApi, referencesApi } from './references/referencesApi';
import { type RostersApi, rostersApi } from './rosters/rostersApi';
import { type ScheduleApi, scheduleApi } from './schedule/scheduleApi';
import { type SettingsApi, settingsApi, settingsResource } from './settings/settingsApi';
import { type SwapsApi, swapsApi } from './swaps/swapsApi';

// The panel's data provider: ra-data-simple-rest on /api/admin (docs/api.md), the few resources that
// read or write otherwise, and each resource folder's calls outside that contract (its `*Api.ts`,
// tested beside it). The requests they all go through are in common/http.ts.

/** GET /api/application/statistics (what the dashboard shows), GET /api/settings and GET /api/files/{key}: the contract's shapes. */
export type { ApplicationStatistics as Statistics, ProofFile, PublicSettings } from '@svp/domain';
export type { Choice } from './audit/auditApi';
export { changedFields, errorCode } from './common/http';

export interface AdminDataProvider
  extends
    DataProvider,
    DashboardApi,
    SettingsApi,
    AuditApi,
    ApplicationsApi,
    JuryApi,
    ScheduleApi,
    SwapsApi,
    BuilderApi,
    ProposalsApi,
    ReferencesApi,
    RecordsApi,
    RostersApi,
    MessagesApi,
    EditionsApi {
  /** Every record of a resource matching the filter, fetched a page of 200 at a time. */
  listAll<T extends { id: number | string }>(resource: string, filter?: Record<string, unknown>): Promise<{ data: T[] }>;
}

/** Resources whose lists filter on `id: [..]`: their getMany asks for every id (the default range stops at 25). */
const MANY_BY_LIST = new Set(['users', 'venues', 'shifts', 'shift-assignments']);

/** Resources read or written otherwise than ra-data-simple-rest does. */
const OWN_RECORDS: Record<string, Pick<DataProvider, 'getOne' | 'update'>> = {
  settings: settingsResource,
  'volunteer-constraints': constraintsResource,
};

export const dataProvider: AdminDataProvider = {
  ...rest,
  getMany: <RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType>) =>
    MANY_BY_LIST.has(resource) ? listByIds<RecordType>(resource, params.ids) : rest.getMany<RecordType>(resource, params),
  getOne: <RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) =>
    (OWN_RECORDS[resource] ?? rest).getOne<RecordType>(resource, params),
  // Only the changed fields are sent: the API refuses read-only fields rather than ignoring them.
  update: <RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) => {
    const own = OWN_RECORDS[resource];
    if (own) return own.update<RecordType>(resource, params);
    return rest.update<RecordType>(resource, { ...params, data: changedFields(params.data, params.previousData) as Partial<RecordType> });
  },
  listAll,
  ...dashboardApi,
  ...settingsApi,
  ...auditApi,
  ...applicationsApi,
  ...juryApi,
  ...scheduleApi,
  ...swapsApi,
  ...builderApi,
  ...proposalsApi,
  ...referencesApi,
  ...recordsApi,
  ...rostersApi,
  ...messagesApi,
  ...editionsApi,
};
