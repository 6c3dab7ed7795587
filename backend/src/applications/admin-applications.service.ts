import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { type CatalogueName, allowedTargets, emptyApplicationData } from '@svp/domain';
import type { ListQuery } from '../common/admin-list.js';
import { AppException } from '../common/errors/app.exception.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import {
  type AdminApplicationRow,
  AdminApplicationQuery,
  type ApplicationFilter,
  averageOf,
  filterFromResource,
  parseData,
  referenceRatingOf,
} from './admin-application-query.js';
import { Application } from './application.entity.js';
import { ApplicationsService, statusOf } from './applications.service.js';
import { EarlierEditions } from './earlier-editions.js';
import { PortalYears } from './portal-years.service.js';

export const APPLICATION_SORTABLE = [
  'id',
  'lastName',
  'firstName',
  'email',
  'svid',
  'completed',
  'teamLeader',
  'financialAid',
  'status',
  'updatedAt',
  'submittedAt',
  'averageScore',
  'referencesReceived',
  'referenceRating',
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

/** Search, filtered lists and one application's view for administrators, behind the kept calls and the admin resource. */
@Injectable()
export class AdminApplicationsService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AuditEntry) private readonly auditEntries: Repository<AuditEntry>,
    private readonly rows: AdminApplicationQuery,
    private readonly views: ApplicationsService,
    private readonly settings: SettingsService,
    private readonly portalYears: PortalYears,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** 'Search by user': email, first name or last name containing the text. */
  async searchByUser(criterion: 'email' | 'firstName' | 'lastName', text: string) {
    const rows = await this.rows
      .matching({ editionId: await this.settings.currentId(), criterion, q: text })
      .orderBy('u.last_name', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .limit(200)
      .getRawMany<AdminApplicationRow>();
    return rows.map((row) => ({
      firstName: row.u_first_name,
      lastName: row.u_last_name,
      email: row.u_email,
      svId: row.u_svid,
      username: row.u_username,
      completed: !!row.a_completed,
      teamLeader: !!row.a_team_leader,
      financialAid: !!row.a_financial_aid,
      completed_at: row.a_submitted_at ? new Date(row.a_submitted_at).toISOString() : null,
      team_leader: !!row.a_team_leader,
      financial_aid: !!row.a_financial_aid,
      sv: { Username: row.u_username, Attributes: this.attributes(row) },
    }));
  }

  /** 'Search by status': the filtered list, a page at a time, optionally with data and average scores. */
  async filteredPage(filter: Omit<ApplicationFilter, 'editionId'>, page: number, limit: number, withData: boolean, withScores: boolean) {
    const scoped = { ...filter, editionId: await this.settings.currentId() };
    const total = await this.rows.matching(scoped).getCount();
    const rows = await this.rows
      .matching(scoped)
      .orderBy(withScores ? 'average_score' : 'a.id', withScores ? 'DESC' : 'ASC')
      .addOrderBy('a.id', 'ASC')
      .offset((page - 1) * limit)
      .limit(limit)
      .getRawMany<AdminApplicationRow>();
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
    const total = await this.rows.matching(filter).getCount();
    const rows = await this.rows
      .matching(filter)
      .orderBy(SORT_COLUMNS[list.sort.field as keyof typeof SORT_COLUMNS], list.sort.order)
      .addOrderBy('a.id', 'ASC')
      .offset(list.offset)
      .limit(list.limit)
      .getRawMany<AdminApplicationRow>();
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
    const [row] = await this.rows.matching({ editionId: application.editionId, ids: [id] }).getRawMany<AdminApplicationRow>();
    const actorIds = [...new Set(history.map((entry) => entry.actorId).filter((actorId): actorId is number => actorId !== null))];
    const actors = actorIds.length
      ? await this.users.find({ where: { id: In(actorIds) }, select: { id: true, firstName: true, lastName: true } })
      : [];
    const actorNames = new Map(actors.map((actor) => [actor.id, `${actor.firstName} ${actor.lastName}`]));
    return {
      ...this.resourceRow(row!, statusCatalogue),
      application: view,
      editionId: application.editionId,
      editionHistory: await this.earlierEditions().history(application.userId, application.editionId),
      teamLeaderCheck: application.teamLeader
        ? await this.portalYears.teamLeaderCheck(application.userId, application.editionId, application.data)
        : null,
      allowedStatuses: allowedTargets(statusCatalogue, application.status, application.statusTag).map(({ id: value, label }) => ({
        id: value,
        label,
      })),
      history: history.map((entry) => ({
        at: entry.createdAt.toISOString(),
        actor: entry.actorEmail,
        actorName: entry.actorId === null ? null : (actorNames.get(entry.actorId) ?? null),
        from: entry.before,
        to: entry.after,
      })),
    };
  }

  // The editions module answers; it depends on this one, so it is found at run time.
  private earlierEditions(): EarlierEditions {
    return this.moduleRef.get(EarlierEditions, { strict: false });
  }

  private attributes(row: AdminApplicationRow) {
    return { given_name: row.u_first_name, family_name: row.u_last_name, email: row.u_email, 'custom:svid': row.u_svid };
  }

  private resourceRow(row: AdminApplicationRow, catalogue: CatalogueName) {
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
