import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  DEFAULT_TLS_PER_APP,
  type JuryApplication,
  type JuryAssignmentPlan,
  type JuryPair,
  type JuryTeamLeader,
  JuryAssignmentError,
  assignJury,
  assignmentLoads,
  juryPool,
  tlsPerAppProblem,
} from '@svp/domain';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { Clock } from '../clock/clock.js';
import { SettingsService } from '../settings/settings.service.js';
import { JuryAssignment } from './jury-assignment.entity.js';
import { JuryScore } from './jury-score.entity.js';
import { isMysql } from '../database/dialect.js';
import { NamedLocksService } from '../database/named-locks.service.js';

/** Rows per INSERT statement: well inside SQLite's and MySQL's limits on parameters and packet size. */
export const INSERT_CHUNK = 1000;

/** One assignment at a time across every server: a second would fight the first over the same rows. */
export const ASSIGNMENT_LOCK = 'jury-assignment';
/** How long the lock holds without renewal: a server that dies mid-assignment frees it after this. */
export const ASSIGNMENT_LEASE_MS = 60_000;

export const ASSIGNMENT_MESSAGES = {
  running: (holder: string, until: string) =>
    `An assignment is already running (${holder}). Wait for it to finish, then try again; ` +
    `if its server stopped, the lock lapses by ${until}.`,
} as const;

export interface AssignJuryOptions {
  tlsPerApp: number;
  reset?: boolean;
  seed?: number;
  avoidSameSchool?: boolean;
}

interface PoolRow {
  id: number | string;
  user_id: number | string;
  school: string | null;
}

/** The jury's inputs as they stand: team leaders with their schools, and the pool. */
interface JuryInputs {
  teamLeaders: JuryTeamLeader[];
  completed: number;
  pool: JuryApplication[];
}

/** Replaces the jury assignments in one transaction (keeping scored pairs unless told to reset), and previews the figure. */
@Injectable()
export class JuryAssignmentService {
  constructor(
    @InjectRepository(JuryAssignment) private readonly assignments: Repository<JuryAssignment>,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly locks: NamedLocksService,
    private readonly clock: Clock,
  ) {}

  /** GET /jury/preview: what an assignment with this many team leaders per application would give. */
  async preview(tlsPerApp = DEFAULT_TLS_PER_APP) {
    const editionId = await this.settings.currentId();
    const inputs = await this.inputs(this.assignments.manager, editionId);
    const scores = await this.assignments.manager.countBy(JuryScore, { editionId });
    const teamLeaders = inputs.teamLeaders.length;
    const loads = assignmentLoads(inputs.pool.length, teamLeaders, tlsPerApp);
    const n = loads.min;
    return {
      TLsPerApp: tlsPerApp,
      teamLeaders,
      completed: inputs.completed,
      applications: inputs.pool.length,
      appsPerTeamLeader: n,
      maxAppsPerTeamLeader: loads.max,
      scores,
      message: `This will assign ${n} apps per TL.`,
      problem: tlsPerAppProblem(tlsPerApp, teamLeaders, inputs.pool.length)?.message ?? null,
    };
  }

  /** POST /jury/assign-jury. */
  async assign(actor: AuthUser, options: AssignJuryOptions) {
    const { gates } = await this.settings.gates();
    if (gates.afterJuryDeadline) throw AppException.deadlinePassed('The jury deadline has passed; assignments can no longer change.');
    const lock = await this.locks.acquire(ASSIGNMENT_LOCK, `an assignment by user ${actor.id}`, ASSIGNMENT_LEASE_MS);
    if (!lock.acquired)
      throw AppException.conflict(
        ASSIGNMENT_MESSAGES.running(lock.held.holder, lock.held.leaseUntil.toISOString()),
        ErrorCode.AssignmentRunning,
      );
    const renewal = setInterval(
      () => void this.locks.renew(ASSIGNMENT_LOCK, lock.token, ASSIGNMENT_LEASE_MS).catch(() => undefined),
      ASSIGNMENT_LEASE_MS / 3,
    );
    renewal.unref();
    try {
      const editionId = await this.settings.currentId();
      return await this.assignments.manager.transaction((manager) => this.replaceAssignments(manager, actor, options, editionId));
    } finally {
      clearInterval(renewal);
      await this.locks.release(ASSIGNMENT_LOCK, lock.token).catch(() => undefined);
    }
  }

