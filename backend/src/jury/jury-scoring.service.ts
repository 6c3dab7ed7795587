import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { type BlindApplication, JURY_SAVED_MESSAGE, type JuryScoreValues } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { SettingsService } from '../settings/settings.service.js';
import type { ScoreDto } from './dto/score.dto.js';
import { JuryAssignment } from './jury-assignment.entity.js';
import { isMysql } from '../database/dialect.js';
import { isUniqueViolation } from '../database/database-errors.js';
import { JuryScore } from './jury-score.entity.js';
import { ApplicationReference } from '../references/application-reference.entity.js';
import { JURY_ITEM_ID_PATTERN, juryItemId, juryItemKey } from './jury-item-id.js';
import type { BlindApplications } from '../applications/blind-applications.js';

export const JURY_MESSAGES = {
  notAssigned: 'This application is not assigned to you.',
  ownListOnly: 'You can only see your own jury assignments.',
  ownScoresOnly: 'You can only score as yourself.',
  notYourScore: 'This score belongs to another team leader.',
  alreadyScored: 'You have already scored this application; save again to update that score.',
  notOpen: (at: string) => `Jury scoring opens on ${formatUtc(at)}.`,
  closed: 'The jury deadline has passed; scores can no longer be saved.',
  essaysClosed: 'The jury deadline has passed; the essays are no longer available.',
  listClosed: 'The jury deadline has passed; the list of applications is closed.',
  notThisScore: 'sv_id is not the application of this score',
  saved: JURY_SAVED_MESSAGE,
} as const;

interface ItemRow {
  application_id: number | string;
  score_id: number | string | null;
  essay1: number | string | null;
  essay2: number | string | null;
  essay3: number | string | null;
  overall: number | string | null;
  red_flag: number | string | null;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The team leader's side of the jury: their list, the blind essays, and their scores, inside the jury window. */
@Injectable()
export class JuryScoringService implements BlindApplications {
  private readonly itemKey: Buffer;

  constructor(
    @InjectRepository(JuryAssignment) private readonly assignments: Repository<JuryAssignment>,
    @InjectRepository(JuryScore) private readonly scores: Repository<JuryScore>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.itemKey = juryItemKey(config.jwtSecret);
  }

  /** The opaque id (`student_volunteer_id`) by which a team leader knows one application on their jury. */
  itemIdOf(editionId: number, teamLeaderId: number, applicationId: number): string {
    return juryItemId(this.itemKey, editionId, teamLeaderId, applicationId);
  }

  /**
   * GET /jury/tl-assignments/{tlProfileId}: the caller's own items, scored or not, in a stable order,
   * each known by its opaque id; closed (409) once the jury deadline has passed.
   */
  async assignmentsOf(caller: AuthUser, teamLeaderId: number) {
    if (teamLeaderId !== caller.id) throw AppException.forbidden(JURY_MESSAGES.ownListOnly);
    const { gates } = await this.settings.gates();
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed(JURY_MESSAGES.listClosed);
    const editionId = await this.settings.currentId();
    const rows = await this.assignments.manager.query<ItemRow[]>(
      `SELECT ja.application_id AS application_id, s.id AS score_id, s.essay1 AS essay1, s.essay2 AS essay2, s.essay3 AS essay3,
              s.overall AS overall, s.red_flag AS red_flag
         FROM jury_assignments ja
         LEFT JOIN jury_scores s ON s.team_leader_id = ja.team_leader_id AND s.application_id = ja.application_id
        WHERE ja.team_leader_id = ? AND ja.edition_id = ?
        ORDER BY ja.id`,
      [caller.id, editionId],
    );
    const assignments = rows.map((row) => ({
      student_volunteer_id: this.itemIdOf(editionId, caller.id, Number(row.application_id)),
      score_id: numberOrNull(row.score_id),
      essay1: numberOrNull(row.essay1),
      essay2: numberOrNull(row.essay2),
      essay3: numberOrNull(row.essay3),
      overall: numberOrNull(row.overall),
      red_flag: numberOrNull(row.red_flag),
    }));
    return { assignments, assigned: assignments.length, scored: assignments.filter((a) => a.score_id !== null).length };
  }

