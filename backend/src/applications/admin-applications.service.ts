import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import type { Writable } from 'node:stream';
import { In, type Repository, type SelectQueryBuilder } from 'typeorm';
import {
  APPLICATION_LABELS,
  type ApplicationData,
  type CatalogueName,
  REFERENCE_STATES,
  REFERENCE_STATE_LABELS,
  type ReferenceState,
  type StatusState,
  allowedTargets,
  answerText,
  emptyApplicationData,
  entryForWireId,
  isProfileComplete,
} from '@svp/domain';
import type { ListQuery } from '../common/admin-list.js';
import { AppException } from '../common/errors/app.exception.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { profileOf } from '../users/profile.mapper.js';
import { User } from '../users/user.entity.js';
import { type SearchCriterion, whereUserMatches } from '../users/user-search.js';
import { Application } from './application.entity.js';
import { defuseFormula } from '../common/csv.js';
import { EditionHistoryService } from '../editions/edition-history.service.js';
import { ApplicationsService, statusOf } from './applications.service.js';

/** The filters of 'search by status' and of the applications list (each applies only when given). */
export interface ApplicationFilter {
  /** The edition whose applications are read. */
  editionId: number;
  q?: string;
  criterion?: SearchCriterion;
  completed?: boolean;
  teamLeader?: boolean;
  financialAid?: boolean;
  /** A lifecycle state. */
  state?: StatusState;
  ids?: number[];
  /** Applications with at least one reference in this state; 'none': no reference requested yet. */
  referenceState?: ReferenceState | 'none';
  /** The average of the received references' average ratings is at least this. */
  minReferenceRating?: number;
}

export const APPLICATION_SORTABLE = [
  'id', 'lastName', 'firstName', 'email', 'svid', 'completed', 'teamLeader', 'financialAid', 'status', 'updatedAt', 'submittedAt', 'averageScore',
  'referencesReceived', 'referenceRating',
] as const;

const SORT_COLUMNS: Record<(typeof APPLICATION_SORTABLE)[number], string> = {
  id: 'a.id',
  lastName: 'u.last_name',
  firstName: 'u.first_name',
  email: 'u.email',
  svid: 'u.svid',
  completed: 'a.completed',
  teamLeader: 'a.team_leader',
  financialAid: 'a.financial_aid',
  status: 'a.status',
  updatedAt: 'a.updated_at',
  submittedAt: 'a.submitted_at',
  averageScore: 'average_score',
  referencesReceived: 'references_received',
  referenceRating: 'reference_rating',
};

/** The references an application has received, and the mean of their average ratings (issue #21). */
const REFERENCES_RECEIVED = "(SELECT COUNT(*) FROM application_references r WHERE r.application_id = a.id AND r.state = 'received')";
const REFERENCE_RATING =
  "(SELECT AVG(r.average_rating) FROM application_references r WHERE r.application_id = a.id AND r.state = 'received' AND r.average_rating IS NOT NULL)";
const referenceStateOf = (slot: 1 | 2) => `(SELECT r.state FROM application_references r WHERE r.application_id = a.id AND r.slot = ${slot})`;

/** The average of each juror's mean essay score: what the export ranks by. */
const AVERAGE_SCORE = '(SELECT AVG((s.essay1 + s.essay2 + s.essay3) / 3.0) FROM jury_scores s WHERE s.application_id = a.id)';

interface Row {
  a_id: number;
  a_user_id: number;
  a_data: string;
  a_completed: number | boolean;
  a_team_leader: number | boolean;
  a_financial_aid: number | boolean;
  a_status: StatusState;
  a_status_tag: Application['statusTag'];
  a_updated_at: Date | string;
  a_submitted_at: Date | string | null;
  u_first_name: string;
  u_last_name: string;
  u_email: string;
  u_svid: string;
  u_username: string;
  average_score: number | string | null;
  references_received: number | string | null;
  reference_rating: number | string | null;
  first_reference_state: ReferenceState | null;
  second_reference_state: ReferenceState | null;
}