  /** Only the current edition's jury changes; an earlier edition's assignments and scores stay as they were. */
  private async replaceAssignments(manager: EntityManager, actor: AuthUser, options: AssignJuryOptions, editionId: number) {
    const started = Date.now();
    const reset = options.reset ?? false;
    const seed = options.seed ?? randomInt(2 ** 32);
    const avoidSameSchool = options.avoidSameSchool ?? true;
    const inputs = await this.inputs(manager, editionId);
    const before = {
      assignments: await manager.countBy(JuryAssignment, { editionId }),
      scores: await manager.countBy(JuryScore, { editionId }),
    };
    const scored = reset
      ? []
      : (await manager.getRepository(JuryScore).find({ where: { editionId }, select: { teamLeaderId: true, applicationId: true } })).map(
          ({ teamLeaderId, applicationId }): JuryPair => ({ teamLeaderId, applicationId }),
        );

    let plan: JuryAssignmentPlan;
    try {
      plan = assignJury({
        applications: inputs.pool,
        teamLeaders: inputs.teamLeaders,
        tlsPerApp: options.tlsPerApp,
        seed,
        kept: scored,
        avoidSameSchool,
      });
    } catch (error) {
      throw toAppException(error);
    }

    if (reset) {
      await manager.createQueryBuilder().delete().from(JuryScore).where('edition_id = :editionId', { editionId }).execute();
      await manager.createQueryBuilder().delete().from(JuryAssignment).where('edition_id = :editionId', { editionId }).execute();
    } else {
      // Every pair without a score goes; a scored pair keeps its assignment.
      await manager.query(
        'DELETE FROM jury_assignments WHERE edition_id = ? AND NOT EXISTS (SELECT 1 FROM jury_scores s ' +
          'WHERE s.team_leader_id = jury_assignments.team_leader_id AND s.application_id = jury_assignments.application_id)',
        [editionId],
      );
      // A score whose assignment went missing gets it back, so the team leader still sees it.
      const remaining = new Set(
        (
          await manager.getRepository(JuryAssignment).find({ where: { editionId }, select: { teamLeaderId: true, applicationId: true } })
        ).map((a) => `${a.teamLeaderId}:${a.applicationId}`),
      );
      await this.insertPairs(
        manager,
        editionId,
        scored.filter((pair) => !remaining.has(`${pair.teamLeaderId}:${pair.applicationId}`)),
      );
    }
    await this.insertPairs(manager, editionId, plan.added);

    const loads = plan.loads.map((l) => l.total);
    const counts = {
      TLsPerApp: options.tlsPerApp,
      reset,
      seed,
      avoidSameSchool,
      teamLeaders: inputs.teamLeaders.length,
      applications: inputs.pool.length,
      assigned: plan.added.length + plan.kept.length,
      added: plan.added.length,
      keptScores: scored.length,
      removedScores: reset ? before.scores : 0,
      appsPerTeamLeader: { min: loads.length ? Math.min(...loads) : 0, max: loads.length ? Math.max(...loads) : 0 },
      balanced: plan.balanced,
      sameSchool: plan.sameSchool,
    };
    await this.audit.record(actor, { action: 'jury.assign', entity: 'jury', before, after: counts }, manager);
    return { message: summary(counts), ...counts, durationMs: Date.now() - started };
  }

  /** Multi-row INSERTs of `INSERT_CHUNK` rows each: one statement per thousand pairs, not one per pair. */
  private async insertPairs(manager: EntityManager, editionId: number, pairs: readonly JuryPair[]): Promise<void> {
    if (!pairs.length) return;
    // The driver's own form of the instant, as TypeORM would write it, so the rows read back alike.
    const column = manager.connection.getMetadata(JuryAssignment).findColumnWithPropertyName('createdAt')!;
    const createdAt: unknown = manager.connection.driver.preparePersistentValue(this.clock.now(), column);
    for (let start = 0; start < pairs.length; start += INSERT_CHUNK) {
      const chunk = pairs.slice(start, start + INSERT_CHUNK);
      await manager.query(
        `INSERT INTO jury_assignments (edition_id, team_leader_id, application_id, created_at) ` +
          `VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((pair) => [editionId, pair.teamLeaderId, pair.applicationId, createdAt]),
      );
    }
  }

  /** Team leaders (users with the role) with the school of their own application, and the pool (docs/decisions.md). */
  private async inputs(manager: EntityManager, editionId: number): Promise<JuryInputs> {
    const school = isMysql(manager) ? "JSON_UNQUOTE(JSON_EXTRACT(a.data, '$.schoolName'))" : "json_extract(a.data, '$.schoolName')";
    const leaders = await manager.query<{ id: number | string; school: string | null }[]>(
      `SELECT u.id AS id, ${school} AS school FROM users u LEFT JOIN applications a ON a.user_id = u.id AND a.edition_id = ? ` +
        `WHERE u.role = ? ORDER BY u.id`,
      [editionId, 'Team-Leader'],
    );
    const completed = await manager.query<PoolRow[]>(
      `SELECT a.id AS id, a.user_id AS user_id, ${school} AS school FROM applications a WHERE a.edition_id = ? AND a.completed = ? ` +
        `ORDER BY a.id`,
      [editionId, 1],
    );
    const teamLeaders = leaders.map((row) => ({ id: Number(row.id), school: textOrNull(row.school) }));
    const candidates = completed.map((row) => ({
      id: Number(row.id),
      ownerId: Number(row.user_id),
      school: textOrNull(row.school),
      completed: true,
    }));
    const pool = juryPool(
      candidates,
      teamLeaders.map((t) => t.id),
    ).map(({ id, ownerId, school: name }) => ({ id, ownerId, school: name }));
    return { teamLeaders, completed: completed.length, pool };
  }
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== 'null' ? value : null;
}

function summary(counts: {
  applications: number;
  teamLeaders: number;
  TLsPerApp: number;
  appsPerTeamLeader: { min: number; max: number };
  keptScores: number;
  removedScores: number;
  reset: boolean;
}): string {
  const { min, max } = counts.appsPerTeamLeader;
  const perLeader = min === max ? `${min}` : `${min}–${max}`;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const scores = counts.reset
    ? `Removed ${plural(counts.removedScores, 'score')}.`
    : `Kept ${plural(counts.keptScores, 'score')} already given.`;
  return (
    `Assigned ${plural(counts.applications, 'application')} to ${plural(counts.teamLeaders, 'team leader')}, ${counts.TLsPerApp} ` +
    `each: ${perLeader} apps per TL. ${scores}`
  );
}

function toAppException(error: unknown): unknown {
  if (!(error instanceof JuryAssignmentError)) return error;
  if (error.code === 'INVALID_TLS_PER_APP' || error.code === 'TOO_FEW_TEAM_LEADERS')
    return AppException.badRequest(error.message, { TLsPerApp: error.message });
  return AppException.conflict(error.message, error.code);
}
