import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { JURY_SAVED_MESSAGE, type JuryScoreValues } from '@svp/domain';
import { Application } from '../applications/application.entity.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { SettingsService } from '../settings/settings.service.js';
import type { ScoreDto } from './dto/score.dto.js';
import { JuryAssignment } from './jury-assignment.entity.js';
import { isMysql, isUniqueViolation } from '../database/dialect.js';
import { JuryScore } from './jury-score.entity.js';
import { ApplicationReference } from '../references/application-reference.entity.js';

export const JURY_MESSAGES = {
  notAssigned: 'This application is not assigned to you.',
  ownListOnly: 'You can only see your own jury assignments.',
  ownScoresOnly: 'You can only score as yourself.',
  notYourScore: 'This score belongs to another team leader.',
  alreadyScored: 'You have already scored this application; save again to update that score.',
  notOpen: (at: string) => `Jury scoring opens on ${formatUtc(at)}.`,
  closed: 'The jury deadline has passed; scores can no longer be saved.',
  essaysClosed: 'The jury deadline has passed; the essays are no longer available.',
  saved: JURY_SAVED_MESSAGE,
} as const;

interface ItemRow {
  student_volunteer_id: number | string;
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
export class JuryScoringService {
  constructor(
    @InjectRepository(JuryAssignment) private readonly assignments: Repository<JuryAssignment>,
    @InjectRepository(JuryScore) private readonly scores: Repository<JuryScore>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(ApplicationReference) private readonly references: Repository<ApplicationReference>,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** GET /jury/tl-assignments/{tlProfileId}: the caller's own items, scored or not, in a stable order. */
  async assignmentsOf(caller: AuthUser, teamLeaderId: number) {
    if (teamLeaderId !== caller.id) throw AppException.forbidden(JURY_MESSAGES.ownListOnly);
    const rows = await this.assignments.manager.query<ItemRow[]>(
      `SELECT app.user_id AS student_volunteer_id, s.id AS score_id, s.essay1 AS essay1, s.essay2 AS essay2, s.essay3 AS essay3,
              s.overall AS overall, s.red_flag AS red_flag
         FROM jury_assignments ja
         JOIN applications app ON app.id = ja.application_id
         LEFT JOIN jury_scores s ON s.team_leader_id = ja.team_leader_id AND s.application_id = ja.application_id
        WHERE ja.team_leader_id = ? AND ja.edition_id = ?
        ORDER BY ja.id`,
      [caller.id, await this.settings.currentId()],
    );
    const assignments = rows.map((row) => ({
      student_volunteer_id: Number(row.student_volunteer_id),
      score_id: numberOrNull(row.score_id),
      essay1: numberOrNull(row.essay1),
      essay2: numberOrNull(row.essay2),
      essay3: numberOrNull(row.essay3),
      overall: numberOrNull(row.overall),
      red_flag: numberOrNull(row.red_flag),
    }));
    return { assignments, assigned: assignments.length, scored: assignments.filter((a) => a.score_id !== null).length };
  }

  /**
   * GET /application/{studentVolunteerId} for a team leader: the three essays of an application
   * assigned to them and nothing that identifies the applicant (docs/api.md), while the jury is open.
   */
  async blindApplication(caller: AuthUser, key: string) {
    const studentVolunteerId = /^\d{1,15}$/.test(key) ? Number(key) : null;
    if (studentVolunteerId === null) throw AppException.forbidden(JURY_MESSAGES.notAssigned);
    const application = await this.applications
      .createQueryBuilder('app')
      .innerJoin(JuryAssignment, 'ja', 'ja.application_id = app.id AND ja.team_leader_id = :teamLeaderId', { teamLeaderId: caller.id })
      .where('app.user_id = :studentVolunteerId', { studentVolunteerId })
      .andWhere('app.edition_id = :editionId', { editionId: await this.settings.currentId() })
      .getOne();
    if (!application) throw AppException.forbidden(JURY_MESSAGES.notAssigned);
    const { gates, settings } = await this.settings.gates();
    if (!gates.afterJuryRelease) throw AppException.conflict(JURY_MESSAGES.notOpen(settings.timeline.juryReleaseDate), 'JURY_NOT_OPEN');
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed(JURY_MESSAGES.essaysClosed);
    const data = application.data ?? {};
    return {
      student_volunteer_id: studentVolunteerId,
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
      if (existing) throw AppException.conflict(JURY_MESSAGES.alreadyScored, 'ALREADY_SCORED', { score: this.view(existing, dto.sv_id) });
      const now = this.clock.now();
      const score = manager.create(JuryScore, { editionId: assignment.editionId, teamLeaderId: caller.id, applicationId: assignment.applicationId, ...values(dto), createdAt: now, updatedAt: now });
      try {
        await manager.save(score);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppException.conflict(JURY_MESSAGES.alreadyScored, 'ALREADY_SCORED');
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
    const application = await this.applications.findOne({ where: { id: score.applicationId }, select: { id: true, userId: true } });
    if (application?.userId !== dto.sv_id) {
      throw AppException.badRequest('sv_id is not the application of this score.', { sv_id: 'sv_id is not the application of this score' });
    }
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
    if (!gates.afterJuryRelease) throw AppException.conflict(JURY_MESSAGES.notOpen(settings.timeline.juryReleaseDate), 'JURY_NOT_OPEN');
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed(JURY_MESSAGES.closed);
  }

  /** The caller's assignment of the applicant's application, locked on MySQL so a concurrent re-assignment cannot drop it under the new score. */
  private async lockAssignment(manager: EntityManager, teamLeaderId: number, studentVolunteerId: number): Promise<JuryAssignment | null> {
    const builder = manager
      .getRepository(JuryAssignment)
      .createQueryBuilder('ja')
      .innerJoin(Application, 'app', 'app.id = ja.application_id')
      .where('ja.team_leader_id = :teamLeaderId', { teamLeaderId })
      .andWhere('app.user_id = :studentVolunteerId', { studentVolunteerId })
      .andWhere('ja.edition_id = :editionId', { editionId: await this.settings.currentId() });
    if (isMysql(manager)) builder.setLock('pessimistic_write');
    return builder.getOne();
  }

  private view(score: Pick<JuryScore, 'id' | 'teamLeaderId' | 'essay1' | 'essay2' | 'essay3' | 'overall' | 'redFlag' | 'updatedAt'>, studentVolunteerId: number) {
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

/** 'D MMMM YYYY [at] HH:mm' in UTC (operations-area §9). */
export function formatUtc(iso: string): string {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  return `${date} at ${at.toISOString().slice(11, 16)} UTC`;
}