export const EXPORT_FILE_NAME = 'filtered-sv-apps.csv';
/** The spec's columns, first and in this order (operations-area §7). */
export const EXPORT_IDENTITY_COLUMNS = ['First Name', 'Last Name', 'Email', 'SV ID', 'Completed', 'Team Leader', 'Financial Aid', 'Username'] as const;
export const EXPORT_STATUS_COLUMN = 'Processing Status';
export const EXPORT_SCORE_COLUMN = 'Average Essay Score';
/** The person's earlier editions (#23), with `history=true`. */
export const EXPORT_HISTORY_COLUMNS = ['Earlier Editions', 'Earlier Hours Worked', 'Earlier Average Rating', 'Earlier No-shows', 'TL Experience'] as const;
/** After the Processing Status: where each reference stands and what the received ones say on average. */
export const EXPORT_REFERENCE_COLUMNS = ['First Reference State', 'Second Reference State', 'References Received', 'Average Reference Rating'] as const;
/** Data fields left out of the export (applicant-area §3, operations-area §7). */
const EXPORT_EXCLUDED = new Set(['proofOfEnrollment', 'step', 'acceptedTerms']);
export const EXPORT_DATA_FIELDS = Object.keys(emptyApplicationData()).filter((k) => !EXPORT_EXCLUDED.has(k)) as (keyof ApplicationData)[];

interface ExportColumn {
  header: string;
  cell: (data: Partial<ApplicationData>) => string;
}

/**
 * 'With App Data': each answer under its label as the applicant saw it, worded as a person reads it
 * (answerText); the school's country also keeps its ISO code, which spreadsheets and mail merges match on.
 */
export const EXPORT_DATA_COLUMNS: readonly ExportColumn[] = EXPORT_DATA_FIELDS.flatMap((field): ExportColumn[] => {
  const column = { header: APPLICATION_LABELS[field], cell: (data: Partial<ApplicationData>) => answerText(field, data[field]) };
  if (field !== 'schoolCountry') return [column];
  return [column, { header: 'School Country Code', cell: (data) => (typeof data.schoolCountry === 'string' ? data.schoolCountry : '') }];
});

/** Rows fetched per query while exporting: small, so each batch's text dies young. */
const EXPORT_BATCH = 100;

