import { ErrorCode, isErrorCode } from '@svp/domain';
import { type DataProvider, type GetOneParams, HttpError, type RaRecord, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { EditionComparison, EditionView, NextEditionProposal, StartEdition, VenueDayRoster } from '@svp/domain';
import type {
  ApplicationStatistics,
  AudienceNode,
  AudiencePreview,
  MessageDetail,
  MessagePreview,
  ProofFile,
  PublicSettings,
  StartedEdition,
  VolunteerConstraints as VolunteerConstraintsAnswer,
} from '@svp/domain';
import type { ApplicationRow, BulkStatusRequest, BulkStatusResult } from './applications/types';
import { getToken } from './authProvider';
import type { BuildRequest, ScheduleBuild } from './builder/types';
import { rememberContactEmail, requestError } from './common/contactEmail';
import { readOnlyRefusal, reportEditionReadOnly, withReadingEdition } from './editions/readingEdition';
import type { AssignJuryRequest, AssignJuryResult, JuryPreview, JuryStatistics } from './jury/types';
import type { MessageDraftText, RetryInclude } from './messages/types';
import type { VolunteerConstraints } from './preferences/types';
import type { ShiftProposalRow } from './proposals/types';
import type { LiveBoard, LogisticsReport, VenueReportRow } from './records/types';
import type { ReferenceRow } from './references/types';
import { rowErrorsOfBody } from './schedule/scheduleImport';
import type { ImportKind, ImportResult, ShiftCandidates } from './schedule/types';
import type { ShiftSwapRow } from './swaps/types';

const API = '/api/admin';

/** Every call of the panel: reads ask for the edition chosen in the app bar, changes are refused while an earlier one is read. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const read = (options.method ?? 'GET').toUpperCase() === 'GET';
  const refusal = read ? null : readOnlyRefusal();
  if (refusal) return Promise.reject(refusal);
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(read ? withReadingEdition(url) : url, { ...options, headers }).catch((error: unknown) => {
    if (errorCode(error) === ErrorCode.EditionReadOnly) reportEditionReadOnly((error as HttpError).message);
    throw requestError(error);
  });
};

/** The kept calls answer `{ success, data }`; their errors carry the message in `data.message`. */
async function envelope<T>(url: string, options?: fetchUtils.Options): Promise<T> {
  try {
    const { json } = await httpClient(url, options);
    return json.data as T;
  } catch (error) {
    if (error instanceof HttpError && error.body?.data?.message) throw new HttpError(error.body.data.message, error.status, error.body);
    throw error;
  }
}

/** A call under /api/admin outside the resources: answers `{ success, data }` (or the bare record); errors may carry the message in `data`.
 * */
async function adminCall<T>(path: string, options?: fetchUtils.Options): Promise<T> {
  try {
    const { json } = await httpClient(`${API}${path}`, options);
    return (json?.data ?? json) as T;
  } catch (error) {
    if (error instanceof HttpError && error.body?.data?.message) throw new HttpError(error.body.data.message, error.status, error.body);
    throw error;
  }
}

const post = { method: 'POST' };

/** A volunteer's availability as a react-admin record: its id is the user's. */
type ConstraintsAnswer = VolunteerConstraintsAnswer;
const constraintsRecord = (answer: ConstraintsAnswer) => ({ ...answer, id: answer.userId });

/** GET /api/application/statistics (what the dashboard shows), GET /api/settings and GET /api/files/{key}: the contract's shapes. */
export type { ApplicationStatistics as Statistics, ProofFile, PublicSettings } from '@svp/domain';

export interface Choice {
  id: string;
  name: string;
}

export interface AdminDataProvider extends DataProvider {
  statistics(): Promise<{ data: ApplicationStatistics }>;
  publicSettings(): Promise<{ data: PublicSettings }>;
  auditActions(): Promise<{ data: Choice[] }>;
  /** A proof of enrollment: the current edition's, or an earlier edition's (`edition`, its id). */
  proofFile(key: string, edition?: number): Promise<{ data: ProofFile }>;
  juryPreview(tlsPerApp: number): Promise<{ data: JuryPreview }>;
  assignJury(request: AssignJuryRequest): Promise<{ data: AssignJuryResult }>;
  juryStatistics(): Promise<{ data: JuryStatistics }>;
  /** GET /api/application/{username}: the id of that user's application (404 when there is no such user or no application). */
  applicationIdByUsername(username: string): Promise<{ data: { id: number } }>;
  /** The application rows with these ids, however many (the resource's getMany stops at one default page). */
  applicationsByIds(ids: readonly number[]): Promise<{ data: ApplicationRow[] }>;
  /** Every record of a resource matching the filter, fetched a page of 200 at a time. */
  listAll<T extends { id: number | string }>(resource: string, filter?: Record<string, unknown>): Promise<{ data: T[] }>;
  /** POST /api/admin/schedule-import/{kind}: a dry run checks every row; a real run writes all rows or none. */
  scheduleImport(kind: ImportKind, csv: string, dryRun: boolean): Promise<{ data: ImportResult }>;
  /** POST /api/admin/shift-swaps/{id}/cancel: closes an open swap request (409 when it is not open); answers the row. */
  cancelShiftSwap(id: number): Promise<{ data: ShiftSwapRow }>;
  /** POST /api/admin/applications/status: one processing status for many applications, with each one's outcome. */
  setStatusOfMany(request: BulkStatusRequest): Promise<{ data: BulkStatusResult }>;
  /** POST /api/admin/schedule-builds: starts a build in the background (409 BUILD_RUNNING while one runs on any server). */
  startScheduleBuild(request: BuildRequest): Promise<{ data: ScheduleBuild }>;
  /** GET /api/admin/schedule-builds/{id}: its progress, and its preview once built. */
  scheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/apply: writes the preview all or nothing (409 SCHEDULE_CHANGED when the schedule moved since). */
  applyScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/undo: restores the assignments as they were before the apply (the latest applied build only). */
  undoScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** POST …/{id}/discard: drops a preview. */
  discardScheduleBuild(id: number): Promise<{ data: ScheduleBuild }>;
  /** GET /api/admin/shifts/{id}/candidates: who fits every hard rule now, best first. */
  shiftCandidates(shiftId: number): Promise<{ data: ShiftCandidates }>;
  /** POST /api/admin/shift-proposals/{id}/accept: assigns the volunteer (409 with the rule it breaks), or as an exception with a reason. */
  acceptShiftProposal(id: number, exceptionReason?: string): Promise<{ data: ShiftProposalRow }>;
  declineShiftProposal(id: number): Promise<{ data: ShiftProposalRow }>;
  /** POST /api/admin/references/{id}/resend: a new request with a new link (409 once answered or after the closing date). */
  resendReference(id: number): Promise<{ data: ReferenceRow }>;
  /** POST /api/admin/references/{id}/withdraw: the referee's link stops working. */
  withdrawReference(id: number): Promise<{ data: ReferenceRow }>;
  /** GET /api/schedule/board: the shifts in progress or starting within the hour, with who has checked in. */
  liveBoard(): Promise<{ data: LiveBoard }>;
  /** GET /api/schedule/roster: one venue's shifts on one Pacific day, each with its volunteers, SV IDs and phone numbers. */
  venueDayRoster(venueId: number, day: string): Promise<{ data: VenueDayRoster }>;
  /** GET /api/admin/reports/venues, every page: each venue on each day of shifts, with its coverage and hours. */
  venueReport(): Promise<{ data: VenueReportRow[] }>;
  /** GET /api/admin/reports/logistics: the confirmation forms' totals and the people behind each count. */
  logisticsReport(): Promise<{ data: LogisticsReport }>;
  /** POST /api/admin/messages/audience: how many the audience holds now, and who (400 on `audience` when it is malformed). */
  messageAudience(audience: AudienceNode): Promise<{ data: AudiencePreview }>;
  /** POST /api/admin/messages/preview: the message as the audience's first recipient (or the caller) gets it. */
  previewMessage(text: MessageDraftText & { audience?: AudienceNode }): Promise<{ data: MessagePreview }>;
  /** POST /api/admin/messages/test: sends it now to the caller's own address, with the caller's values. */
  sendTestMessage(text: MessageDraftText): Promise<{ data: { sentTo: string } }>;
  /** POST /api/admin/messages/{id}/cancel: the queued recipients become cancelled (409 MESSAGE_FINISHED when none is queued). */
  cancelMessage(id: number): Promise<{ data: MessageDetail }>;
  /** POST …/{id}/resume: the cancelled recipients are queued again (409 NOTHING_TO_RESUME). */
  resumeMessage(id: number): Promise<{ data: MessageDetail }>;
  /** POST …/{id}/retry: the failed recipients (and, with 'sending', those a stopped server left) are queued again (409 NOTHING_TO_RETRY).
   * */
  retryMessage(id: number, include: RetryInclude): Promise<{ data: MessageDetail }>;
  /** GET /api/admin/editions: every edition, newest first; the current one is marked. */
  editions(): Promise<{ data: EditionView[] }>;
  /**
   * GET /api/admin/editions/next: the current settings in the same week of the next year, or moved with `startDate` (the
   * conference's first day); what can be copied, and the team leaders who could keep the role.
   */
  nextEdition(startDate?: string): Promise<{ data: NextEditionProposal }>;
  /** POST /api/admin/editions: the new edition becomes current at once (400 on the settings' fields, 409 EDITION_EXISTS). */
  startEdition(request: StartEdition): Promise<{ data: StartedEdition }>;
  /** GET /api/admin/statistics/comparison: this edition's figures beside the last one's, and per day a year apart. */
  editionComparison(): Promise<{ data: EditionComparison }>;
}

/** The page size of listAll: the largest the admin lists allow for every resource. */
const LIST_ALL_PAGE = 200;

/** Ids per request: the resource's page size allows 200, and the filter text stays short. */
const IDS_PER_REQUEST = 100;

const rest = simpleRestProvider(API, httpClient);

/** Resources whose lists filter on `id: [..]`: their getMany asks for every id (the default range stops at 25). */
const MANY_BY_LIST = new Set(['users', 'venues', 'shifts', 'shift-assignments']);

async function manyById(resource: string, ids: readonly unknown[]) {
  const chunks: unknown[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) chunks.push(ids.slice(start, start + IDS_PER_REQUEST));
  const pages = await Promise.all(
    chunks.map((chunk) =>
      rest.getList(resource, {
        filter: { id: chunk },
        pagination: { page: 1, perPage: chunk.length },
        sort: { field: 'id', order: 'ASC' },
      }),
    ),
  );
  return { data: pages.flatMap((page) => page.data) };
}

/** The admin resources live under /api/admin in ra-data-simple-rest form (docs/api.md); settings is a single record. */
export const dataProvider: AdminDataProvider = {
  ...rest,
  getMany: (resource, params) => (MANY_BY_LIST.has(resource) ? manyById(resource, params.ids) : rest.getMany(resource, params)),
  getOne: <RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) => {
    if (resource === 'settings') return httpClient(`${API}/settings`).then(({ json }) => ({ data: json as RecordType }));
    if (resource === 'volunteer-constraints') {
      return adminCall<ConstraintsAnswer>(`/volunteer-constraints/${encodeURIComponent(String(params.id))}`).then((answer) => ({
        data: constraintsRecord(answer) as unknown as RecordType,
      }));
    }
    return rest.getOne<RecordType>(resource, params);
  },
  // Only the changed fields are sent: the API refuses read-only fields rather than ignoring them.
  update: (resource, params) => {
    if (resource === 'volunteer-constraints') {
      // The availability is replaced whole: a list of unavailable times has no 'changed field'.
      const { unavailable, maxHoursPerDay, minRestMinutes } = params.data as VolunteerConstraints;
      return adminCall<ConstraintsAnswer>(`/volunteer-constraints/${encodeURIComponent(String(params.id))}`, {
        method: 'PUT',
        body: JSON.stringify({ unavailable, maxHoursPerDay, minRestMinutes }),
      }).then((answer) => ({ data: constraintsRecord(answer) as never }));
    }
    const data = changedFields(params.data, params.previousData);
    return resource === 'settings'
      ? httpClient(`${API}/settings`, { method: 'PUT', body: JSON.stringify(data) }).then(({ json }) => ({ data: json }))
      : rest.update(resource, { ...params, data });
  },
  statistics: () => envelope<ApplicationStatistics>('/api/application/statistics').then((data) => ({ data })),
  publicSettings: () =>
    envelope<PublicSettings>('/api/settings').then((data) => {
      rememberContactEmail(data.contactEmail);
      return { data };
    }),
  auditActions: () => httpClient(`${API}/audit/actions`).then(({ json }) => ({ data: json as Choice[] })),
  proofFile: (key, edition) =>
    envelope<ProofFile>(`/api/files/${encodeURIComponent(key)}${edition === undefined ? '' : `?edition=${edition}`}`).then((data) => ({
      data,
    })),
  juryPreview: (tlsPerApp) =>
    envelope<JuryPreview>(`/api/jury/preview?${new URLSearchParams({ TLsPerApp: String(tlsPerApp) })}`).then((data) => ({ data })),
  assignJury: (request) =>
    envelope<AssignJuryResult>('/api/jury/assign-jury', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
  juryStatistics: () => envelope<JuryStatistics>('/api/jury/statistics').then((data) => ({ data })),
  applicationIdByUsername: (username) =>
    envelope<{ id: number }>(`/api/application/${encodeURIComponent(username)}`).then(({ id }) => ({ data: { id } })),
  applicationsByIds: async (ids) => {
    const chunks: number[][] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) chunks.push(ids.slice(start, start + IDS_PER_REQUEST));
    const pages = await Promise.all(
      chunks.map((chunk) =>
        rest.getList<ApplicationRow>('applications', {
          filter: { id: chunk },
          pagination: { page: 1, perPage: chunk.length },
          sort: { field: 'id', order: 'ASC' },
        }),
      ),
    );
    return { data: pages.flatMap((page) => page.data) };
  },
  listAll: async <T extends { id: number | string }>(resource: string, filter: Record<string, unknown> = {}) => {
    const all: T[] = [];
    for (let page = 1; ; page++) {
      const { data, total } = await rest.getList<T>(resource, {
        filter,
        pagination: { page, perPage: LIST_ALL_PAGE },
        sort: { field: 'id', order: 'ASC' },
      });
      all.push(...data);
      if (data.length < LIST_ALL_PAGE || (total !== undefined && all.length >= total)) return { data: all };
    }
  },
  scheduleImport: async (kind, csv, dryRun) => {
    const url = `${API}/schedule-import/${kind}?${new URLSearchParams({ dryRun: String(dryRun) })}`;
    try {
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify({ csv }) });
      return { data: (json.data ?? json) as ImportResult };
    } catch (error) {
      // A refused import (400) lists its bad rows like a dry run does; nothing was written.
      const errors = error instanceof HttpError && error.status === 400 ? rowErrorsOfBody(error.body) : null;
      if (!errors) throw error;
      const counts = (error as HttpError).body?.data ?? (error as HttpError).body ?? {};
      const rows = typeof counts.rows === 'number' ? counts.rows : new Set(errors.map((e) => e.row)).size;
      const valid = typeof counts.valid === 'number' ? counts.valid : 0;
      return { data: { dryRun, rows, valid, errors, created: 0 } };
    }
  },
  cancelShiftSwap: (id) =>
    httpClient(`${API}/shift-swaps/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' }).then(({ json }) => ({
      data: (json.data ?? json) as ShiftSwapRow,
    })),
  setStatusOfMany: (request) =>
    httpClient(`${API}/applications/status`, { method: 'POST', body: JSON.stringify(request) }).then(({ json }) => ({
      data: json as BulkStatusResult,
    })),
  startScheduleBuild: (request) =>
    adminCall<ScheduleBuild>('/schedule-builds', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
  scheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}`).then((data) => ({ data })),
  applyScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/apply`, post).then((data) => ({ data })),
  undoScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/undo`, post).then((data) => ({ data })),
  discardScheduleBuild: (id) => adminCall<ScheduleBuild>(`/schedule-builds/${id}/discard`, post).then((data) => ({ data })),
  shiftCandidates: (shiftId) => adminCall<ShiftCandidates>(`/shifts/${shiftId}/candidates`).then((data) => ({ data })),
  acceptShiftProposal: (id, exceptionReason) =>
    adminCall<ShiftProposalRow>(`/shift-proposals/${id}/accept`, {
      ...post,
      ...(exceptionReason ? { body: JSON.stringify({ exceptionReason }) } : {}),
    }).then((data) => ({ data })),
  declineShiftProposal: (id) => adminCall<ShiftProposalRow>(`/shift-proposals/${id}/decline`, post).then((data) => ({ data })),
  resendReference: (id) => adminCall<ReferenceRow>(`/references/${id}/resend`, post).then((data) => ({ data })),
  withdrawReference: (id) => adminCall<ReferenceRow>(`/references/${id}/withdraw`, post).then((data) => ({ data })),
  liveBoard: () => envelope<LiveBoard>('/api/schedule/board').then((data) => ({ data })),
  venueDayRoster: (venueId, day) =>
    envelope<VenueDayRoster>(`/api/schedule/roster?${new URLSearchParams({ venueId: String(venueId), day })}`).then((data) => ({ data })),
  // A react-admin list on the server (25 rows unless asked): every venue-day, a page at a time.
  venueReport: () => dataProvider.listAll<VenueReportRow>('reports/venues'),
  logisticsReport: () => adminCall<LogisticsReport>('/reports/logistics').then((data) => ({ data })),
  messageAudience: (audience) =>
    adminCall<AudiencePreview>('/messages/audience', { method: 'POST', body: JSON.stringify({ audience }) }).then((data) => ({ data })),
  previewMessage: (text) =>
    adminCall<MessagePreview>('/messages/preview', { method: 'POST', body: JSON.stringify(text) }).then((data) => ({ data })),
  sendTestMessage: (text) =>
    adminCall<{ sentTo: string }>('/messages/test', { method: 'POST', body: JSON.stringify(text) }).then((data) => ({ data })),
  cancelMessage: (id) => adminCall<MessageDetail>(`/messages/${id}/cancel`, post).then((data) => ({ data })),
  resumeMessage: (id) => adminCall<MessageDetail>(`/messages/${id}/resume`, post).then((data) => ({ data })),
  retryMessage: (id, include) =>
    adminCall<MessageDetail>(`/messages/${id}/retry`, { method: 'POST', body: JSON.stringify({ include }) }).then((data) => ({ data })),
  editions: () => adminCall<EditionView[]>('/editions').then((data) => ({ data })),
  nextEdition: (startDate) =>
    adminCall<NextEditionProposal>(`/editions/next${startDate ? `?startDate=${encodeURIComponent(startDate)}` : ''}`).then((data) => ({
      data,
    })),
  startEdition: (request) =>
    adminCall<StartedEdition>('/editions', { method: 'POST', body: JSON.stringify(request) }).then((data) => ({ data })),
  editionComparison: () => adminCall<EditionComparison>('/statistics/comparison').then((data) => ({ data })),
};

/** The machine code of a refusal (`err`), wherever the answer put it. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const code: unknown = error.body?.err ?? error.body?.data?.err;
  return isErrorCode(code) ? code : undefined;
}

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => key !== 'id' && JSON.stringify(value) !== JSON.stringify(previous[key])),
  );
}
