import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import {
  type ApplicationData,
  type CatalogueName,
  REFERENCE_STATES,
  type ReferenceState,
  type StatusState,
  entryForWireId,
} from '@svp/domain';
import { filterOf } from '../common/admin-list.js';
import { AppException } from '../common/errors/app.exception.js';
import { User } from '../users/user.entity.js';
import { type SearchCriterion, whereUserMatches } from '../users/user-search.js';
import { Application } from './application.entity.js';

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

/** The references an application has received, and the mean of their average ratings. */
const REFERENCES_RECEIVED = "(SELECT COUNT(*) FROM application_references r WHERE r.application_id = a.id AND r.state = 'received')";
const REFERENCE_RATING =
  "(SELECT AVG(r.average_rating) FROM application_references r WHERE r.application_id = a.id AND r.state = 'received' " +
  'AND r.average_rating IS NOT NULL)';
const referenceStateOf = (slot: 1 | 2) =>
  `(SELECT r.state FROM application_references r WHERE r.application_id = a.id AND r.slot = ${slot})`;

/** The average of each juror's mean essay score: what the export ranks by. */
export const AVERAGE_SCORE = '(SELECT AVG((s.essay1 + s.essay2 + s.essay3) / 3.0) FROM jury_scores s WHERE s.application_id = a.id)';

/** One row of AdminApplicationQuery.matching: the application's and its applicant's columns, and the figures beside them. */
export interface AdminApplicationRow {
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

/**
 * The applications an administrator's filter names, one row each with the applicant and the jury's and
 * references' figures: what the list, the searches and the CSV export read.
 */
@Injectable()
export class AdminApplicationQuery {
  constructor(@InjectRepository(Application) private readonly applications: Repository<Application>) {}

  /** The applications of `filter` in its edition; the caller orders and pages them. */
  matching(filter: ApplicationFilter): SelectQueryBuilder<Application> {
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
    if (filter.referenceState === 'none')
      builder.andWhere('NOT EXISTS (SELECT 1 FROM application_references r WHERE r.application_id = a.id)');
    else if (filter.referenceState) {
      builder.andWhere('EXISTS (SELECT 1 FROM application_references r WHERE r.application_id = a.id AND r.state = :referenceState)', {
        referenceState: filter.referenceState,
      });
    }
    if (filter.minReferenceRating !== undefined)
      builder.andWhere(`${REFERENCE_RATING} >= :minReferenceRating`, { minReferenceRating: filter.minReferenceRating });
    return builder;
  }
}

/** What the applications list and its CSV export filter on, each key with its kind (common/admin-list.ts). */
export const APPLICATION_FILTERS = {
  q: filterOf.text(),
  criterion: filterOf.oneOf(['email', 'firstName', 'lastName']),
  completed: filterOf.boolean(),
  teamLeader: filterOf.boolean(),
  financialAid: filterOf.boolean(),
  /** A status id of the active catalogue; null (or 0) is pending. */
  statusId: filterOf.wholeNumberOrNull(),
  id: filterOf.ids(),
  referenceState: filterOf.oneOf([...REFERENCE_STATES, 'none']),
  minReferenceRating: filterOf.number(1, 5),
};

/** The resource filter of react-admin: {q, criterion, completed, teamLeader, financialAid, statusId, id: []}. */
export function filterFromResource(raw: Record<string, unknown>, catalogue: CatalogueName, editionId: number): ApplicationFilter {
  const filter: ApplicationFilter = { editionId };
  if (typeof raw.q === 'string') filter.q = raw.q;
  if (raw.criterion === 'email' || raw.criterion === 'firstName' || raw.criterion === 'lastName') filter.criterion = raw.criterion;
  for (const key of ['completed', 'teamLeader', 'financialAid'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'boolean')
      throw AppException.badRequest(`${key} must be true or false`, { [key]: `${key} must be true or false` });
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
      throw AppException.badRequest('minReferenceRating must be a number from 1 to 5', {
        minReferenceRating: 'minReferenceRating must be a number from 1 to 5',
      });
    }
    filter.minReferenceRating = min;
  }
  return filter;
}

export function parseData(value: string | object): Partial<ApplicationData> {
  if (typeof value !== 'string') return value as Partial<ApplicationData>;
  try {
    return JSON.parse(value) as Partial<ApplicationData>;
  } catch {
    return {};
  }
}

export function referenceRatingOf(row: AdminApplicationRow): number | null {
  return row.reference_rating === null || row.reference_rating === undefined ? null : Math.round(Number(row.reference_rating) * 100) / 100;
}

export function averageOf(row: AdminApplicationRow): number | null {
  return row.average_score === null || row.average_score === undefined ? null : Math.round(Number(row.average_score) * 100) / 100;
}