/** Statistics, search, filtered lists and the CSV export for administrators; one service behind the spec's calls and the admin resource. */
@Injectable()
export class AdminApplicationsService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AuditEntry) private readonly auditEntries: Repository<AuditEntry>,
    private readonly views: ApplicationsService,
    private readonly settings: SettingsService,
    private readonly editionHistory: EditionHistoryService,
  ) {}

  /** Counts for the dashboard: started, completed, TL and aid applicants, per status, per day, and the funnel. */
  async statistics(requested?: unknown) {
    const edition = await this.settings.editionFor(requested);
    const { statusCatalogue } = edition.settings;
    const editionId = edition.id;
    const totals = await this.applications
      .createQueryBuilder('a')
      .where('a.edition_id = :editionId', { editionId })
      .select('COUNT(*)', 'total')
      .addSelect('SUM(CASE WHEN a.completed = :yes THEN 1 ELSE 0 END)', 'completed')
      .addSelect('SUM(CASE WHEN a.team_leader = :yes THEN 1 ELSE 0 END)', 'team_leader')
      .addSelect('SUM(CASE WHEN a.financial_aid = :yes THEN 1 ELSE 0 END)', 'financial_aid')
      .setParameter('yes', true)
      .getRawOne<Record<string, string | number | null>>();
    const byStatus = await this.applications
      .createQueryBuilder('a')
      .select('a.status', 'state')
      .addSelect('a.status_tag', 'tag')
      .addSelect('COUNT(*)', 'count')
      .where('a.completed = :yes', { yes: true })
      .andWhere('a.edition_id = :editionId', { editionId })
      .groupBy('a.status')
      .addGroupBy('a.status_tag')
      .getRawMany<{ state: StatusState; tag: Application['statusTag']; count: string | number }>();
    const started = await this.perDay(editionId, 'a.created_at');
    const completedPerDay = await this.perDay(editionId, 'a.submitted_at', true);
    const days = [...new Set([...started.keys(), ...completedPerDay.keys()])].sort();
    const applicants = await this.users.find({ where: { isAdmin: false } });
    const number = (value: unknown) => Number(value ?? 0);
    const statuses = new Map<string, { id: number | null; label: string; count: number }>();
    for (const row of byStatus) {
      const entry = statusOf(statusCatalogue, { status: row.state, statusTag: row.tag });
      const key = String(entry.application_status_id);
      const current = statuses.get(key) ?? { id: entry.application_status_id, label: entry.status, count: 0 };
      current.count += number(row.count);
      statuses.set(key, current);
    }
    return {
      total: number(totals?.total),
      completed: number(totals?.completed),
      team_leader: number(totals?.team_leader),
      financial_aid: number(totals?.financial_aid),
      by_status: [...statuses.values()],
      per_day: days.map((date) => ({ date, started: started.get(date) ?? 0, completed: completedPerDay.get(date) ?? 0 })),
      funnel: {
        registered: applicants.length,
        profile_complete: applicants.filter((u) => isProfileComplete(profileOf(u))).length,
        started: number(totals?.total),
        completed: number(totals?.completed),
      },
    };
  }

  /** 'Search by user': email, first name or last name containing the text. */
  async searchByUser(criterion: 'email' | 'firstName' | 'lastName', text: string) {
    const rows = await this.query({ editionId: await this.settings.currentId(), criterion, q: text }).orderBy('u.last_name', 'ASC').addOrderBy('a.id', 'ASC').limit(200).getRawMany<Row>();
    return rows.map((row) => ({
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      email: row.u_email,
      svId: row.u_svid,
      username: row.u_username,
      completed: !!row.a_completed,
      teamLeader: !!row.a_team_leader,
      financialAid: !!row.a_financial_aid,
      completed_at: row.a_submitted_at,
      team_leader: !!row.a_team_leader,
      financial_aid: !!row.a_financial_aid,
      sv: { Username: row.u_username, Attributes: this.attributes(row) },
    }));
  }

  /** 'Search by status': the filtered list, a page at a time, optionally with data and average scores. */
  async filteredPage(filter: Omit<ApplicationFilter, 'editionId'>, page: number, limit: number, withData: boolean, withScores: boolean) {
    const scoped = { ...filter, editionId: await this.settings.currentId() };
    const total = await this.query(scoped).getCount();
    const rows = await this.query(scoped)
      .orderBy(withScores ? 'average_score' : 'a.id', withScores ? 'DESC' : 'ASC')
      .addOrderBy('a.id', 'ASC')
      .offset((page - 1) * limit)
      .limit(limit)
      .getRawMany<Row>();
    return {
      apps: rows.map((row) => ({
        sv_id: row.a_user_id,
        sv: { ...this.attributes(row), username: row.u_username, Username: row.u_username },
        completed: !!row.a_completed,
        team_leader: !!row.a_team_leader,
        financial_aid: !!row.a_financial_aid,
        ...(withData ? { data: { ...emptyApplicationData(), ...parseData(row.a_data) } } : {}),
        ...(withScores ? { totalavg: averageOf(row) } : {}),
      })),
      total,
      limit,
      pages: Math.max(1, Math.ceil(total / limit)),
      page,
    };
  }

  /** The applications resource of the admin panel. */
  async list(list: ListQuery) {
    const edition = await this.settings.editionFor(list.filter.edition);
    const { statusCatalogue } = edition.settings;
    const filter = filterFromResource(list.filter, statusCatalogue, edition.id);
    const total = await this.query(filter).getCount();
    const rows = await this.query(filter)
      .orderBy(SORT_COLUMNS[list.sort.field as keyof typeof SORT_COLUMNS], list.sort.order)
      .addOrderBy('a.id', 'ASC')
      .offset(list.offset)
      .limit(list.limit)
      .getRawMany<Row>();
    return { rows: rows.map((row) => this.resourceRow(row, statusCatalogue)), total };
  }

  /** One application with everything the show view needs: data, proof, confirmation, allowed moves, history. */
  async get(id: number) {
    const application = await this.applications.findOneBy({ id });
    if (!application) throw AppException.notFound(`There is no application with id ${id}.`);
    const user = await this.users.findOneByOrFail({ id: application.userId });
    const { statusCatalogue } = (await this.settings.edition(application.editionId))!.settings;
    const view = await this.views.view(application, user, 'admin');
    const history = await this.auditEntries.find({ where: { entity: 'application', entityId: String(id) }, order: { id: 'ASC' } });
    const [row] = await this.query({ editionId: application.editionId, ids: [id] }).getRawMany<Row>();
    const actorIds = [...new Set(history.map((entry) => entry.actorId).filter((actorId): actorId is number => actorId !== null))];
    const actors = actorIds.length ? await this.users.find({ where: { id: In(actorIds) }, select: { id: true, firstName: true, lastName: true } }) : [];
    const actorNames = new Map(actors.map((actor) => [actor.id, `${actor.firstName} ${actor.lastName}`]));
    return {
      ...this.resourceRow(row!, statusCatalogue),
      application: view,
      editionId: application.editionId,
      editionHistory: await this.editionHistory.history(application.userId, application.editionId),
      teamLeaderCheck: application.teamLeader ? await this.editionHistory.teamLeaderCheck(application.userId, application.editionId, application.data) : null,
      allowedStatuses: allowedTargets(statusCatalogue, application.status, application.statusTag).map(({ id: value, label }) => ({ id: value, label })),
      history: history.map((entry) => ({
        at: entry.createdAt.toISOString(),
        actor: entry.actorEmail,
        actorName: entry.actorId === null ? null : (actorNames.get(entry.actorId) ?? null),
        from: entry.before,
        to: entry.after,
      })),
    };
  }

  /** Streams the CSV of the filtered applications (a UTF-8 BOM, every cell quoted as needed, formula cells defused). */
  async exportCsv(filter: ApplicationFilter, withData: boolean, withScores: boolean, out: Writable, signal?: { aborted: boolean }, withHistory = false): Promise<void> {
    const { statusCatalogue } = (await this.settings.edition(filter.editionId))!.settings;
    const columns: string[] = [...EXPORT_IDENTITY_COLUMNS, EXPORT_STATUS_COLUMN, ...EXPORT_REFERENCE_COLUMNS];
    if (withData) columns.push(...EXPORT_DATA_COLUMNS.map((column) => column.header));
    if (withScores) columns.push(EXPORT_SCORE_COLUMN);
    if (withHistory) columns.push(...EXPORT_HISTORY_COLUMNS);
    const csv = stringify({ header: true, columns, bom: true, quoted_match: /[",\r\n]/ });
    csv.pipe(out);
    const write = async (record: unknown[]) => {
      if (!csv.write(record)) await new Promise((resolve) => csv.once('drain', resolve));
    };
    // The order is read once (ids only), then the rows follow in small batches by id: memory stays flat
    // whatever the number of applications, and no cursor has to compare rounded averages.
    const order = await this.query(filter)
      .select('a.id', 'a_id')
      .orderBy(`COALESCE(${AVERAGE_SCORE}, -1)`, 'DESC')
      .addOrderBy('a.id', 'ASC')
      .getRawMany<{ a_id: number | string }>();
    const ids = order.map((row) => Number(row.a_id));
    for (let start = 0; start < ids.length && !signal?.aborted; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const byId = new Map((await this.query({ editionId: filter.editionId, ids: batch }).getRawMany<Row>()).map((row) => [Number(row.a_id), row]));
      const histories = withHistory
        ? await this.editionHistory.summaries(
            [...byId.values()].map((row) => ({ userId: Number(row.a_user_id), teamLeader: !!row.a_team_leader, data: parseData(row.a_data) })),
            filter.editionId,
          )
        : null;
      for (const id of batch) {
        const row = byId.get(id);
        if (!row) continue; // deleted since the order was read
        const record: unknown[] = [
          row.u_first_name,
          row.u_last_name,
          row.u_email,
          row.u_svid,
          yesNo(row.a_completed),
          yesNo(row.a_team_leader),
          yesNo(row.a_financial_aid),
          row.u_username,
          statusOf(statusCatalogue, { status: row.a_status, statusTag: row.a_status_tag }).status,
          row.first_reference_state ? REFERENCE_STATE_LABELS[row.first_reference_state] : '',
          row.second_reference_state ? REFERENCE_STATE_LABELS[row.second_reference_state] : '',
          Number(row.references_received ?? 0),
          referenceRatingOf(row) === null ? '' : referenceRatingOf(row)!.toFixed(2),
        ];
        if (withData) {
          const data = { ...emptyApplicationData(), ...parseData(row.a_data) };
          record.push(...EXPORT_DATA_COLUMNS.map((column) => column.cell(data)));
        }
        if (withScores) record.push(averageOf(row) === null ? '' : averageOf(row)!.toFixed(2));
        if (histories) {
          const history = histories.get(Number(row.a_user_id))!;
          record.push(history.editions.join(', '), history.hoursWorked, history.averageRating === null ? '' : history.averageRating.toFixed(2), history.noShows, history.teamLeaderExperience);
        }
        await write(record.map(defuseFormula));
      }
    }
    csv.end();
    await new Promise((resolve) => out.once('finish', resolve).once('close', resolve));
  }

  async count(filter: ApplicationFilter): Promise<number> {
    return this.query(filter).getCount();
  }

  private query(filter: ApplicationFilter): SelectQueryBuilder<Application> {
    const builder = this.applications
      .createQueryBuilder('a')
      .innerJoin(User, 'u', 'u.id = a.user_id')
      .select([
        'a.id AS a_id',
        'a.user_id AS a_user_id',
        'a.data AS a_data',
        'a.completed AS a_completed',
        'a.team_leader AS a_team_leader',
        'a.financial_aid AS a_financial_aid',
        'a.status AS a_status',
        'a.status_tag AS a_status_tag',
        'a.updated_at AS a_updated_at',
        'a.submitted_at AS a_submitted_at',
        'u.first_name AS u_first_name',
        'u.last_name AS u_last_name',
        'u.email AS u_email',
        'u.svid AS u_svid',
        'u.username AS u_username',
      ])
      .addSelect(AVERAGE_SCORE, 'average_score')
      .addSelect(REFERENCES_RECEIVED, 'references_received')
      .addSelect(REFERENCE_RATING, 'reference_rating')
      .addSelect(referenceStateOf(1), 'first_reference_state')
      .addSelect(referenceStateOf(2), 'second_reference_state');
    builder.where('a.edition_id = :editionId', { editionId: filter.editionId });
    if (filter.q) whereUserMatches(builder, 'u', filter.q, filter.criterion);
    if (filter.completed !== undefined) builder.andWhere('a.completed = :completed', { completed: filter.completed });
    if (filter.teamLeader !== undefined) builder.andWhere('a.team_leader = :teamLeader', { teamLeader: filter.teamLeader });
    if (filter.financialAid !== undefined) builder.andWhere('a.financial_aid = :financialAid', { financialAid: filter.financialAid });
    if (filter.state) builder.andWhere('a.status = :state', { state: filter.state });
    if (filter.ids) builder.andWhere(filter.ids.length ? 'a.id IN (:...ids)' : '1 = 0', { ids: filter.ids });
    if (filter.referenceState === 'none') builder.andWhere('NOT EXISTS (SELECT 1 FROM application_references r WHERE r.application_id = a.id)');
    else if (filter.referenceState) {
      builder.andWhere('EXISTS (SELECT 1 FROM application_references r WHERE r.application_id = a.id AND r.state = :referenceState)', { referenceState: filter.referenceState });
    }
    if (filter.minReferenceRating !== undefined) builder.andWhere(`${REFERENCE_RATING} >= :minReferenceRating`, { minReferenceRating: filter.minReferenceRating });
    return builder;
  }

  private async perDay(editionId: number, column: string, completedOnly = false): Promise<Map<string, number>> {
    const builder = this.applications
      .createQueryBuilder('a')
      .select(`DATE(${column})`, 'day')
      .addSelect('COUNT(*)', 'count')
      .where(`${column} IS NOT NULL`)
      .andWhere('a.edition_id = :editionId', { editionId });
    if (completedOnly) builder.andWhere('a.completed = :yes', { yes: true });
    const rows = await builder.groupBy(`DATE(${column})`).getRawMany<{ day: string | Date; count: string | number }>();
    return new Map(rows.map((row) => [row.day instanceof Date ? row.day.toISOString().slice(0, 10) : String(row.day).slice(0, 10), Number(row.count)]));
  }

  private attributes(row: Row) {
    return { given_name: row.u_first_name, family_name: row.u_last_name, email: row.u_email, 'custom:svid': row.u_svid };
  }

  private resourceRow(row: Row, catalogue: CatalogueName) {
    const status = statusOf(catalogue, { status: row.a_status, statusTag: row.a_status_tag });
    return {
      id: row.a_id,
      userId: row.a_user_id,
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      email: row.u_email,
      svid: row.u_svid,
      username: row.u_username,
      completed: !!row.a_completed,
      teamLeader: !!row.a_team_leader,
      financialAid: !!row.a_financial_aid,
      statusId: status.application_status_id,
      status: status.status,
      state: status.state,
      averageScore: averageOf(row),
      referencesReceived: Number(row.references_received ?? 0),
      referenceRating: referenceRatingOf(row),
      updatedAt: new Date(row.a_updated_at).toISOString(),
      submittedAt: row.a_submitted_at ? new Date(row.a_submitted_at).toISOString() : null,
    };
  }
}

/** The resource filter of react-admin: {q, criterion, completed, teamLeader, financialAid, statusId, id: []}. */
export function filterFromResource(raw: Record<string, unknown>, catalogue: CatalogueName, editionId: number): ApplicationFilter {
  const filter: ApplicationFilter = { editionId };
  if (typeof raw.q === 'string') filter.q = raw.q;
  if (raw.criterion === 'email' || raw.criterion === 'firstName' || raw.criterion === 'lastName') filter.criterion = raw.criterion;
  for (const key of ['completed', 'teamLeader', 'financialAid'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'boolean') throw AppException.badRequest(`${key} must be true or false`, { [key]: `${key} must be true or false` });
    filter[key] = raw[key] as boolean;
  }
  if (raw.statusId !== undefined) {
    const entry = entryForWireId(catalogue, raw.statusId === null ? null : Number(raw.statusId));
    if (!entry) throw AppException.badRequest('statusId is not a status of the active catalogue', { statusId: 'unknown status' });
    filter.state = entry.state;
  }
  if (Array.isArray(raw.id)) filter.ids = raw.id.map(Number).filter(Number.isInteger);
  if (raw.referenceState !== undefined && raw.referenceState !== null && raw.referenceState !== '') {
    if (raw.referenceState !== 'none' && !(REFERENCE_STATES as readonly unknown[]).includes(raw.referenceState)) {
      const message = `referenceState must be one of ${[...REFERENCE_STATES, 'none'].join(', ')}`;
      throw AppException.badRequest(message, { referenceState: message });
    }
    filter.referenceState = raw.referenceState as ReferenceState | 'none';
  }
  if (raw.minReferenceRating !== undefined && raw.minReferenceRating !== null && raw.minReferenceRating !== '') {
    const min = Number(raw.minReferenceRating);
    if (typeof raw.minReferenceRating === 'boolean' || !Number.isFinite(min) || min < 1 || min > 5) {
      throw AppException.badRequest('minReferenceRating must be a number from 1 to 5', { minReferenceRating: 'minReferenceRating must be a number from 1 to 5' });
    }
    filter.minReferenceRating = min;
  }
  return filter;
}

function parseData(value: string | object): Partial<ApplicationData> {
  if (typeof value !== 'string') return value as Partial<ApplicationData>;
  try {
    return JSON.parse(value) as Partial<ApplicationData>;
  } catch {
    return {};
  }
}

function referenceRatingOf(row: Row): number | null {
  return row.reference_rating === null || row.reference_rating === undefined ? null : Math.round(Number(row.reference_rating) * 100) / 100;
}

function averageOf(row: Row): number | null {
  return row.average_score === null || row.average_score === undefined ? null : Math.round(Number(row.average_score) * 100) / 100;
}

const yesNo = (value: unknown) => (value === true || value === 1 || value === '1' ? 'Yes' : 'No');