  /** Whether `key` is the opaque id of one of the caller's items (an administrator's key may also be a user's). */
  async isItemOf(caller: AuthUser, key: string): Promise<boolean> {
    return (await this.findItem(this.assignments.manager, caller.id, key)) !== null;
  }

  /**
   * GET /application/{studentVolunteerId} for a team leader: the three essays of an application
   * assigned to them and nothing that identifies the applicant (docs/api.md), while the jury is open.
   * The key is the item's opaque id; anything else (a user id included) is not assigned (403).
   */
  async blindApplication(caller: AuthUser, key: string): Promise<BlindApplication> {
    const item = await this.findItem(this.assignments.manager, caller.id, key);
    const application = item && (await this.applications.findOneBy({ id: item.applicationId }));
    if (!application) throw AppException.forbidden(JURY_MESSAGES.notAssigned);
    const { gates, settings } = await this.settings.gates();
    if (!gates.afterJuryRelease)
      throw AppException.conflict(JURY_MESSAGES.notOpen(settings.timeline.juryReleaseDate), ErrorCode.JuryNotOpen);
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed(JURY_MESSAGES.essaysClosed);
    const data = application.data ?? {};
    return {
      student_volunteer_id: key,
      data: {
        essay1: data.essay1 ?? '',
        essay2: data.essay2 ?? '',
        essay3: data.essay3 ?? '',
        // Only with 'Show references to the jury' on, and never who the referee is.
        ...(settings.juryReferences ? { references: await this.receivedReferences(application.id) } : {}),
      },
    };
  }

  /** The received references of an application as the jury sees them: ratings and statement, no name, email or type. */
  private async receivedReferences(applicationId: number) {
    const rows = await this.references.find({ where: { applicationId, state: 'received' }, order: { slot: 'ASC' } });
    return rows.map((row) => ({
      relationship: row.relationship,
      knownFor: row.knownFor,
      ratings: row.ratings,
      averageRating: row.averageRating === null ? null : Number(row.averageRating),
      statement: row.statement,
    }));
  }

  /** POST /jury/score: the first score of an assigned application. */
  async create(caller: AuthUser, dto: ScoreDto) {
    if (dto.tl_id !== caller.id) throw AppException.forbidden(JURY_MESSAGES.ownScoresOnly);
    return this.assignments.manager.transaction(async (manager) => {
      const assignment = await this.lockAssignment(manager, caller.id, dto.sv_id);
      if (!assignment) throw AppException.forbidden(JURY_MESSAGES.notAssigned);
      await this.assertOpen();
      const existing = await manager.findOneBy(JuryScore, { teamLeaderId: caller.id, applicationId: assignment.applicationId });
      if (existing)
        throw AppException.conflict(JURY_MESSAGES.alreadyScored, ErrorCode.AlreadyScored, { score: this.view(existing, dto.sv_id) });
      const now = this.clock.now();
      const score = manager.create(JuryScore, {
        editionId: assignment.editionId,
        teamLeaderId: caller.id,
        applicationId: assignment.applicationId,
        ...values(dto),
        createdAt: now,
        updatedAt: now,
      });
      try {
        await manager.save(score);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppException.conflict(JURY_MESSAGES.alreadyScored, ErrorCode.AlreadyScored);
        throw error;
      }
      return { message: JURY_MESSAGES.saved, score: this.view(score, dto.sv_id) };
    });
  }

