import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type StatusState, isProfileComplete } from '@svp/domain';
import { SettingsService } from '../settings/settings.service.js';
import { profileOf } from '../users/profile.mapper.js';
import { User } from '../users/user.entity.js';
import { Application } from './application.entity.js';
import { statusOf } from './applications.service.js';

/** The administrators' dashboard figures of an edition's applications. */
@Injectable()
export class ApplicationStatisticsService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly settings: SettingsService,
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
    const submitters = new Set(
      applicants.some((u) => u.erasedAt)
        ? (await this.applications.find({ where: { completed: true }, select: { userId: true } })).map((a) => a.userId)
        : [],
    );
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
        // An erased account's profile is empty; it completed one if it ever submitted (docs/decisions.md, 'Erasure on request').
        profile_complete: applicants.filter((u) => (u.erasedAt ? submitters.has(u.id) : isProfileComplete(profileOf(u)))).length,
        started: number(totals?.total),
        completed: number(totals?.completed),
      },
    };
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
    return new Map(
      rows.map((row) => [row.day instanceof Date ? row.day.toISOString().slice(0, 10) : String(row.day).slice(0, 10), Number(row.count)]),
    );
  }
}
