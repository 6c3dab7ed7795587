import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { type ScoreRecord, calibratedAverages, disagreements, rawAverages, redFlagged, scoreDistribution } from '@svp/domain';
import { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import { JuryAssignment } from './jury-assignment.entity.js';

interface AssignmentRow {
  team_leader_id: number | string;
  application_id: number | string;
  student_volunteer_id: number | string;
}

interface ScoreRow extends AssignmentRow {
  essay1: number | string;
  essay2: number | string;
  essay3: number | string;
  overall: number | string;
  red_flag: number | string;
  updated_at: Date | string;
}

const round = (value: number | undefined) => (value === undefined ? null : Math.round(value * 1000) / 1000);

/** GET /jury/statistics: progress per team leader, red flags, strong disagreements and raw and calibrated averages. */
@Injectable()
export class JuryStatisticsService {
  constructor(
    @InjectRepository(JuryAssignment) private readonly assignments: Repository<JuryAssignment>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly settings: SettingsService,
  ) {}

  /** The current edition's jury, or an earlier one's (`edition`). */
  async statistics(requested?: unknown) {
    const editionId = (await this.settings.editionFor(requested)).id;
    const manager = this.assignments.manager;
    const assignmentRows = await manager.query<AssignmentRow[]>(
      `SELECT ja.team_leader_id AS team_leader_id, ja.application_id AS application_id, app.user_id AS student_volunteer_id
         FROM jury_assignments ja JOIN applications app ON app.id = ja.application_id
        WHERE ja.edition_id = ?`,
      [editionId],
    );
    const scoreRows = await manager.query<ScoreRow[]>(
      `SELECT s.team_leader_id AS team_leader_id, s.application_id AS application_id, app.user_id AS student_volunteer_id,
              s.essay1 AS essay1, s.essay2 AS essay2, s.essay3 AS essay3, s.overall AS overall, s.red_flag AS red_flag,
              s.updated_at AS updated_at
         FROM jury_scores s JOIN applications app ON app.id = s.application_id
        WHERE s.edition_id = ?`,
      [editionId],
    );
    const scores: ScoreRecord[] = scoreRows.map((row) => ({
      teamLeaderId: Number(row.team_leader_id),
      applicationId: Number(row.application_id),
      essay1: Number(row.essay1),
      essay2: Number(row.essay2),
      essay3: Number(row.essay3),
      overall: Number(row.overall),
      redFlag: Number(row.red_flag),
    }));

    const studentVolunteer = new Map<number, number>();
    for (const row of [...assignmentRows, ...scoreRows]) studentVolunteer.set(Number(row.application_id), Number(row.student_volunteer_id));
    const assignedTo = countBy(assignmentRows.map((row) => Number(row.team_leader_id)));
    const assignedApplication = countBy(assignmentRows.map((row) => Number(row.application_id)));
    const scoresBy = new Map<number, ScoreRecord[]>();
    for (const score of scores) scoresBy.set(score.teamLeaderId, [...(scoresBy.get(score.teamLeaderId) ?? []), score]);
    const lastActivity = new Map<number, number>();
    for (const row of scoreRows) {
      const id = Number(row.team_leader_id);
      lastActivity.set(id, Math.max(lastActivity.get(id) ?? 0, new Date(row.updated_at).getTime()));
    }

    // That edition's team leaders: an earlier edition keeps those it had (docs/decisions.md, 'Editions').
    const editionLeaders = await this.settings.teamLeaderIds(editionId);
    const leaderIds = new Set([...assignedTo.keys(), ...scoresBy.keys(), ...editionLeaders]);
    const leaders = leaderIds.size
      ? await this.users.find({ where: { id: In([...leaderIds]) }, order: { lastName: 'ASC', firstName: 'ASC', id: 'ASC' } })
      : [];
    const raw = rawAverages(scores);
    const calibrated = calibratedAverages(scores);
    const scoredApplication = countBy(scores.map((s) => s.applicationId));
    const applicationIds = [...new Set([...assignedApplication.keys(), ...scoredApplication.keys()])].sort((a, b) => a - b);

    return {
      overall: {
        teamLeaders: leaders.length,
        applications: applicationIds.length,
        assigned: assignmentRows.length,
        scored: scores.length,
      },
      teamLeaders: leaders.map((leader) => ({
        id: leader.id,
        name: `${leader.firstName} ${leader.lastName}`.trim(),
        email: leader.email,
        isTeamLeader: editionLeaders.has(leader.id),
        assigned: assignedTo.get(leader.id) ?? 0,
        scored: scoresBy.get(leader.id)?.length ?? 0,
        lastActivity: lastActivity.has(leader.id) ? new Date(lastActivity.get(leader.id)!).toISOString() : null,
        distribution: scoreDistribution(scoresBy.get(leader.id) ?? []),
      })),
      redFlagged: redFlagged(scores).map((flag) => ({ ...flag, studentVolunteerId: studentVolunteer.get(flag.applicationId) ?? null })),
      disagreements: disagreements(scores).map((d) => ({ ...d, studentVolunteerId: studentVolunteer.get(d.applicationId) ?? null })),
      references: await this.referenceFigures(editionId),
      applications: applicationIds.map((applicationId) => ({
        applicationId,
        studentVolunteerId: studentVolunteer.get(applicationId) ?? null,
        assigned: assignedApplication.get(applicationId) ?? 0,
        scored: scoredApplication.get(applicationId) ?? 0,
        rawAverage: round(raw.get(applicationId)),
        calibratedAverage: round(calibrated.get(applicationId)),
      })),
    };
  }

  /** How many references stand in each state, and the mean of the received ones' average ratings. */
  private async referenceFigures(editionId: number) {
    const rows = await this.assignments.manager.query<{ state: string; n: number | string; average: number | string | null }[]>(
      `SELECT r.state AS state, COUNT(*) AS n, AVG(r.average_rating) AS average
         FROM application_references r JOIN applications a ON a.id = r.application_id
        WHERE a.edition_id = ?
        GROUP BY r.state`,
      [editionId],
    );
    const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
    const average = rows.find((row) => row.state === 'received')?.average;
    return {
      requested: of('requested'),
      received: of('received'),
      declined: of('declined'),
      notReachable: of('not-reachable'),
      withdrawn: of('withdrawn'),
      averageRating: average === null || average === undefined ? null : Math.round(Number(average) * 100) / 100,
    };
  }
}

function countBy(ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