  /** POST /jury/score/{scoreId}: a later save of the same item. */
  async update(caller: AuthUser, scoreId: number, dto: ScoreDto) {
    if (dto.tl_id !== caller.id) throw AppException.forbidden(JURY_MESSAGES.ownScoresOnly);
    const score = await this.scores.findOneBy({ id: scoreId });
    if (!score) throw AppException.notFound(`There is no score ${scoreId}.`);
    if (score.teamLeaderId !== caller.id) throw AppException.forbidden(JURY_MESSAGES.notYourScore);
    await this.settings.assertCurrent(score.editionId);
    const item = await this.findItem(this.scores.manager, caller.id, dto.sv_id);
    if (!item) throw AppException.forbidden(JURY_MESSAGES.notAssigned);
    if (item.applicationId !== score.applicationId)
      throw AppException.badRequest(`${JURY_MESSAGES.notThisScore}.`, { sv_id: JURY_MESSAGES.notThisScore });
    await this.assertOpen();
    const updatedAt = new Date(Math.max(this.clock.now().getTime(), score.updatedAt.getTime()));
    await this.scores.update({ id: score.id }, { ...values(dto), updatedAt });
    // A reset may have removed it meanwhile: say so rather than report a save that did not happen.
    if (!(await this.scores.existsBy({ id: score.id }))) throw AppException.notFound(`There is no score ${scoreId}.`);
    return { message: JURY_MESSAGES.saved, score: this.view({ ...score, ...values(dto), updatedAt }, dto.sv_id) };
  }

  /** Scores are given between the jury release and the jury deadline only (409 otherwise). */
  private async assertOpen(): Promise<void> {
    const { gates, settings } = await this.settings.gates();
    if (!gates.afterJuryRelease)
      throw AppException.conflict(JURY_MESSAGES.notOpen(settings.timeline.juryReleaseDate), ErrorCode.JuryNotOpen);
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed(JURY_MESSAGES.closed);
  }

  /**
   * The caller's assignment in the current edition that the opaque id names, or null: an id of
   * another team leader, another edition, or a user id matches none of the caller's own.
   */
  private async findItem(manager: EntityManager, teamLeaderId: number, itemId: string): Promise<JuryAssignment | null> {
    if (!JURY_ITEM_ID_PATTERN.test(itemId)) return null;
    const editionId = await this.settings.currentId();
    const own = await manager
      .getRepository(JuryAssignment)
      .find({ where: { teamLeaderId, editionId }, select: { id: true, editionId: true, teamLeaderId: true, applicationId: true } });
    return own.find((row) => this.itemIdOf(editionId, teamLeaderId, row.applicationId) === itemId) ?? null;
  }

  /** The caller's assignment the opaque id names, locked on MySQL so a concurrent re-assignment cannot drop it under the new score. */
  private async lockAssignment(manager: EntityManager, teamLeaderId: number, itemId: string): Promise<JuryAssignment | null> {
    const item = await this.findItem(manager, teamLeaderId, itemId);
    if (!item || !isMysql(manager)) return item;
    return manager
      .getRepository(JuryAssignment)
      .createQueryBuilder('ja')
      .where('ja.id = :id', { id: item.id })
      .setLock('pessimistic_write')
      .getOne();
  }

  private view(
    score: Pick<JuryScore, 'id' | 'teamLeaderId' | 'essay1' | 'essay2' | 'essay3' | 'overall' | 'redFlag' | 'updatedAt'>,
    studentVolunteerId: string,
  ) {
    return {
      score_id: score.id,
      tl_id: score.teamLeaderId,
      sv_id: studentVolunteerId,
      student_volunteer_id: studentVolunteerId,
      essay1: score.essay1,
      essay2: score.essay2,
      essay3: score.essay3,
      overall: score.overall,
      red_flag: score.redFlag,
      updated_at: score.updatedAt.toISOString(),
    };
  }
}

function values(dto: ScoreDto): Pick<JuryScore, 'essay1' | 'essay2' | 'essay3' | 'overall' | 'redFlag'> {
  const v: JuryScoreValues = dto;
  return { essay1: v.essay1, essay2: v.essay2, essay3: v.essay3, overall: v.overall, redFlag: v.red_flag };
}

/** 'D MMMM YYYY [at] HH:mm' in UTC (docs/product.md, 'Formats and constants'). */
export function formatUtc(iso: string): string {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  return `${date} at ${at.toISOString().slice(11, 16)} UTC`;
}
